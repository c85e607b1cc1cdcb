import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { issueFormToken, MIN_FILL_MS } from '../../src/leads/form-token';
import { type DevServer, startDevServer } from '../support/dev-server';
import { baseUrl } from './browser';

/** Browser-test helpers for the lead forms: pages, the mail server, and a real storage failure. */

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A phone whose islands' script (main-*.js) is held back until `release()`, as on a slow line:
 * the page is filled, or even sent, before any island has started. Its own client address, as
 * `openLeadPage`'s.
 */
export async function phoneWithScriptHeld(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    viewport,
    extraHTTPHeaders: { 'CF-Connecting-IP': `2001:db8::${crypto.randomUUID().slice(0, 8)}` },
  });
  const page = await context.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/main-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return { context, page, release };
}

/**
 * A page of our site from its own client address (wrangler dev keeps a CF-Connecting-IP the
 * client sends), so the per-IP limit of 5 leads a minute never links two tests.
 */
export async function openLeadPage(
  browser: Browser,
  pathname: string,
  options: { viewport: { width: number; height: number }; javaScript?: boolean; origin?: string; start?: boolean },
) {
  const context = await browser.newContext({
    viewport: options.viewport,
    javaScriptEnabled: options.javaScript ?? true,
    extraHTTPHeaders: { 'CF-Connecting-IP': `2001:db8::${crypto.randomUUID().slice(0, 8)}` },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on('console', (msg) => {
    // Failed requests are judged below, by kind: a missing image is not this test's business.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(msg.text());
  });
  page.on('response', (res) => {
    const kind = res.request().resourceType();
    if (res.status() >= 400 && ['script', 'stylesheet', 'fetch', 'document'].includes(kind)) {
      errors.push(`${res.status()} ${kind} ${new URL(res.url()).pathname}`);
    }
  });
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto(`${options.origin ?? baseUrl()}${pathname}`, { waitUntil: 'load' });
  if ((options.javaScript ?? true) && (options.start ?? true)) await startForm(page);
  // The form's token is at least this old (the island may have fetched it as it hydrated).
  const openedAt = Date.now();
  return { page, context, errors, scripts, openedAt };
}

/** A form's island starts (hydrates) on the visitor's first touch: here, a tap into its first field. */
export async function startForm(page: Page) {
  await page.locator('form.lead-form').scrollIntoViewIfNeeded();
  await page.locator('form.lead-form :is(input, textarea):not([type=hidden])').first().focus();
  await page.waitForSelector('form.lead-form[novalidate]');
}

export const toast = (page: Page) => page.locator('[data-testid="toast"]');
/** Lets the toast's slide-in finish before a screenshot. */
export const settle = (page: Page) => page.waitForTimeout(400);
export const tag = () => crypto.randomUUID().slice(0, 6);
export const contactInput = (t: string) => ({
  name: `Alice ${t}`,
  email: `alice.${t}@example.org`,
  phone: '01632 960123',
  'best-time': 'morning',
  message: 'The outside drain is overflowing.',
});
export const quoteInput = (t: string) => ({
  'full-name': `Bob ${t}`,
  email: `bob.${t}@example.org`,
  phone: '07700 900123',
  address: '4 Mill Lane, Lymington SO41 9AA',
  // Its own field is left empty here: the postcode typed into the address, as before it existed.
  postcode: '',
  'best-time': 'afternoon',
  details: '1930s semi, buying it next month.',
});

/** Waits out the minimum fill time the signed token enforces (a person takes longer anyway). */
export async function pastMinimumFillTime(openedAt: number) {
  const wait = openedAt + MIN_FILL_MS + 300 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

export async function fill(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const field = page.locator(`form.lead-form [name="${name}"]`);
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}

export const formValues = (page: Page, names: readonly string[]) =>
  page.evaluate(
    (fields) =>
      Object.fromEntries(
        fields.map((name) => [name, (document.querySelector(`form.lead-form [name="${name}"]`) as HTMLInputElement).value]),
      ),
    [...names],
  );

/** Records every state the submit button passes through (text and disabled), however brief. */
export async function watchSubmitButton(page: Page) {
  await page.evaluate(() => {
    const button = document.querySelector('form.lead-form button[type="submit"]') as HTMLButtonElement;
    const states: string[] = [];
    (window as unknown as { buttonStates: string[] }).buttonStates = states;
    const record = () => states.push(`${button.textContent}|${button.disabled ? 'disabled' : 'enabled'}`);
    new MutationObserver(record).observe(button, { attributes: true, childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { buttonStates: string[] }).buttonStates);
}

// The stand-in MailChannels server the dev server sends to.
export interface SentMail {
  body: {
    personalizations: { to: { email: string }[] }[];
    subject: string;
    reply_to?: { email: string };
    content: { value: string }[];
  };
}

/** The owner's inbox (wrangler.jsonc LEADS_TO_EMAIL; the browser tests' dev server keeps it). */
const OWNER_INBOX = 'enquiries@example.com';

const recipient = (mail: SentMail) => mail.body.personalizations[0]?.to[0]?.email;

/** E-mails that mention `marker`: the owner's (the default), or the confirmations sent to the address `marker`. */
export async function mailFor(marker: string, to: 'owner' | 'customer' = 'owner'): Promise<SentMail[]> {
  const all = (await (await fetch(`${inject('e2eMailServerUrl')}/__messages`)).json()) as SentMail[];
  return all.filter(
    (mail) => JSON.stringify(mail.body).includes(marker) && recipient(mail) === (to === 'owner' ? OWNER_INBOX : marker),
  );
}

export async function waitForMail(marker: string, to: 'owner' | 'customer' = 'owner', timeoutMs = 20_000): Promise<SentMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await mailFor(marker, to);
    if (found.length > 0 || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A second `wrangler dev` whose D1 never had its migrations applied, so storing a lead fails
 * for real ("no such table: leads"), the way a deploy that skipped its migrations would. The
 * running dev server cannot be broken from outside: workerd keeps its own view of its SQLite
 * files. Its config is wrangler.jsonc with another database id (paths made relative to it).
 */
export async function startServerThatCannotStore(): Promise<DevServer> {
  const config = readFileSync(path.join(root, 'wrangler.jsonc'), 'utf8')
    .replace(/^(\s*"database_id": )".*"/m, '$1"e2e-leads-never-migrated"')
    // Paths of the project, relative to the config beside them: main, the assets, the
    // migrations, the aliases' files and the schema.
    .replace(/^(\s*"(?:main|migrations_dir|\$schema)": )"(.*)"/gm, '$1"../$2"')
    .replace(/"\.\/([^"]*)"/g, '"../$1"')
    // The modules in dist/worker/ are already built (by the main server's start): served as they are.
    .replace(/^\s*"build": \{[^}]*\},?$/m, '');
  const configPath = path.join(root, '.wrangler/leads-cannot-store.jsonc');
  mkdirSync(path.dirname(configPath), { recursive: true });
  writeFileSync(configPath, config);
  return startDevServer({
    name: 'e2e-leads-cannot-store',
    port: await freePort(),
    vars: {
      MAILCHANNELS_API_URL: inject('e2eMailServerUrl'),
      MAILCHANNELS_API_KEY: 'e2e-key',
      FORM_SIGNING_SECRET: 'e2e-signing-secret',
    },
    extraArgs: ['--config', configPath],
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Gzipped size of the built scripts a page loaded (the dev server serves dist/client as is). */
export function gzippedBytes(scripts: readonly string[]): number {
  return [...new Set(scripts)].reduce(
    (total, script) => total + gzipSync(readFileSync(path.join(root, 'dist/client', script)), { level: 9 }).length,
    0,
  );
}

/** A quote request sent as the form would, straight to /api/quote (its token already old enough). */
export async function sendQuote(fields: {
  name: string;
  email: string;
  phone: string;
  address: string;
  details: string;
  service: string;
  'best-time'?: string;
}) {
  const { name, ...rest } = fields;
  const res = await fetch(`${baseUrl()}/api/quote`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `2001:db8:e37::${crypto.randomUUID().slice(0, 4)}` },
    body: JSON.stringify({
      'full-name': name,
      ...rest,
      formToken: await issueFormToken('e2e-signing-secret', 'quote', Date.now() - 10_000),
    }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
}
