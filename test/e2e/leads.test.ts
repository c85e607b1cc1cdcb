import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueFormToken } from '../../src/leads/form-token';
import { formFields } from '../../src/leads/schemas';
import type { DevServer } from '../support/dev-server';
import { baseUrl, browserSuite, DESKTOP, PHONE } from './browser';
import {
  contactInput,
  fill,
  formValues,
  gzippedBytes,
  openLeadPage,
  pastMinimumFillTime,
  phoneWithScriptHeld,
  quoteInput,
  settle,
  startServerThatCannotStore,
  tag,
  toast,
  waitForMail,
  watchSubmitButton,
} from './leads-helpers';

const suite = browserSuite('leads');
let cannotStore: DevServer;
beforeAll(async () => {
  cannotStore = await startServerThatCannotStore();
});
afterAll(async () => {
  await cannotStore?.stop();
});

describe('the contact form with JavaScript', () => {
  for (const pathname of ['/contact', '/free-quote']) {
    it(`${pathname} loads at most 1 KB of gzipped JavaScript before the visitor touches the form, on a phone's first screen too`, async () => {
      const { page, context, errors, scripts } = await openLeadPage(suite.browser, pathname, { viewport: PHONE, start: false });
      await page.locator('form.lead-form').scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1600);
      const bytes = gzippedBytes(scripts);
      console.log(`${pathname} JavaScript before interaction: ${bytes} B gzipped in ${scripts.length} files`);
      expect(bytes).toBeLessThanOrEqual(1024);
      expect(await page.locator('form.lead-form[novalidate]').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`${pathname} starts on the first tap into a field, hydrates cleanly, and costs at most 80 KB of gzipped JavaScript`, async () => {
      const { page, context, errors, scripts } = await openLeadPage(suite.browser, pathname, { viewport: DESKTOP });
      await page.waitForLoadState('networkidle');
      const bytes = gzippedBytes(scripts);
      console.log(`${pathname} JavaScript once started: ${(bytes / 1024).toFixed(1)} KB gzipped in ${scripts.length} files`);
      expect(bytes).toBeLessThanOrEqual(80 * 1024);
      expect(scripts.some((s) => s.includes('Toaster'))).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('checks the fields inline with the shared rules and focuses the first mistake', async () => {
    const { page, context, errors } = await openLeadPage(suite.browser, '/contact', { viewport: DESKTOP });
    const posts: string[] = [];
    page.on('request', (req) => req.method() === 'POST' && posts.push(req.url()));
    await fill(page, { email: 'not-an-email' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.locator('#contact-name-error').textContent()).toBe('Please enter your name.');
    expect(await page.locator('#contact-email-error').textContent()).toBe(
      'Please enter a valid email address, like name@example.com.',
    );
    expect(await page.locator('#contact-message-error').textContent()).toBe('Please enter a message.');
    expect(await page.locator('#contact-phone-error').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
    expect(await page.locator('#contact-email').getAttribute('aria-invalid')).toBe('true');
    await fill(page, { email: 'alice@example.org' });
    expect(await page.locator('#contact-email-error').count()).toBe(0);
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends: 'Sending...' while busy, then the success toast, the form cleared and the e-mail delivered", async () => {
    const { page, context, errors, openedAt } = await openLeadPage(suite.browser, '/contact', { viewport: DESKTOP });
    const input = contactInput(tag());
    await fill(page, input);
    await pastMinimumFillTime(openedAt);
    const buttonStates = await watchSubmitButton(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page).waitFor();
    const shownAt = Date.now();
    // Timed from now, whatever the steps below take on a busy machine.
    const shownFor = toast(page)
      .waitFor({ state: 'detached', timeout: 10_000 })
      .then(() => Date.now() - shownAt);
    expect(await buttonStates()).toContain('Sending...|disabled');
    expect(await toast(page).locator('.toast__title').textContent()).toBe('Message Sent!');
    expect(await toast(page).locator('.toast__description').textContent()).toBe(
      "Thank you for getting in touch. We'll get back to you shortly.",
    );
    expect(await formValues(page, formFields.contact)).toEqual({ name: '', email: '', phone: '', 'best-time': '', message: '' });
    // F8 moves focus to the toast region (while the toast shows, and once the sent panel, which
    // takes focus when it appears, is there).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.sent-panel') !== null), { timeout: 5000 })
      .toBe(true);
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('toast-viewport'))).toBe(true);
    // Issue 23: the sent panel holds the form's place until the visitor asks for another.
    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await page.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
    const [mail] = await waitForMail(input.email);
    expect(mail?.body.subject).toBe(`New contact message from ${input.name}`);

    // It goes by itself after 5 seconds.
    const shown = await shownFor;
    expect(shown).toBeGreaterThan(4000);
    expect(shown).toBeLessThan(7000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a toast be swiped away to the right', async () => {
    const { page, context, openedAt } = await openLeadPage(suite.browser, '/contact', { viewport: PHONE });
    await fill(page, contactInput(tag()));
    await pastMinimumFillTime(openedAt);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page).waitFor();
    await settle(page);
    const box = (await toast(page).boundingBox())!;
    const started = Date.now();
    // A short drag (under 50 px) springs back; a longer one dismisses.
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 70, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.waitForTimeout(300);
    expect(await toast(page).count()).toBe(1);
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 160, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await toast(page).waitFor({ state: 'detached', timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(3000);
    await context.close();
  });

  it('when the message cannot be stored: the destructive toast, the error logged, the entries kept', async () => {
    const { page, context, errors, openedAt } = await openLeadPage(suite.browser, '/contact', {
      viewport: DESKTOP,
      origin: cannotStore.url,
    });
    const input = contactInput(tag());
    await fill(page, input);
    await pastMinimumFillTime(openedAt);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page).waitFor();
    expect(await toast(page).getAttribute('class')).toContain('toast--destructive');
    expect(await toast(page).locator('.toast__title').textContent()).toBe('Uh oh! Something went wrong.');
    expect(await toast(page).locator('.toast__description').textContent()).toBe(
      'There was a problem sending your message. Please try again or call us.',
    );
    expect(await formValues(page, formFields.contact)).toEqual(input);
    expect(await page.locator('.lead-form__alert').textContent()).toContain('call us on 01632 960 123');
    expect(errors.some((e) => e.includes('The form could not be sent'))).toBe(true);
    await settle(page);
    await page.screenshot({ path: suite.shot('contact-failure-1280.png') });
    await context.close();
  });
});

describe('the quote form with JavaScript', () => {
  it('preselects the service from ?service=, sends, confirms and clears', async () => {
    const { page, context, errors, openedAt } = await openLeadPage(suite.browser, '/free-quote?service=drain-relining', {
      viewport: DESKTOP,
    });
    expect(await page.locator('#quote-service').inputValue()).toBe('drain-relining');
    const input = quoteInput(tag());
    await fill(page, input);
    await pastMinimumFillTime(openedAt);
    const buttonStates = await watchSubmitButton(page);
    await page.getByRole('button', { name: 'Request My Free Quote' }).click();
    await toast(page).waitFor();
    expect(await buttonStates()).toContain('Sending...|disabled');
    expect(await toast(page).locator('.toast__title').textContent()).toBe('Quote Request Sent!');
    expect(await formValues(page, formFields.quote)).toEqual({
      'full-name': '',
      email: '',
      phone: '',
      address: '',
      postcode: '',
      service: 'drain-relining',
      'best-time': '',
      details: '',
    });
    const [mail] = await waitForMail(input.email);
    expect(mail?.body.subject).toBe('Quote request: Drain Relining & Repair, Lymington');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the entries and shows the destructive toast when the request cannot be stored', async () => {
    const { page, context, openedAt } = await openLeadPage(suite.browser, '/free-quote', {
      viewport: PHONE,
      origin: cannotStore.url,
    });
    const input = quoteInput(tag());
    await fill(page, input);
    await pastMinimumFillTime(openedAt);
    await page.getByRole('button', { name: 'Request My Free Quote' }).click();
    await toast(page).waitFor();
    expect(await toast(page).locator('.toast__title').textContent()).toBe('Uh oh! Something went wrong.');
    expect(await formValues(page, formFields.quote)).toEqual({ ...input, service: '' });
    await settle(page);
    await page.screenshot({ path: suite.shot('quote-failure-375.png') });
    await context.close();
  });

  it('shows its mistakes inline at 375px', async () => {
    const { page, context } = await openLeadPage(suite.browser, '/free-quote', { viewport: PHONE });
    await fill(page, { email: 'bob@', phone: 'call me' });
    await page.getByRole('button', { name: 'Request My Free Quote' }).click();
    expect(await page.locator('.lead-form__error').allTextContents()).toEqual([
      'Please enter your full name.',
      'Please enter a valid email address, like name@example.com.',
      'Please enter a valid phone number, like 01632 960123.',
      'Please enter the property address.',
    ]);
    await context.close();
  });
});

/** The page must carry its signed token, or a first post without JavaScript is asked to send again. */
async function expectServedToken(page: Page, pathname: string) {
  const token = await page.locator('input[name="formToken"]').getAttribute('value');
  expect(token, `GET ${pathname} must render its form with newFormState(c.env, form) (src/routes/pages.tsx)`).toMatch(/\.\d+\./);
}

describe('typing before the form script has arrived', () => {
  const cases = [
    { path: '/contact', fields: formFields.contact, button: 'Send Message', title: 'Message Sent!', input: contactInput },
    {
      path: '/free-quote',
      fields: formFields.quote,
      button: 'Request My Free Quote',
      title: 'Quote Request Sent!',
      input: (t: string) => ({ ...quoteInput(t), service: 'cctv-drain-survey' }),
    },
  ];
  for (const form of cases) {
    it(`${form.path} keeps every entry through hydration, and sends them`, async () => {
      // The page's script is held back until the fields are filled, as on a slow phone line.
      const { context, page, release } = await phoneWithScriptHeld(suite.browser, PHONE);
      const openedAt = Date.now();
      await page.goto(`${baseUrl()}${form.path}`, { waitUntil: 'load' });
      const input = form.input(tag());
      await fill(page, input);
      expect(await page.locator('form.lead-form[novalidate]').count()).toBe(0);
      release();
      await page.waitForSelector('form.lead-form[novalidate]');
      expect(await formValues(page, form.fields)).toEqual(input);
      await pastMinimumFillTime(openedAt);
      await page.getByRole('button', { name: form.button }).click();
      await toast(page).waitFor();
      expect(await toast(page).locator('.toast__title').textContent()).toBe(form.title);
      expect(await waitForMail(input.email)).toHaveLength(1);
      await context.close();
    });
  }
});

describe('without JavaScript', () => {
  it('the contact form posts, lands on the confirmation and the e-mail is delivered', async () => {
    const { page, context, scripts, openedAt } = await openLeadPage(suite.browser, '/contact', {
      viewport: PHONE,
      javaScript: false,
    });
    await expectServedToken(page, '/contact');
    const input = contactInput(tag());
    await fill(page, input);
    await pastMinimumFillTime(openedAt);
    await Promise.all([
      page.waitForURL(/\/contact\/sent\?ref=[0-9A-F]{8}$/),
      page.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(await page.locator('h1').textContent()).toBe('Message Sent!');
    expect(await page.getByText("Thank you for getting in touch. We'll get back to you shortly.").count()).toBe(1);
    expect(await waitForMail(input.email)).toHaveLength(1);
    expect(scripts).toEqual([]);
    await context.close();
  });

  it('the contact form comes back with the messages and the entries when something is wrong', async () => {
    const { page, context, openedAt } = await openLeadPage(suite.browser, '/contact', { viewport: DESKTOP, javaScript: false });
    // Values the browser's own checks let through but the shared rules do not.
    const input = { ...contactInput(tag()), name: '   ', phone: 'call me' };
    await fill(page, input);
    await pastMinimumFillTime(openedAt);
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Send Message' }).click()]);
    await page.waitForSelector('#contact-name-error');
    expect(await page.locator('#contact-name-error').textContent()).toBe('Please enter your name.');
    expect(await page.locator('#contact-phone-error').textContent()).toBe(
      'Please enter a valid phone number, like 01632 960123.',
    );
    expect(await page.locator('#contact-email').inputValue()).toBe(input.email);
    expect(await page.locator('#contact-message').inputValue()).toBe(input.message);
    await page.screenshot({ path: suite.shot('contact-errors-nojs-1280.png') });

    // Corrected and sent again, it goes through (the re-rendered form carries a token).
    const resentAt = Date.now();
    await fill(page, { name: `Alice ${tag()}`, phone: '01632 960123' });
    await pastMinimumFillTime(resentAt);
    await Promise.all([
      page.waitForURL(/\/contact\/sent\?ref=[0-9A-F]{8}$/),
      page.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(await page.locator('h1').textContent()).toBe('Message Sent!');
    expect(await waitForMail(input.email)).toHaveLength(1);
    await context.close();
  });

  it('the quote form posts and lands on its confirmation', async () => {
    const { page, context, openedAt } = await openLeadPage(suite.browser, '/free-quote?service=root-cutting', {
      viewport: DESKTOP,
      javaScript: false,
    });
    await expectServedToken(page, '/free-quote');
    const input = quoteInput(tag());
    await fill(page, input);
    await pastMinimumFillTime(openedAt);
    await Promise.all([
      page.waitForURL(/\/free-quote\/sent\?ref=[0-9A-F]{8}&service=root-cutting$/),
      page.getByRole('button', { name: 'Request My Free Quote' }).click(),
    ]);
    expect(await page.locator('h1').textContent()).toBe('Quote Request Sent!');
    const [mail] = await waitForMail(input.email);
    expect(mail?.body.subject).toBe('Quote request: Root Cutting, Lymington');
    await context.close();
  });
});

describe('the per-IP limit under wrangler dev', () => {
  it('answers the sixth lead in a minute from one address with 429', async () => {
    const ip = `2001:db8::${tag()}`;
    const send = async () =>
      fetch(`${baseUrl()}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
        body: JSON.stringify({ ...contactInput(tag()), formToken: await issueFormToken('e2e-signing-secret', 'contact', 0) }),
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send()).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('screenshots (test-results/leads)', () => {
  const pages = [
    { name: 'contact', path: '/contact', button: 'Send Message', input: contactInput },
    { name: 'quote', path: '/free-quote?service=cctv-drain-survey', button: 'Request My Free Quote', input: quoteInput },
  ] as const;
  for (const form of pages) {
    for (const viewport of [PHONE, DESKTOP]) {
      it(`${form.path} at ${viewport.width}px with errors, then with the success toast`, async () => {
        const { page, context, errors, openedAt } = await openLeadPage(suite.browser, form.path, { viewport });
        await page.getByRole('button', { name: form.button }).click();
        await page.locator('.lead-form__error').first().waitFor();
        await page.screenshot({ path: suite.shot(`${form.name}-errors-${viewport.width}.png`) });
        await fill(page, form.input(tag()));
        await pastMinimumFillTime(openedAt);
        await page.getByRole('button', { name: form.button }).click();
        await toast(page).waitFor();
        await settle(page);
        await page.screenshot({ path: suite.shot(`${form.name}-toast-${viewport.width}.png`) });
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
