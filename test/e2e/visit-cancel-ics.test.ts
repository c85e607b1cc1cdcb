import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, londonDay } from '../../src/rules/uk-time';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, DESKTOP, PHONE } from './browser';
import { sendQuote as sendQuoteAs, waitForMail } from './leads-helpers';
import { queryLocalD1 } from './local-d1';

/**
 * A visit booked for tomorrow, cancelled by the customer: their "Cancelled" e-mail (rendered as a
 * mail app shows its HTML) says the attached file takes it out of their calendar, and the lead's
 * e-mails list "Cancellation to the customer". The "Mark lost" form of a booked lead says the
 * customer is told; so does the confirmation of erasing a lead booked for tomorrow, whose customer
 * gets the same cancellation. One such cancellation given up is a notice on the dashboard until
 * "Dealt with". Screenshots at 375 and 1280 px go to test-results/visit-cancel-ics (or SHOTS_DIR).
 */

const suite = browserSuite('visit-cancel-ics');

const t = crypto.randomUUID().slice(0, 6);
const name = `Ines Calendar ${t}`;
const email = `ines.${t}@example.org`;
const erasedName = `Enzo Calendar ${t}`;
const erasedEmail = `enzo.${t}@example.org`;
/** Tomorrow on the UK calendar (not 24 hours on, which near midnight with a clock change between lands a day out). */
const ukTomorrow = () => addDays(londonDay(Date.now()), 1);
const address = () => `2001:db8:e34::${crypto.randomUUID().slice(0, 4)}`;

const sendQuote = (who = { name, email }) =>
  sendQuoteAs({
    ...who,
    phone: '07700 900456',
    address: '9 Pine Walk, Ferndown BH22 9AB',
    details: 'Outside drain overflowing.',
    service: 'drain-unblocking',
  });

