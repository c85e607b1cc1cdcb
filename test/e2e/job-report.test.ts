import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, londonDay, ukWallClockToUtc } from '../../src/rules/uk-time';
import { makeJpeg } from '../support/make-photo';
import { pdfPageCount, pdfText } from '../support/pdf-text';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, DESKTOP, PHONE } from './browser';
import { sendQuote, waitForMail } from './leads-helpers';
import { queryLocalD1 } from './local-d1';

/**
 * The customer's job report printed (issue 57): a job given to an engineer, worked yesterday from
 * 9:05am to 11:20am with notes, a checklist, five photos and a signature; the owner's photo
 * chooser says truthfully which photos are in the report; the customer's report page, printed to
 * PDF by Chromium on A4, is at most two pages and its text holds the property's address, the
 * engineer's name and the time on site. Screenshots go to test-results/job-report (or SHOTS_DIR).
 */

const suite = browserSuite('job-report');
const t = crypto.randomUUID().slice(0, 6);
const SERVICE = 'cctv-drain-survey';
const CHECKLIST = [
  { id: 'pipe-material', text: 'Pipe material', type: 'choice', choices: ['Clay', 'PVC'], forCustomer: true },
  { id: 'pipe-size', text: 'Pipe size', type: 'choice', choices: ['100 mm', '150 mm'], forCustomer: true },
  { id: 'gate-code', text: 'Gate code', type: 'text', forCustomer: false },
];
const customerEmail = `report.${t}@example.org`;
const address = `14 Harbour View Road, Poole BH14 ${t.slice(0, 1).replace(/\D/, '8')}QX`;
const engineerName = `Pat Report ${t}`;

