import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { issueFormToken } from '../../src/leads/form-token';
import { adminContext, E2E_ADMIN_TOKEN, submitToken } from './admin-fixture';
import { baseUrl, browserSuite, DESKTOP, fitsWidth, PHONE } from './browser';

/**
 * The owner's admin in a real Chromium without JavaScript: sign in (the __Host- cookie works on
 * http://127.0.0.1, a potentially trustworthy origin), write a post with a preview, resend a
 * failed lead, and screenshots of each screen on a phone and a desktop (test-results/admin).
 */

const suite = browserSuite('admin');
const mailUrl = () => inject('e2eMailServerUrl');

interface AdminPage {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

/** A no-JavaScript context from its own client address (the sign-in limit is per address). */
async function open(viewport: { width: number; height: number }): Promise<AdminPage> {
  const { context, page, errors } = await adminContext(suite.browser, { viewport });
  page.on('response', (res) => {
    if (res.status() >= 400 && ['stylesheet', 'image'].includes(res.request().resourceType()))
      errors.push(`${res.status()} ${res.url()}`);
  });
  return { page, context, errors };
}

async function signIn({ page }: AdminPage, token = E2E_ADMIN_TOKEN) {
  await page.goto(`${baseUrl()}/admin/posts`);
  expect(new URL(page.url()).pathname).toBe('/admin/login');
  await submitToken(page, token);
}

async function sendLead(name: string) {
  const res = await fetch(`${baseUrl()}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `2001:db8:e2f::${crypto.randomUUID().slice(0, 4)}` },
    body: JSON.stringify({
      name,
      email: 'e2e.admin@example.org',
      phone: '01632 960123',
      message: 'Blocked drain at the back.\nPlease call after 5pm.',
      formToken: await issueFormToken('e2e-signing-secret', 'contact', Date.now() - 10_000),
    }),
  });
  expect(res.status).toBe(202);
}

const setMailMode = (mode: string) => fetch(`${mailUrl()}/__control`, { method: 'POST', body: JSON.stringify({ mode }) });

describe('the admin in a browser, without JavaScript', () => {
  it('refuses a wrong token, then signs in with the right one and out again', async () => {
    const admin = await open(DESKTOP);
    await signIn(admin, 'not-the-right-token-000');
    await expect.poll(() => admin.page.locator('.admin-notice--error').textContent()).toContain('That token is not right');
    await signIn(admin);
    expect(new URL(admin.page.url()).pathname).toBe('/admin/posts');
    const [cookie] = await admin.context.cookies();
    expect(cookie).toMatchObject({ name: '__Host-bcp_admin', httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    await admin.page.click('.admin-nav__logout button');
    expect(new URL(admin.page.url()).pathname).toBe('/admin/login');
    expect(await admin.context.cookies()).toEqual([]);
    // Only the wrong token's answer, a 401 document, is logged.
    expect(admin.errors).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
    await admin.context.close();
  });

  it('writes a post: preview as the blog shows it, save, and it is on /blog', async () => {
    const admin = await open(DESKTOP);
    await signIn(admin);
    const { page } = admin;
    await page.click('text=New post');
    const title = `Browser post ${crypto.randomUUID().slice(0, 6)}`;
    await page.fill('#title', title);
    await page.fill('#category', 'Maintenance');
    // The cover's address and the keywords are under "More settings" (a <details>, no script needed).
    await page.click('summary.admin-more__summary');
    await page.fill('#image_url', '/images/blog/blocked-drains.svg');
    await page.fill('#image_alt', 'A blocked drain');
    await page.fill('#excerpt', 'Written in the admin by a real browser.');
    // New posts are Markdown (no format to choose); HTML in it is sanitised as an HTML post's is.
    expect(await page.locator('#format').count()).toBe(0);
    await page.fill(
      '#content',
      '<p>Hello "world".</p><script>alert(1)</script><img src="/images/blog/tree-roots.svg" onerror="alert(2)">',
    );
    await page.fill('#keywords', 'browser, admin');
    await page.click('button[value=preview]');
    await expect.poll(() => page.locator('.admin-preview-bar').count()).toBe(1);
    expect(await page.locator('.post-content').innerHTML()).toBe('<p>Hello “world”.</p><img src="/images/blog/tree-roots.svg">');
    await page.screenshot({ path: suite.shot('preview-1280.png'), fullPage: false });
    await page.click('.admin-preview-bar button[value=save]');
    expect(page.url()).toMatch(/\/admin\/posts\/\d+\/edit\?saved=created$/);
    expect(await page.locator('.admin-notice').textContent()).toContain('It is live at');
    await page.goto(`${baseUrl()}/blog`);
    expect(await page.locator('.post-card__link', { hasText: title }).count()).toBe(1);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });

  it('resends a failed lead once the mail service accepts again', async () => {
    await setMailMode('reject');
    const name = `Failing lead ${crypto.randomUUID().slice(0, 6)}`;
    const admin = await open(DESKTOP);
    const { page } = admin;
    const email = (label: string) => page.locator('.admin-lead__email', { hasText: label });
    let leadUrl = '';
    // The mail service refuses until both e-mails have been tried and marked failed: they are sent
    // after the visitor's answer, so switching back at once could let them through.
    try {
      await sendLead(name);
      await signIn(admin);
      // The inbox lists it under e-mail problems once its sends have failed; its page shows each
      // e-mail, resent on its own.
      const listed = async () => {
        await page.goto(`${baseUrl()}/admin/leads?status=undelivered`);
        return page.locator('.inbox-row', { hasText: name }).count();
      };
      await expect.poll(listed).toBe(1);
      await page.locator('.inbox-row', { hasText: name }).locator('a').click();
      leadUrl = page.url();
      const badgeAfterReload = async (label: string) => {
        await page.goto(leadUrl);
        return email(label).locator('.admin-badge').textContent();
      };
      await expect.poll(() => badgeAfterReload('E-mail to you')).toBe('Failed');
      await expect.poll(() => badgeAfterReload('Confirmation to the customer')).toBe('Failed');
    } finally {
      await setMailMode('accept');
    }
    await page.locator('.admin-lead__emails').screenshot({ path: suite.shot('lead-failed-1280.png') });
    await email('E-mail to you').locator('button', { hasText: 'Resend e-mail' }).click();
    expect(await page.locator('.admin-notice').textContent()).toContain('sent again');
    await page.goto(leadUrl);
    expect(await email('E-mail to you').locator('.admin-badge').textContent()).toBe('Sent');
    expect(await email('Confirmation to the customer').locator('.admin-badge').textContent()).toBe('Failed');
    await email('Confirmation to the customer').locator('button', { hasText: 'Resend confirmation' }).click();
    expect(await page.locator('.admin-notice').textContent()).toContain('sent again');
    await page.goto(leadUrl);
    expect(await email('Confirmation to the customer').locator('.admin-badge').textContent()).toBe('Sent');
    await admin.context.close();
  });
});

describe('screenshots (test-results/admin)', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`sign-in, dashboard, posts, editor, leads and delete at ${viewport.width} px fit the screen`, async () => {
      const admin = await open(viewport);
      const { page } = admin;
      await page.goto(`${baseUrl()}/admin/login`);
      await page.screenshot({ path: suite.shot(`login-${viewport.width}.png`), fullPage: true });
      expect(await fitsWidth(page)).toBe(true);
      await signIn(admin);
      await sendLead(`Screenshot lead ${viewport.width}`);
      const screens: [string, string][] = [
        ['dashboard', '/admin/dashboard'],
        ['posts', '/admin/posts'],
        ['editor', '/admin/posts/1/edit'],
        ['new', '/admin/posts/new'],
        ['delete', '/admin/posts/1/delete'],
        ['leads', '/admin/leads'],
      ];
      for (const [name, pathname] of screens) {
        await page.goto(`${baseUrl()}${pathname}`);
        expect(new URL(page.url()).pathname).toBe(pathname);
        await page.screenshot({ path: suite.shot(`${name}-${viewport.width}.png`), fullPage: true });
        expect(await fitsWidth(page), `${pathname} is wider than the screen`).toBe(true);
      }
      expect(admin.errors).toEqual([]);
      await admin.context.close();
    });
  }
});
