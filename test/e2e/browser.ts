import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

/**
 * Debian's Chromium, headless, with the flags this machine needs (no background network).
 * `webgl`: software WebGL (SwiftShader) instead of no GPU, for the pages that draw a live map.
 */
function launchBrowser({ webgl = false } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      ...(webgl ? ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] : ['--disable-gpu']),
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

/** Where a file's screenshots go: SHOTS_DIR when set, else test-results/<folder> (an absolute folder as it is). */
export const shotsFolder = (folder: string) =>
  process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-results', folder);

export interface BrowserSuite {
  /** The file's Chromium: launched before its first test, closed after its last. */
  readonly browser: Browser;
  /** The path of a screenshot file in the file's folder (see shotsFolder), which is made before its first test. */
  shot(file: string): string;
}

/**
 * The setup the browser test files share: one Chromium for the file and, given a folder, the
 * folder its screenshots go to. Call it at the top of the file. A file's own beforeAll hooks run
 * after the launch and its afterAll hooks before the close (vitest runs afterAll hooks in reverse).
 */
export function browserSuite(folder?: string, options: { webgl?: boolean } = {}): BrowserSuite {
  const shots = folder === undefined ? undefined : shotsFolder(folder);
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (shots) mkdirSync(shots, { recursive: true });
    browser = await launchBrowser(options);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('the browser is launched in beforeAll: use suite.browser inside a hook or test');
      return browser;
    },
    shot(file) {
      if (shots === undefined) throw new Error('browserSuite() was given no screenshots folder');
      return path.join(shots, file);
    },
  };
}

/** Whether the page is no wider than the screen (nothing to scroll sideways). */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * A page that records console errors and failed requests, so a test can assert a clean run.
 */
export async function openPage(
  browser: Browser,
  path: string,
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load' });
  return { page, context, errors };
}
