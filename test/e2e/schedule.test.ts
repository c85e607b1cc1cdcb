import { describe, expect, it } from 'vitest';
import { dayWords } from '../../src/rules/job-status';
import { addDays, londonDay, mondayOf } from '../../src/rules/uk-time';
import { adminClientIp, signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, DESKTOP, PHONE } from './browser';
import { mailFor, sendQuote as sendQuoteAs } from './leads-helpers';

/**
 * The schedule on a phone, without JavaScript: a job booked for tomorrow shows in the week, opens
 * its lead, and its day prints as a run sheet without menus or step links; moved from its lead,
 * the week shows it on its new day; the person's calendar address is shown once. With JavaScript,
 * a swipe steps the week. Screenshots at 375 and 1280 px go to test-results/schedule (or SHOTS_DIR).
 */

const suite = browserSuite('schedule');

const t = crypto.randomUUID().slice(0, 6);
/** Days from today on the UK calendar (not 24-hour steps, which near midnight with a clock change between land a day out). */
const inDays = (days: number) => addDays(londonDay(Date.now()), days);
const tomorrow = () => inDays(1);

const sendQuote = (name: string) =>
  sendQuoteAs({
    name,
    email: `schedule.${t}@example.org`,
    phone: '07700 900123',
    address: '4 Elm Close, Parkstone, Poole BH14 8QT',
    details: 'Slow drain in the kitchen.',
    service: 'drain-unblocking',
  });