/** Yesterday at this time on a UK clock, as a phone that tapped then sends it (taken_at). */
function yesterdayAt(hour: number, minute: number): string {
  const [y, m, d] = addDays(londonDay(Date.now()), -1).split('-').map(Number) as [number, number, number];
  return String(ukWallClockToUtc(Date.UTC(y, m - 1, d, hour, minute)));
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: suite.shot(`${name}-375.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: suite.shot(`${name}-1280.png`), fullPage: true });
}

/** What each of the photo chooser's labels reads on screen (the words the styles leave showing). */
const labelsShown = (page: Page) =>
  page
    .locator('.site-media__label')
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered words are the point (textContent holds both).
    .evaluateAll((labels) => labels.map((label) => (label as HTMLElement).innerText.trim()));

describe('the job report printed', () => {
  it('is at most two A4 pages holding the address, the engineer and the time on site', async () => {
    queryLocalD1(
      `INSERT OR REPLACE INTO checklist_templates (service, questions, version, updated_at) VALUES ('${SERVICE}', '${JSON.stringify(CHECKLIST)}', 1, ${Date.now()})`,
    );
    queryLocalD1(
      `INSERT INTO people (name, email, role, created_at) VALUES ('${engineerName}', 'pat.${t}@example.org', 'engineer', ${Date.now()})`,
    );
    await sendQuote({
      name: `Jo Harbour ${t}`,
      email: customerEmail,
      phone: '07700 900321',
      address,
      details: 'A survey of the drain before we buy.',
      service: SERVICE,
    });
    const [lead] = queryLocalD1<{ id: string }>(`SELECT id FROM leads WHERE email = '${customerEmail}'`);
    const leadPath = `/admin/leads/${lead!.id}`;

    // The owner books it for the engineer, for tomorrow.
    const owner = await signedInAdmin(suite.browser, leadPath);
    const { page } = owner;
    await page.click('summary:has-text("Book a visit")');
    await page.selectOption('#book-person', { label: `${engineerName} (engineer)` });
    await page.fill('#book-day', addDays(londonDay(Date.now()), 1));
    await page.check('input[name=window][value="08-10"]');
    await page.click('form:has(input[value=booked]) button[type=submit]:has-text("Book a visit")');
    await expect.poll(() => page.textContent('.lead-booking'), { timeout: 15_000 }).toContain('8am to 10am');

    // What was sent from site (posted as the sheet posts it; the owner may add to any job).
    const csrf = (await page.getAttribute('input[name=_csrf]', 'value'))!;
    const send = async (item: string, fields: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) => {
      const res = await page.request.post(`${baseUrl()}${leadPath}/site/${item}`, {
        headers: { Origin: baseUrl(), Accept: 'application/json' },
        multipart: { _csrf: csrf, item_key: crypto.randomUUID(), ...fields },
      });
      expect(res.status(), `${item}: ${await res.text()}`).toBe(200);
    };
    const painter = await suite.browser.newPage();
    const photo = async (label: string) => ({
      name: `${label}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(painter, 1200, 900, label),
    });
    await send('arrived', { taken_at: yesterdayAt(9, 5) });
    await send('notes', {
      found:
        'A displaced joint at 6 m from the inspection chamber, with roots coming through it. The rest of the run is clay in fair condition.',
      done: 'Surveyed 18 m of the main run with the camera, jetted the roots out at 6 m and surveyed again.',
      recommended: 'A patch liner at 6 m within the next year, before the roots return.',
    });
    await send('media', { stage: 'before', file: await photo('Before') });
    for (const n of [1, 2, 3, 4]) await send('media', { stage: 'after', file: await photo(`After ${n}`) });
    await painter.close();
    await send('checklist', { question: 'pipe-material', answer: 'Clay' });
    await send('checklist', { question: 'pipe-size', answer: '100 mm' });
    await send('checklist', { question: 'gate-code', answer: `Gate ${t}` });
    await send('signature', {
      signature: { name: 'signature.png', mimeType: 'image/png', buffer: await signaturePng(suite.browser) },
      typed_name: `Jo Harbour ${t}`,
      taken_at: yesterdayAt(11, 15),
    });
    await send('finished', { taken_at: yesterdayAt(11, 20) });

    // The owner's photo chooser: the after photos are in unless unticked, and each label says so.
    await page.reload();
    expect(await labelsShown(page)).toEqual([
      'Before: not in the report',
      'After: in the report',
      'After: in the report',
      'After: in the report',
      'After: in the report',
    ]);
    await page.locator('.site-media__label input').nth(4).uncheck();
    expect((await labelsShown(page))[4]).toBe('After: not in the report');
    await page.click('button:has-text("Save the report’s photos")');
    await expect.poll(async () => (await labelsShown(page)).filter((label) => label.endsWith(': in the report')).length).toBe(3);
    await page.locator('.site-media').scrollIntoViewIfNeeded();
    await expect
      .poll(
        () =>
          page
            .locator('.site-media__picture')
            .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth)),
        { timeout: 10_000 },
      )
      .toEqual([1200, 1200, 1200, 1200, 1200]);
    await page.locator('#on-site').screenshot({ path: suite.shot('owner-chooser.png') });
    await owner.context.close();

    // The customer opens the report from the e-mail that says what it holds.
    const [mail] = await waitForReportMail();
    const text = mail!.body.content.map((part) => part.value).join('\n');
    expect(text).toContain('it holds our notes, 4 photos, the checklist and your signature');
    const link = /https?:\/\/[^\s"]+\/r\/[\w.~-]+\/report/.exec(text)![0];
    const customer = await suite.browser.newContext({
      viewport: PHONE,
      extraHTTPHeaders: { 'CF-Connecting-IP': `2001:db8:57::${t.slice(0, 4)}` },
    });
    const report = await customer.newPage();
    const scripts: string[] = [];
    report.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await report.goto(`${baseUrl()}${new URL(link).pathname}`, { waitUntil: 'load' });
    expect(await report.locator('.report-doc__photo').count()).toBe(3);
    expect(
      await report
        .locator('.report-doc__photo')
        .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
    ).toBe(true);
    expect(scripts).toEqual([]);
    expect(await report.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shoot(report, 'report');
    // As the paper shows it (A4 less 10 mm margins is 718 CSS pixels wide), for a person to look at.
    await report.emulateMedia({ media: 'print' });
    await report.setViewportSize({ width: 718, height: 1086 });
    await report.screenshot({ path: suite.shot('report-print.png'), fullPage: true });

    // Printed to PDF on A4, as the browser's Print does.
    const pdf = await report.pdf({ format: 'A4', margin: { top: '10mm', bottom: '10mm', left: '10mm', right: '10mm' } });
    writeFileSync(suite.shot('report.pdf'), pdf);
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
    const printed = pdfText(pdf).replace(/\s+/g, ' ');
    for (const shown of [
      address,
      engineerName,
      '9:05am to 11:20am',
      'Pipe material',
      'Clay',
      `Signed by Jo Harbour ${t} at 11:15am`,
    ]) {
      expect(printed, shown).toContain(shown);
    }
    // None of the site around it, nor what the customer was not meant to see.
    for (const hidden of [`Gate ${t}`, 'Skip to content', 'Back to your page', 'Privacy'])
      expect(printed, hidden).not.toContain(hidden);

    // Their page says what the report holds and links it.
    await report.emulateMedia({ media: 'screen' });
    await report.goto(`${baseUrl()}${new URL(link).pathname.replace(/\/report$/, '')}`);
    expect(await report.textContent('#report')).toContain(
      'Your report holds our notes, 3 photos, the checklist and your signature.',
    );
    await shoot(report, 'their-page');
    await customer.close();
  }, 120_000);
});

/** The customer's report e-mail (sent once "Finished" is stored). */
async function waitForReportMail() {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = (await waitForMail(customerEmail, 'customer')).filter((mail) =>
      mail.body.subject.startsWith('Your job report'),
    );
    if (mails.length > 0 || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A signature as the pad draws one: a PNG of a stroke, from Chromium's canvas. */
async function signaturePng(browser: import('playwright-core').Browser): Promise<Buffer> {
  const page = await browser.newPage();
  const bytes = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(600, 200);
    const ctx = canvas.getContext('2d')!;
    ctx.lineWidth = 4;
    ctx.beginPath();
    ctx.moveTo(40, 150);
    ctx.bezierCurveTo(140, 20, 220, 190, 320, 80);
    ctx.bezierCurveTo(380, 20, 460, 170, 560, 60);
    ctx.stroke();
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  await page.close();
  return Buffer.from(bytes);
}
