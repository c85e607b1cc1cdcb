import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { adminClientIp, submitToken } from './admin-fixture';
import { baseUrl } from './browser';

/**
 * Passkeys in a real Chromium: WebAuthn refuses an IP address as the relying party, so these
 * tests use http://localhost:<port> (the dev server listens on 127.0.0.1), and each "device" is
 * a browser context with Chromium's virtual authenticator (the DevTools WebAuthn domain).
 */
export const localUrl = () => baseUrl().replace('127.0.0.1', 'localhost');
/** Screenshots for a person to look at, in the repository's ignored test-results/. */
const SHOTS = path.resolve(import.meta.dirname, '../../test-results/shots');

export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

export interface Device {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A browser context with its own virtual platform authenticator (user verification always succeeds). */
export async function device(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; userAgent?: string } = {},
): Promise<Device> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    userAgent: options.userAgent,
    // Its own client address, as adminContext gives (admin-fixture.ts): the sign-in limit is 5 a
    // minute per address, and the e2e files' token sign-ins from one address passed it when the
    // run was quick (CI failed once, job-assignment's sign-in refused).
    extraHTTPHeaders: { 'CF-Connecting-IP': adminClientIp() },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { context, page, errors };
}

export async function signInWithToken(page: Page, path = '/admin/dashboard') {
  await page.goto(`${localUrl()}${path}`);
  expect(new URL(page.url()).pathname).toBe('/admin/login');
  await submitToken(page);
  await page.waitForURL((url) => url.pathname !== '/admin/login');
}

/** The Cookie header a copy of this context's session cookie makes. */
export async function copiedCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === '__Host-bcp_admin');
  expect(cookie).toBeDefined();
  return `${cookie!.name}=${cookie!.value}`;
}

/** What a request with that cookie gets: 200, or 303 to the sign-in page. */
export async function statusWith(cookie: string, path = '/admin/dashboard') {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') };
}

export async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
