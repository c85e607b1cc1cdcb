import { describe, expect, it } from 'vitest';
import { issueFormToken } from '../../src/leads/form-token';
import { browserSuite } from './browser';
import { waitForMail } from './leads-helpers';
import { copiedCookie, device, IPHONE_UA, localUrl, shoot, signInWithToken, statusWith } from './passkey-helpers';

/**
 * The admin's sign-in on a phone and for personal data, in Chromium with its virtual
 * authenticator: the token's first sign-in asks for a passkey; a passkey is added and signs in;
 * signing out ends the session (a copied cookie is refused); a second device is ended from the
 * first; an invited office user adds a passkey and is refused owner pages; the audit log shows
 * each action and none of a lead's personal data.
 */

const suite = browserSuite();

describe('passkeys in a browser', () => {
  it('token first, then a passkey; signing out ends the session; the passkey signs in again', async () => {
    const phone = await device(suite.browser, { viewport: { width: 375, height: 812 } });
    const { page } = phone;
    await page.goto(`${localUrl()}/admin/login`);
    await shoot(page, 'sign-in');
    await signInWithToken(page);
    // Signed in with the token: asked at once to add a passkey.
    await expect.poll(() => page.locator('.admin-passkey-prompt').textContent()).toContain('Add a passkey');
    await page.click('.admin-passkey-prompt a');
    expect(new URL(page.url()).pathname).toBe('/admin/devices');
    await page.click('text=Add a passkey on this device');
    await page.waitForURL((url) => url.search === '?notice=passkey-added');
    await expect.poll(() => page.locator('.admin-notice--success').textContent()).toContain('Passkey added');
    expect(await page.locator('#passkeys ~ ul .admin-item').count()).toBe(1);
    // The passkey is added: the token's banner is gone from every page of this session.
    for (const path of ['/admin/dashboard', '/admin/leads', '/admin/posts']) {
      await page.goto(`${localUrl()}${path}`);
      expect(await page.locator('.admin-passkey-prompt').count(), path).toBe(0);
    }
    await page.goto(`${localUrl()}/admin/devices`);

    const copied = await copiedCookie(phone.context);
    expect((await statusWith(copied)).status).toBe(200);
    await page.click('.admin-nav__logout button >> visible=true');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    // The old cookie, copied before signing out, is refused: the session is gone from the server.
    expect(await statusWith(copied)).toEqual({ status: 303, location: '/admin/login?next=%2Fadmin%2Fdashboard' });

    await page.click('text=Sign in with a passkey');
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    expect(await page.locator('.admin-passkey-prompt').count()).toBe(0);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('a second device signs in, is ended from the first, and its next request goes to sign-in', async () => {
    const desk = await device(suite.browser);
    await signInWithToken(desk.page);
    const iphone = await device(suite.browser, { viewport: { width: 375, height: 812 }, userAgent: IPHONE_UA });
    await signInWithToken(iphone.page);

    await desk.page.goto(`${localUrl()}/admin/devices`);
    const row = desk.page.locator('.admin-item', { hasText: 'Safari on iPhone, iOS 18' }).first();
    await expect.poll(() => row.count()).toBe(1);
    expect(await desk.page.locator('.admin-item', { hasText: 'This device' }).count()).toBe(1);
    await shoot(desk.page, 'devices');
    await row.locator('button', { hasText: 'Sign out Safari on iPhone, iOS 18' }).click();
    await desk.page.waitForURL((url) => url.search === '?notice=ended');

    await iphone.page.goto(`${localUrl()}/admin/leads`);
    expect(new URL(iphone.page.url()).pathname).toBe('/admin/login');
    await desk.context.close();
    await iphone.context.close();
  });

  it('an invited office user adds a passkey and is refused settings and exports with a 403 page', async () => {
    const owner = await device(suite.browser);
    await signInWithToken(owner.page, '/admin/people');
    const email = `office.${crypto.randomUUID().slice(0, 8)}@example.org`;
    await owner.page.fill('#name', 'Olive Office');
    await owner.page.fill('#email', email);
    await owner.page.selectOption('#role', 'office');
    await owner.page.click('text=Send invitation');
    await owner.page.waitForURL((url) => url.search === '?notice=invited');
    await shoot(owner.page, 'people');

    const [mail] = await waitForMail(email, 'customer');
    expect(mail).toBeDefined();
    const text = mail!.body.content.map((part) => part.value).join('\n');
    const path = /\/admin\/invite\/[\w-]{43}/.exec(text)![0];

    const office = await device(suite.browser, { viewport: { width: 375, height: 812 } });
    await office.page.goto(`${localUrl()}${path}`);
    await expect.poll(() => office.page.locator('h1').textContent()).toBe('Welcome, Olive Office');
    await office.page.click('text=Add a passkey and sign in');
    await office.page.waitForURL((url) => url.pathname === '/admin/dashboard');
    expect(await office.page.locator('.admin-nav').textContent()).not.toContain('Site');

    const refused = await office.page.goto(`${localUrl()}/admin/site`);
    expect(refused!.status()).toBe(403);
    expect(await office.page.locator('h1').textContent()).toBe('This page is for the owner');
    await shoot(office.page, 'forbidden');
    const csv = await office.page.goto(`${localUrl()}/admin/leads.csv`);
    expect(csv!.status()).toBe(403);
    // The link worked once.
    const again = await office.page.goto(`${localUrl()}${path}`);
    expect(again!.status()).toBe(410);
    await owner.context.close();
    await office.context.close();
  });

  it('the audit log shows each action and none of the test lead’s name, e-mail or phone', async () => {
    const t = crypto.randomUUID().slice(0, 6);
    const lead = { name: `Audit Person ${t}`, email: `audit.${t}@example.org`, phone: '07700 900456' };
    const sent = await fetch(`${localUrl()}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `2001:db8:e26::${t.slice(0, 4)}` },
      body: JSON.stringify({
        ...lead,
        message: 'Blocked drain, audit test.',
        formToken: await issueFormToken('e2e-signing-secret', 'contact', Date.now() - 10_000),
      }),
    });
    expect(sent.status).toBe(202);
    const owner = await device(suite.browser);
    await signInWithToken(owner.page, '/admin/leads');
    await owner.page.locator('.inbox-row', { hasText: lead.name }).locator('a').click();
    await owner.page.click('summary:has-text("Mark contacted")');
    await owner.page.click('form:has(input[value=contacted]) button[type=submit]');
    await owner.page.waitForURL((url) => url.search.includes('notice=contacted'));
    await owner.page.fill('#note', `Rang ${lead.name} on ${lead.phone}`);
    await owner.page.click('button:has-text("Add note")');
    await owner.page.waitForURL((url) => url.search.includes('notice=noted'));
    await owner.page.goto(`${localUrl()}/admin/audit`);
    const html = await owner.page.content();
    const text = (await owner.page.textContent('main')) ?? '';
    for (const line of [
      'Signed in with the admin token',
      'Added a passkey',
      'Signed out',
      'Signed in',
      'Ended a session',
      'Invited a person',
      'Accepted an invitation',
      "Changed a lead's status",
      'Added a note to a lead',
    ]) {
      expect(text, line).toContain(line);
    }
    for (const personal of [lead.name, lead.email, lead.phone]) expect(html).not.toContain(personal);
    await shoot(owner.page, 'audit');
    await owner.context.close();
  });
});
