import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayWords } from '../../src/rules/job-status';
import { addDays, londonDay } from '../../src/rules/uk-time';
import { browserSuite, DESKTOP, PHONE } from './browser';
import { sendQuote as sendQuoteAs, waitForMail } from './leads-helpers';
import { device, localUrl, signInWithToken } from './passkey-helpers';

/**
 * Jobs given to an engineer (issue 37), in the browser at 375 px: the owner invites an engineer,
 * who signs up with a passkey on their phone and lands on their schedule; the owner books a job
 * for tomorrow with them as "Who goes" (and is warned of a clash, and goes on); the engineer sees
 * it on their week, opens it and sees the visit's details without the e-mail, and is refused the
 * inbox; the owner's inbox says who goes on each booked row. Screenshots at 375 and 1280 px go to test-results/job-assignment (or SHOTS_DIR).
 */

const suite = browserSuite('job-assignment');

const t = crypto.randomUUID().slice(0, 6);
/** Tomorrow on the UK calendar (not 24 hours on, which near midnight with a clock change between lands a day out). */
const tomorrow = () => addDays(londonDay(Date.now()), 1);

const sendQuote = (name: string) =>
  sendQuoteAs({
    name,
    email: `assign.${t}@example.org`,
    phone: '07700 900654',
    address: '9 Quay Street, Poole BH15 1HF',
    details: 'Manhole lifting in the yard.',
    service: 'drain-unblocking',
  });

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: suite.shot(`${name}-375.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: suite.shot(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize(PHONE);
}

async function book(page: Page, leadName: string, person: string, window: string) {
  await page.goto(`${localUrl()}/admin/leads`);
  await page.click(`text=${leadName}`);
  await page.click('summary:has-text("Book a visit")');
  await page.selectOption('#book-person', { label: person });
  await page.fill('#book-day', tomorrow());
  await page.check(`input[name=window][value="${window}"]`);
  await page.click('form:has(input[value=booked]) button[type=submit]:has-text("Book a visit")');
}

describe('an engineer’s jobs, on a phone', () => {
  it('the owner gives a job to an engineer, who sees it on their schedule and nothing else', async () => {
    const owner = await device(suite.browser, { viewport: PHONE });
    await signInWithToken(owner.page, '/admin/people');
    const email = `engineer.${t}@example.org`;
    const engineerName = `Ellie Engineer ${t}`;
    await owner.page.fill('#name', engineerName);
    await owner.page.fill('#email', email);
    await owner.page.selectOption('#role', 'engineer');
    await owner.page.click('text=Send invitation');
    await owner.page.waitForURL((url) => url.search === '?notice=invited');
    await shoot(owner.page, 'people');

    const [mail] = await waitForMail(email, 'customer');
    const text = mail!.body.content.map((part) => part.value).join('\n');
    expect(text).toContain('as an engineer (the jobs given to you)');
    const invite = /\/admin\/invite\/[\w-]{43}/.exec(text)![0];
    const engineer = await device(suite.browser, { viewport: PHONE });
    await engineer.page.goto(`${localUrl()}${invite}`);
    await engineer.page.click('text=Add a passkey and sign in');
    // Their first page is their schedule, not the dashboard.
    await engineer.page.waitForURL((url) => url.pathname === '/admin/schedule');

    const first = `Jane Smith ${t}`;
    const second = `Second Job ${t}`;
    await sendQuote(first);
    await sendQuote(second);
    const person = `${engineerName} (engineer)`;
    await book(owner.page, first, person, '12-14');
    await expect.poll(() => owner.page.textContent('.lead-booking')).toContain(dayWords(tomorrow()));
    expect(await owner.page.textContent('.lead-assign__who')).toBe(`Who goes: ${engineerName}`);

    // The same engineer at the same time: warned, the clash named, and booked on "Book anyway".
    await book(owner.page, second, person, '12-14');
    const warning = owner.page.locator('.lead-overlap');
    await expect
      .poll(() => warning.textContent())
      .toContain(`This overlaps ${first}’s job, 12pm to 2pm on ${dayWords(tomorrow())}`);
    await shoot(owner.page, 'overlap-warning');
    await owner.page.click('button:has-text("Book anyway")');
    await owner.page.waitForURL(/notice=booked$/);

    // The owner's inbox says who goes on each booked row, and the row keeps to the screen's width.
    await owner.page.goto(`${localUrl()}/admin/leads?q=${encodeURIComponent(t)}`);
    const row = owner.page.locator('.inbox-row', { hasText: first });
    expect(await row.locator('.inbox-row__goes').textContent()).toBe(`Who goes: ${engineerName}`);
    for (const viewport of [PHONE, DESKTOP]) {
      await owner.page.setViewportSize(viewport);
      expect(await owner.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await owner.page.setViewportSize(PHONE);
    await shoot(owner.page, 'inbox');

    await engineer.page.goto(`${localUrl()}/admin/schedule`);
    if ((await engineer.page.locator(`#day-${tomorrow()}`).count()) === 0) await engineer.page.click('a[rel=next]');
    const day = engineer.page.locator('.schedule-day', { has: engineer.page.locator(`#day-${tomorrow()}`) });
    const job = day.locator('.schedule-job', { hasText: first });
    expect(await job.textContent()).toContain('12pm to 2pm');
    expect((await job.locator('a').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await engineer.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shoot(engineer.page, 'engineer-schedule');

    await job.locator('a').click();
    await engineer.page.waitForURL(/\/admin\/jobs\//);
    const main = (await engineer.page.textContent('main')) ?? '';
    expect(main).toContain('9 Quay Street, Poole BH15 1HF');
    expect(main).toContain('07700 900654');
    expect(main).toContain('Manhole lifting in the yard.');
    expect(main).not.toContain('@example.org');
    expect(main).not.toContain('Timeline');
    // The job sheet (issues 50 and 57), and it still fits the phone: the taps' next steps (On my
    // way, or Arrived straight away), the notes, a photo, the signature and "Customer not present".
    expect(await engineer.page.locator('form[data-site-item]').count()).toBeGreaterThanOrEqual(6);
    for (const button of ['On my way', 'Arrived', 'Save notes', 'Save signature'])
      expect(await engineer.page.locator(`form[data-site-item] button:has-text("${button}")`).count(), button).toBe(1);
    expect(await engineer.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shoot(engineer.page, 'engineer-job');

    const inbox = await engineer.page.goto(`${localUrl()}/admin/leads`);
    expect(inbox!.status()).toBe(403);
    expect(await engineer.page.locator('h1').textContent()).toBe('This page is not part of your jobs');
    await owner.context.close();
    await engineer.context.close();
  }, 120_000);
});
