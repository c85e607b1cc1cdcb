import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, DESKTOP } from './browser';

/**
 * The browser tests' way into the admin, in one place: the token the run's dev server is started
 * with (global-setup.ts), a context from its own client address (the sign-in limit is per
 * address, and wrangler dev keeps the CF-Connecting-IP a test sends), and the token form.
 */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789';

export interface AdminPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions, so a test can assert a clean run. */
  errors: string[];
}

/** A fresh client address in 2001:db8::/32 (documentation space), one per context. */
export const adminClientIp = () => `2001:db8:e2e:${crypto.randomUUID().slice(0, 4)}::${crypto.randomUUID().slice(0, 4)}`;

/** A context of its own, not yet signed in: no JavaScript unless asked (the admin works without it). */
export async function adminContext(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
): Promise<AdminPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    javaScriptEnabled: options.javaScriptEnabled ?? false,
    extraHTTPHeaders: { 'CF-Connecting-IP': adminClientIp() },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Fills the sign-in page's token form and sends it (the page must be showing /admin/login). */
export async function submitToken(page: Page, token = E2E_ADMIN_TOKEN): Promise<void> {
  await page.fill('#token', token);
  await page.click('#token-form button[type=submit]');
}

/** Opens `path`, which sends someone not signed in to the sign-in page, and signs in with the token. */
export async function signInAt(page: Page, path: string, origin = baseUrl()): Promise<void> {
  await page.goto(`${origin}${path}`);
  await submitToken(page);
}

/** A context signed in with the token, back on `path` (where sign-in returns to). */
export async function signedInAdmin(
  browser: Browser,
  path: string,
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
): Promise<AdminPage> {
  const admin = await adminContext(browser, options);
  await signInAt(admin.page, path);
  return admin;
}