describe('the schedule, on a phone', () => {
  it('shows a job booked for tomorrow in the week, opens its lead, and prints the day without menus', async () => {
    const name = `Sam Schedule ${t}`;
    await sendQuote(name);
    const { page } = await signedInAdmin(suite.browser, '/admin/leads', { viewport: PHONE });
    await page.waitForURL(/\/admin\/leads$/);
    await page.click(`text=${name}`);
    await page.click('summary:has-text("Book a visit")');
    await page.fill('#book-day', tomorrow());
    await page.check('input[name=window][value="08-10"]');
    await page.click('form:has(input[value=booked]) button[type=submit]');
    await expect.poll(() => page.textContent('.lead-booking')).toContain(dayWords(tomorrow()));
    const leadUrl = page.url().replace(/\?.*$/, '');
    await page.fill('#note', 'Key under the blue pot');
    await page.click('form:has(#note) button[type=submit]');
    await page.waitForURL(/notice=noted$/);

    // At 375 px the sections are behind the Menu button.
    await page.click('summary:has-text("Menu")');
    await page.click('.admin-menu__panel >> text=Schedule');
    await page.waitForURL(/\/admin\/schedule$/);
    // Tomorrow may be next week (today is a Sunday): step on once if so.
    if ((await page.locator(`#day-${tomorrow()}`).count()) === 0) await page.click('a[rel=next]');
    const day = page.locator('.schedule-day', { has: page.locator(`#day-${tomorrow()}`) });
    const job = day.locator('.schedule-job', { hasText: name });
    expect(await job.textContent()).toContain('8am to 10am');
    expect(await job.textContent()).toContain('Poole BH14');
    expect((await job.locator('a').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: suite.shot('week-375.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: suite.shot('week-1280.png'), fullPage: true });
    await page.setViewportSize(PHONE);

    await day.locator('h2 a').click();
    expect(await page.textContent('h1')).toContain(dayWords(tomorrow()));
    await page.screenshot({ path: suite.shot('day-375.png'), fullPage: true });
    // Printed: no menus, nav or step links; the job with its time, name, address, phone, service and notes.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.admin-header').isVisible()).toBe(false);
    for (const nav of await page.locator('nav').all()) expect(await nav.isVisible()).toBe(false);
    expect(await page.locator('.schedule-steps').isVisible()).toBe(false);
    const printed = page.locator('.schedule-job', { hasText: name });
    expect(await printed.isVisible()).toBe(true);
    for (const words of [
      '8am to 10am',
      name,
      '4 Elm Close, Parkstone',
      '07700 900123',
      'Drain Unblocking',
      'Key under the blue pot',
    ]) {
      expect(await printed.getByText(words).first().isVisible(), words).toBe(true);
    }
    await page.screenshot({ path: suite.shot('day-print-375.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    await page.locator('.schedule-job', { hasText: name }).locator('a').click();
    expect(page.url()).toBe(leadUrl);

    // Moved from its lead to two days later, 2pm to 4pm: the week shows it on the new day only.
    const moved = inDays(3);
    await page.click('summary:has-text("Change the booking")');
    await page.fill('#book-day', moved);
    await page.check('input[name=window][value="14-16"]');
    await page.click('form:has(input[value=booked]) button[type=submit]');
    await page.waitForURL(/notice=moved$/);
    await page.screenshot({ path: suite.shot('lead-moved-375.png'), fullPage: true });
    expect(await page.textContent('.lead-booking')).toContain(`Booked: ${dayWords(moved)}, 2pm to 4pm`);
    await page.click('summary:has-text("Menu")');
    await page.click('.admin-menu__panel >> text=Schedule');
    await page.waitForURL(/\/admin\/schedule$/);
    if ((await page.locator(`#day-${moved}`).count()) === 0) await page.click('a[rel=next]');
    const newDay = page.locator('.schedule-day', { has: page.locator(`#day-${moved}`) });
    expect(await newDay.locator('.schedule-job', { hasText: name }).textContent()).toContain('2pm to 4pm');
    await page.screenshot({ path: suite.shot('week-moved-375.png'), fullPage: true });
    await page.goto(`${baseUrl()}/admin/schedule?week=${mondayOf(tomorrow())}`);
    const oldDay = page.locator('.schedule-day', { has: page.locator(`#day-${tomorrow()}`) });
    expect(await oldDay.locator('.schedule-job', { hasText: name }).count()).toBe(0);

    // The customer is told, and their page shows the visit as it now is. They ask to rebook: the
    // week then shows the visit as needing a new date, not as a firm one.
    const email = `schedule.${t}@example.org`;
    await expect
      .poll(async () => (await mailFor(email, 'customer')).map((mail) => mail.body.subject), { timeout: 20_000 })
      .toContain(`Moved: ${dayWords(moved)}, 2pm to 4pm (BCP Drainage & Plumbing)`);
    const mail = (await mailFor(email, 'customer')).find((sent) => sent.body.subject.startsWith('Moved'))!;
    const link = /https?:\/\/[^\s]+\/r\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.exec(mail.body.content[0]!.value)![0];
    const customer = await (
      await suite.browser.newContext({
        viewport: PHONE,
        javaScriptEnabled: false,
        extraHTTPHeaders: { 'CF-Connecting-IP': adminClientIp() },
      })
    ).newPage();
    await customer.goto(`${baseUrl()}${new URL(link).pathname}`);
    const facts = await customer.textContent('.request-page__facts');
    expect(facts).toContain(dayWords(moved));
    expect(facts).toContain('2pm to 4pm');
    expect(facts).not.toContain(dayWords(tomorrow()));
    await customer.click('text=Ask to rebook');
    await customer.click('button:has-text("Ask to rebook")');
    await customer.waitForURL(/\?done=rebook$/);
    await customer.context().close();
    await page.goto(`${baseUrl()}/admin/schedule?week=${mondayOf(moved)}`);
    const asked = page
      .locator('.schedule-day', { has: page.locator(`#day-${moved}`) })
      .locator('.schedule-job', { hasText: name });
    expect(await asked.textContent()).toContain('Asked to rebook: needs a new date');
    expect(await asked.locator('.schedule-job__when').textContent()).toBe('Was 2pm to 4pm');
    await asked.scrollIntoViewIfNeeded();
    await page.screenshot({ path: suite.shot('week-asked-to-rebook-375.png') });

    // The person's own calendar: one tap shows the private address once, as a webcal: link.
    await page.goto(`${baseUrl()}/admin/schedule`);
    await page.click('button:has-text("Turn on my calendar address")');
    const address = await page.textContent('.schedule-feed__url code');
    expect(address).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await page.getAttribute('a:has-text("Add to my calendar")', 'href')).toMatch(/^webcal:/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: suite.shot('calendar-address-375.png'), fullPage: true });
    await page.goto(`${baseUrl()}/admin/schedule`);
    expect(await page.textContent('#calendar-feed + p')).toContain('is on');
  });
});

describe('the schedule, with JavaScript on a touch screen', () => {
  it('steps to the next week on a swipe left and back on a swipe right; a drag down does not step', async () => {
    const { page, errors } = await signedInAdmin(suite.browser, '/admin/schedule?week=2030-01-07', {
      viewport: PHONE,
      javaScriptEnabled: true,
    });
    await page.waitForURL(/week=2030-01-07$/);
    await page.waitForLoadState('networkidle');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const drag = async (from: [number, number], to: [number, number]) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from[0], y: from[1] }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: to[0], y: to[1] }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const box = (await page.locator('.schedule-day').first().boundingBox())!;
    const y = box.y + box.height / 2;
    // Polled, not waitForURL: a navigation the browser restarts (ERR_ABORTED, once in CI) is not a failure.
    await drag([300, y], [60, y]);
    await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/week=2030-01-14$/);
    await page.waitForLoadState('load');
    expect(await page.textContent('h1')).toContain('Week of Monday 14 January 2030');
    await page.waitForLoadState('networkidle');
    await drag([60, y], [300, y]);
    await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/week=2030-01-07$/);
    await page.waitForLoadState('load');
    await page.waitForLoadState('networkidle');
    await drag([200, y + 200], [180, y - 100]);
    await page.waitForTimeout(500);
    expect(page.url()).toMatch(/week=2030-01-07$/);
    expect(errors).toEqual([]);
  });
});