async function customerMail(subject: string, to = email) {
  for (let i = 0; i < 50; i++) {
    const mail = (await waitForMail(to, 'customer')).find((found) => found.body.subject.startsWith(subject));
    if (mail) return mail.body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no "${subject}" e-mail`);
}

/** Books the lead open on this page for tomorrow, 10am to 12pm. */
async function bookTomorrow(owner: Page) {
  await owner.click('summary:has-text("Book a visit")');
  await owner.fill('#book-day', ukTomorrow());
  await owner.check('input[name=window][value="10-12"]');
  await owner.click('form:has(input[value=booked]) button[type=submit]');
  // Another browser test may have booked the owner for the same window tomorrow: the overlap
  // warning's "Book anyway" books this one all the same.
  const overlapShown = () =>
    owner
      .locator('.lead-overlap')
      .count()
      .catch(() => 0);
  await expect.poll(async () => /notice=booked$/.test(owner.url()) || (await overlapShown()) > 0, { timeout: 30_000 }).toBe(true);
  if (!/notice=booked$/.test(owner.url())) await owner.click('button:has-text("Book anyway")');
  await owner.waitForURL(/notice=booked$/);
}

describe('a visit booked for tomorrow, cancelled', () => {
  it('e-mails the customer a cancellation with its calendar file, listed on the lead', async () => {
    await sendQuote();
    const { page: owner } = await signedInAdmin(suite.browser, '/admin/leads', { viewport: PHONE });
    await owner.waitForURL(/\/admin\/leads$/);
    await owner.click(`text=${name}`);
    const leadUrl = owner.url();
    await bookTomorrow(owner);
    await owner.click('summary:has-text("Mark lost")');
    const hint = owner.locator('form:has(input[value=lost]) .lead-form__hint');
    expect(await hint.textContent()).toContain('the customer is e-mailed that it is cancelled');
    await owner.locator('form:has(input[value=lost])').screenshot({ path: suite.shot('lost-form-375.png') });

    const booking = await customerMail('Booked');
    const link = /https?:\/\/[^\s]+\/r\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.exec(booking.content[0]!.value)![0];
    const customer = await (
      await suite.browser.newContext({
        viewport: PHONE,
        javaScriptEnabled: false,
        extraHTTPHeaders: { 'CF-Connecting-IP': address() },
      })
    ).newPage();
    await customer.goto(`${baseUrl()}${new URL(link).pathname}/cancel`);
    await customer.click('button:has-text("Yes, cancel the visit")');
    await customer.waitForURL(/\?done=cancel$/);

    const cancel = (await customerMail('Cancelled')) as Omit<Awaited<ReturnType<typeof customerMail>>, 'content'> & {
      content: { type: string; value: string }[];
      attachments?: { filename: string; type: string }[];
    };
    expect(cancel.attachments?.map((file) => file.type)).toEqual(['text/calendar; method=CANCEL']);
    const html = cancel.content.find((part) => part.type === 'text/html')!.value;
    const mail: Page = await (await suite.browser.newContext({ viewport: PHONE, javaScriptEnabled: false })).newPage();
    await mail.setContent(html);
    expect(await mail.textContent('body')).toContain('The attached file takes the visit out of your calendar.');
    await mail.screenshot({ path: suite.shot('email-375.png'), fullPage: true });
    await mail.setViewportSize(DESKTOP);
    await mail.screenshot({ path: suite.shot('email-1280.png'), fullPage: true });

    await owner.goto(leadUrl);
    const row = owner.locator('.admin-lead__email', { hasText: 'Cancellation to the customer' });
    expect(await row.locator('.admin-badge').textContent()).toBe('Sent');
    await row.scrollIntoViewIfNeeded();
    await owner.screenshot({ path: suite.shot('lead-emails-375.png') });
    await owner.setViewportSize(DESKTOP);
    await owner.screenshot({ path: suite.shot('lead-1280.png'), fullPage: true });
  });

  it('erasing the lead e-mails the customer the same cancellation, as its confirmation says', async () => {
    await sendQuote({ name: erasedName, email: erasedEmail });
    const { page: owner } = await signedInAdmin(suite.browser, '/admin/leads', { viewport: PHONE });
    await owner.waitForURL(/\/admin\/leads$/);
    await owner.click(`text=${erasedName}`);
    const leadUrl = owner.url();
    await bookTomorrow(owner);
    await owner.goto(`${baseUrl()}${new URL(leadUrl).pathname}/delete`);
    const words = owner.locator('p', { hasText: 'is still to come, so the customer is e-mailed that it is cancelled' });
    expect(await words.count()).toBe(1);
    await owner.screenshot({ path: suite.shot('delete-375.png'), fullPage: true });
    await owner.setViewportSize(DESKTOP);
    await owner.screenshot({ path: suite.shot('delete-1280.png'), fullPage: true });
    await owner.check('input[name=confirm]');
    await owner.click('form[action$="/delete"] button[type=submit]');
    await owner.waitForURL(/notice=deleted-visit$/);
    expect(await owner.locator('text=The customer is being e-mailed that the visit is cancelled').count()).toBe(1);
    const cancel = (await customerMail('Cancelled', erasedEmail)) as Awaited<ReturnType<typeof customerMail>> & {
      attachments?: { type: string }[];
    };
    expect(cancel.attachments?.map((file) => file.type)).toEqual(['text/calendar; method=CANCEL']);
  });

  it('a cancellation given up is told on the dashboard until it is marked dealt with', async () => {
    // The row a give-up leaves (the worker tests drive the give-up itself): the visit, nothing of the customer.
    const id = crypto.randomUUID();
    queryLocalD1(
      `INSERT INTO erasure_notice (id, visit_day, visit_from, visit_to, created_at) VALUES ('${id}', '${ukTomorrow()}', '10:00', '12:00', ${Date.now()})`,
    );
    const { page: owner } = await signedInAdmin(suite.browser, '/admin/dashboard', { viewport: PHONE });
    await owner.waitForURL(/\/admin\/dashboard$/);
    const notice = owner.locator('.erasure-notice', { has: owner.locator(`form[action*="${id}"]`) });
    expect(await notice.textContent()).toContain('could not be e-mailed that their visit on');
    const button = notice.locator('button');
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await owner.screenshot({ path: suite.shot('erasure-notice-375.png') });
    await owner.setViewportSize(DESKTOP);
    await owner.screenshot({ path: suite.shot('erasure-notice-1280.png') });
    await button.click();
    await owner.waitForURL(/\/admin\/dashboard$/);
    expect(await notice.count()).toBe(0);
    expect(queryLocalD1(`SELECT id FROM erasure_notice WHERE id = '${id}'`)).toEqual([]);
  });
});
