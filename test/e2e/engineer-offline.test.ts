import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, londonDay } from '../../src/rules/uk-time';
import { makeJpeg } from '../support/make-photo';
import { browserSuite, DESKTOP, PHONE } from './browser';
import { mailFor, sendQuote, waitForMail } from './leads-helpers';
import { queryLocalD1 } from './local-d1';
import { device, localUrl, signInWithToken } from './passkey-helpers';
import { sign } from './signature-helpers';

/**
 * The engineer's day without signal (issue 50), in the browser at 375 px: the engineer opens
 * their job with signal (the admin's service worker takes the page), loses the signal (the
 * DevTools protocol's network emulation), writes notes, answers the checklist, takes a photo and
 * has the customer sign, and the page says "4 items waiting to send"; the job page still opens
 * from the phone while offline; once the signal is back each item is stored once (the local D1),
 * the owner sees them on the lead page, and the customer in the report on their /r/ page.
 * Screenshots go to test-results/engineer-offline (or SHOTS_DIR).
 */

const suite = browserSuite('engineer-offline');
const t = crypto.randomUUID().slice(0, 6);
/** Tomorrow on the UK calendar (not 24 hours on, which near midnight with a clock change between lands a day out). */
const tomorrow = () => addDays(londonDay(Date.now()), 1);
const customerEmail = `offline.${t}@example.org`;
const SERVICE = 'cctv-drain-survey';
const CHECKLIST = [
  { id: 'pipe-material', text: 'Pipe material', type: 'choice', choices: ['Clay', 'PVC', 'Pitch fibre'], forCustomer: true },
];

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: suite.shot(`${name}-375.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: suite.shot(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize(PHONE);
}

const offline = (cdp: CDPSession, off: boolean) =>
  cdp.send('Network.emulateNetworkConditions', { offline: off, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

const count = (table: string, leadId: string) =>
  queryLocalD1<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE lead_id = '${leadId}'`)[0]?.n ?? 0;

