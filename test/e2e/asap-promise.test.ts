import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, PHONE } from './browser';
import { contactInput, fill, openLeadPage, pastMinimumFillTime, tag } from './leads-helpers';

/**
 * A request for a call "as soon as possible", sent at 23:00 UK time (the dev server's TEST_CLOCK,
 * test/e2e/global-setup.ts), on a phone: the sent panel promises what the emergency line's hours
 * allow, never "within one working day" beside "24/7". Screenshots in test-results/asap.
 * The facts are put back afterwards: the other browser tests expect them.
 */

const suite = browserSuite('asap');
const DISPLAY = '01632 960 123';

/** The owner's facts form, without JavaScript, signed in with the token. */
async function publishHours(officeHoursOnly: boolean) {
  const { context, page } = await signedInAdmin(suite.browser, '/admin/site/facts/hours', { viewport: PHONE });
  await page.goto(`${baseUrl()}/admin/site/facts/hours`);
  await page.check(`input[name=hoursMode][value="${officeHoursOnly ? 'days' : '24/7'}"]`);
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await page.fill(`[name="opens-${day}"]`, officeHoursOnly ? '08:00' : '');
    await page.fill(`[name="closes-${day}"]`, officeHoursOnly ? '18:00' : '');
  }
  await page.check(`input[name=emergencyLine247][value=${officeHoursOnly ? 'off' : 'on'}]`);
  await page.click('button[value=publish]');
  expect(await page.locator('[role=status]').textContent()).toContain('Published.');
  await context.close();
}

async function sendAsap(shot: string): Promise<Page> {
  const { page, openedAt, errors } = await openLeadPage(suite.browser, '/contact', { viewport: PHONE });
  await fill(page, { ...contactInput(tag()), 'best-time': 'asap' });
  await pastMinimumFillTime(openedAt);
  await page.click('form.lead-form button[type=submit]');
  await page.locator('.sent-panel').waitFor();
  await page.waitForTimeout(400);
  await page.locator('.sent-panel').screenshot({ path: suite.shot(shot) });
  expect(errors).toEqual([]);
  // The panel fits the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  return page;
}

describe('the sent panel of a request for a call as soon as possible, at 23:00 UK time on a phone', () => {
  it('promises a call within the hour while the emergency line answers 24/7', async () => {
    const page = await sendAsap('asap-24-7-375.png');
    const next = page.locator('.sent-panel dt', { hasText: 'What happens next' }).locator('xpath=following-sibling::dd');
    expect(await next.textContent()).toBe('You asked for a call as soon as possible: we will call you within the hour.');
    expect(await page.locator('.sent-panel').textContent()).not.toContain('within one working day');
    await expect(page.getByRole('link', { name: `Urgent? Call ${DISPLAY} now` }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('says when the line opens next when it keeps office hours, and does not say "call now"', async () => {
    await publishHours(true);
    try {
      const page = await sendAsap('asap-closed-375.png');
      const next = page.locator('.sent-panel dt', { hasText: 'What happens next' }).locator('xpath=following-sibling::dd');
      expect(await next.textContent()).toBe(
        'You asked for a call as soon as possible: our line is closed now, so we will call you when it opens, tomorrow (Thursday) at 8am.',
      );
      await expect(
        page
          .locator('.sent-panel')
          .getByRole('link', { name: `Call ${DISPLAY}`, exact: true })
          .isVisible(),
      ).resolves.toBe(true);
      expect(await page.locator('.sent-panel').textContent()).not.toContain(`Call ${DISPLAY} now`);
      await page.context().close();
    } finally {
      await publishHours(false);
    }
  });

  it('cannot be sent without a phone number: the form says so on the phone field', async () => {
    const { page, openedAt, context } = await openLeadPage(suite.browser, '/contact', { viewport: PHONE });
    await fill(page, { ...contactInput(tag()), phone: '', 'best-time': 'asap' });
    await pastMinimumFillTime(openedAt);
    await page.click('form.lead-form button[type=submit]');
    const error = page.locator('#contact-phone-error');
    expect(await error.textContent()).toBe('Please enter your phone number, so we can call you as soon as possible.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-phone');
    await page.screenshot({ path: suite.shot('asap-no-phone-375.png') });
    // Choosing another time takes the message away: the phone is optional then.
    await page.selectOption('#contact-best-time', 'morning');
    await expect(error.count()).resolves.toBe(0);
    await context.close();
  });
});
