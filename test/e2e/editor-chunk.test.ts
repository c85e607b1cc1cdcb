import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, PHONE } from './browser';

/**
 * The visual editor's code (Tiptap, about 154 KB gzip, its own chunk) is fetched on the post
 * editor only: every other admin screen the menu and the site content page link to, and the
 * public pages, load none of it; nor do the public pages fetch the list of the admin's islands.
 * With JavaScript on, at 375 px, every island allowed to start.
 */

const suite = browserSuite();
const EDITOR_CHUNK = /\/assets\/VisualEditor-[\w-]+\.js$/;
/** The list of the admin's islands (adminIslandLoaders, in its own chunk): a visitor's browser never fetches it. */
const ADMIN_ISLANDS = /\/assets\/admin-registry-[\w-]+\.js$/;

/** The paths of the links on the page under `scope`, within /admin, without their query. */
const linksIn = (page: Page, scope: string) =>
  page.$$eval(scope, (links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));

describe('the visual editor’s chunk', () => {
  it('is fetched by the post editor and by no other admin screen or public page', async () => {
    const { context, page } = await signedInAdmin(suite.browser, '/admin/posts', { viewport: PHONE, javaScriptEnabled: true });
    const fetched: string[] = [];
    const adminListOn = new Set<string>();
    page.on('request', (req) => {
      if (EDITOR_CHUNK.test(new URL(req.url()).pathname)) fetched.push(new URL(page.url()).pathname);
      if (ADMIN_ISLANDS.test(new URL(req.url()).pathname)) adminListOn.add(new URL(page.url()).pathname);
    });
    /** Opens the path and lets every island start (they start when near the screen and the browser is idle). */
    const visit = async (path: string) => {
      await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
      await page.mouse.wheel(0, 20_000);
      await page.waitForLoadState('networkidle');
    };

    // A new post is written in the visual editor (a post's own editor too, unless it holds HTML or a table).
    await visit('/admin/posts/new');
    await page.waitForSelector('.post-editor__visual-text');
    expect(fetched).toEqual(['/admin/posts/new']);

    fetched.length = 0;
    await visit('/admin/site');
    const others = new Set([
      ...(await linksIn(page, 'a[href^="/admin/"]')),
      ...(await linksIn(page, 'main a[href^="/admin/site/"]')),
      '/admin/media',
      '/admin/leads',
    ]);
    const screens = [...others].filter((path) => !/\/(logout|login)|\/edit$|\/posts\/new$|\.webmanifest$/.test(path));
    expect(screens.length).toBeGreaterThan(12);
    for (const path of screens) await visit(path);
    expect(fetched).toEqual([]);
    expect(adminListOn.has('/admin/posts/new')).toBe(true);

    // Public pages, the contact form started by a tap into it: neither the editor nor the admin's list of islands.
    adminListOn.clear();
    for (const path of ['/', '/blog', '/contact']) await visit(path);
    await page.locator('form.lead-form input:not([type=hidden])').first().focus();
    await page.waitForSelector('form.lead-form[novalidate]');
    expect(fetched).toEqual([]);
    expect([...adminListOn]).toEqual([]);
    await context.close();
  });
});