/** The customer's own page (/r/…), from the first of their e-mails that links it (the booking's). */
async function customerLink(): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const texts = (await mailFor(customerEmail, 'customer')).map((mail) =>
      mail.body.content.map((part) => part.value).join('\n'),
    );
    const link = texts.map((text) => /\/r\/[\w.~-]+/.exec(text)?.[0]).find(Boolean);
    if (link || Date.now() > deadline) return link ?? '';
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('an engineer’s job without signal, on a phone', () => {
  it('keeps what is made offline on the phone and sends each item once when the signal returns', async () => {
    // The owner writes the survey's checklist, invites an engineer and gives them tomorrow's survey.
    queryLocalD1(
      `INSERT OR REPLACE INTO checklist_templates (service, questions, version, updated_at) VALUES ('${SERVICE}', '${JSON.stringify(CHECKLIST)}', 1, ${Date.now()})`,
    );
    const owner = await device(suite.browser, { viewport: PHONE });
    await signInWithToken(owner.page, '/admin/people');
    const engineerName = `Olly Offline ${t}`;
    await owner.page.fill('#name', engineerName);
    await owner.page.fill('#email', `engineer.offline.${t}@example.org`);
    await owner.page.selectOption('#role', 'engineer');
    await owner.page.click('text=Send invitation');
    await owner.page.waitForURL((url) => url.search === '?notice=invited');
    const [invitation] = await waitForMail(`engineer.offline.${t}@example.org`, 'customer');
    const invite = /\/admin\/invite\/[\w-]{43}/.exec(invitation!.body.content.map((part) => part.value).join('\n'))![0];
    const engineer = await device(suite.browser, { viewport: PHONE });
    await engineer.page.goto(`${localUrl()}${invite}`);
    await engineer.page.click('text=Add a passkey and sign in');
    await engineer.page.waitForURL((url) => url.pathname === '/admin/schedule');

    const customer = `Sam Survey ${t}`;
    await sendQuote({
      name: customer,
      email: customerEmail,
      phone: '07700 900777',
      address: '3 Cellar Row, Poole BH15 1AB',
      details: 'Survey of the drain under the cellar.',
      service: SERVICE,
    });
    await owner.page.goto(`${localUrl()}/admin/leads`);
    await owner.page.click(`text=${customer}`);
    const leadPath = new URL(owner.page.url()).pathname;
    const leadId = leadPath.split('/').pop()!;
    await owner.page.click('summary:has-text("Book a visit")');
    await owner.page.selectOption('#book-person', { label: `${engineerName} (engineer)` });
    await owner.page.fill('#book-day', tomorrow());
    await owner.page.check('input[name=window][value="08-10"]');
    await owner.page.click('form:has(input[value=booked]) button[type=submit]:has-text("Book a visit")');
    await expect.poll(() => owner.page.textContent('.lead-booking')).toContain('8am to 10am');

    // With signal, the engineer opens the job: the admin's service worker takes the page and keeps it.
    const { page } = engineer;
    // The job's own sheet (issue 57); its old address leads there.
    const sheetPath = leadPath.replace('/admin/leads/', '/admin/jobs/');
    await page.goto(`${localUrl()}${leadPath}`);
    await page.waitForURL((url) => url.pathname === sheetPath);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await caches.open('engineer-day')).keys().then((keys) => keys.map((key) => new URL(key.url).pathname)),
        ),
      )
      .toContain(sheetPath);

    // In the cellar: no signal.
    const cdp = await engineer.context.newCDPSession(page);
    await offline(cdp, true);
    await page.fill('#note-found', `Root ingress at 4 m ${t}`);
    await page.fill('#note-done', 'Jetted and cleared the run.');
    await page.click('button:has-text("Save notes")');
    await expect.poll(() => page.textContent('.site-queue')).toContain('1 item waiting to send');
    // The notes stay in their boxes, marked as waiting beside their form (issue 57).
    expect(await page.inputValue('#note-found')).toBe(`Root ingress at 4 m ${t}`);
    await expect.poll(() => page.textContent('form[data-site-form="notes"] [data-site-waiting]')).toBe('Waiting to send');

    await page.selectOption('#question-pipe-material', 'Clay');
    await page.click('.site-form--question button:has-text("Save answer")');
    await expect.poll(() => page.textContent('.site-queue')).toContain('2 items waiting to send');
    // The answer stays showing, as ticked.
    expect(await page.inputValue('#question-pipe-material')).toBe('Clay');

    const photo = await makeJpeg(page, 4000, 3000, 'Cleared run', 0.92);
    await page.setInputFiles('#site-file', { name: 'PXL_cellar.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.check('input[name=stage][value=after]');
    await page.click('form:has(#site-file) button:has-text("Send")');
    await expect.poll(() => page.textContent('.site-queue')).toContain('3 items waiting to send');

    await sign(page);
    await expect.poll(() => page.textContent('.signature-pad')).toContain('Signed.');
    await page.fill('#site-typed-name', `Sam Survey ${t}`);
    await page.click('button:has-text("Save signature")');
    await expect.poll(() => page.textContent('.site-queue')).toContain('4 items waiting to send');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shoot(page, 'waiting');
    // Nothing has reached the server.
    for (const table of ['site_notes', 'site_answers', 'site_media', 'site_signatures'])
      expect(count(table, leadId), table).toBe(0);

    // The job page opens again from the phone, still without signal, the items still waiting: the
    // whole context offline too, so the service worker's own fetch finds no network either.
    await engineer.context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.textContent('.site-queue')).toContain('4 items waiting to send');
    expect(await page.textContent('h1')).toBe(customer);

    // The signal returns: everything is sent, in order, each once.
    await engineer.context.setOffline(false);
    await offline(cdp, false);
    await expect.poll(() => page.locator('.site-queue__waiting').count(), { timeout: 45_000, interval: 500 }).toBe(0);
    for (const table of ['site_notes', 'site_answers', 'site_media', 'site_signatures'])
      expect(count(table, leadId), table).toBe(1);
    const [media] = queryLocalD1<{ bytes: number; stage: string }>(
      `SELECT bytes, stage FROM site_media WHERE lead_id = '${leadId}'`,
    );
    // Drawn smaller on the phone, as the customers' forms do.
    expect(media!.stage).toBe('after');
    expect(media!.bytes).toBeLessThan(photo.length / 2);
    const [signature] = queryLocalD1<{ typed_name: string; key: string | null }>(
      `SELECT typed_name, key FROM site_signatures WHERE lead_id = '${leadId}'`,
    );
    expect(signature).toEqual({ typed_name: `Sam Survey ${t}`, key: expect.any(String) });
    expect(
      queryLocalD1<{ order: string }>(
        `SELECT group_concat(kind, ',') AS "order" FROM (SELECT 'note' AS kind, created_at FROM site_notes WHERE lead_id = '${leadId}' UNION ALL SELECT 'answer', created_at FROM site_answers WHERE lead_id = '${leadId}' UNION ALL SELECT 'media', created_at FROM site_media WHERE lead_id = '${leadId}' UNION ALL SELECT 'signature', created_at FROM site_signatures WHERE lead_id = '${leadId}' ORDER BY created_at)`,
      )[0]?.order,
    ).toBe('note,answer,media,signature');
    await shoot(page, 'sent');

    // The owner sees it all on the lead page.
    await owner.page.goto(`${localUrl()}${leadPath}`);
    const ownerView = (await owner.page.textContent('main')) ?? '';
    for (const shown of [`Root ingress at 4 m ${t}`, 'Jetted and cleared the run.', 'Clay', `Sam Survey ${t}`]) {
      expect(ownerView, shown).toContain(shown);
    }

    // The engineer taps "Arrived", then finishes (in that order); the customer's report page (under their link) shows it.
    await page.click('button:has-text("Arrived")');
    await expect.poll(() => count('site_events', leadId), { timeout: 20_000, interval: 1000 }).toBe(1);
    await page.click('button:has-text("Finished")');
    await expect.poll(() => count('site_events', leadId), { timeout: 20_000, interval: 1000 }).toBe(2);
    // The customer's own page: the link their booking e-mail brought.
    const link = await customerLink();
    expect(link).toMatch(/^\/r\//);
    const report = await owner.context.newPage();
    await report.goto(`${localUrl()}${link}/report`);
    const reportText = (await report.textContent('main')) ?? '';
    for (const shown of [`Root ingress at 4 m ${t}`, 'Clay', `Sam Survey ${t}`]) expect(reportText, shown).toContain(shown);
    await shoot(report, 'report');

    await owner.context.close();
    await engineer.context.close();
  }, 180_000);
});
