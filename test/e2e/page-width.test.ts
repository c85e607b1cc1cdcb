import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceSlugs } from '../../src/content/service-slugs';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite } from './browser';
import { contactInput, fill, openLeadPage, pastMinimumFillTime, tag, waitForMail } from './leads-helpers';
import { queryLocalD1 } from './local-d1';

/**
 * Nothing is wider than a phone's screen: the two forms with photos whose names are long (an
 * Android camera's, and 60 characters), with JavaScript and without, then every public page and
 * the admin's pages (one with those photos) at 320 and 375 px. Screenshots go to SHOTS_DIR
 * (default test-results/page-width).
 */

const suite = browserSuite('page-width');
const WIDTHS = [320, 375] as const;

/** Names phones give photos, and one of 60 characters with no break in it. */
const LONG_NAMES = [
  'PXL_20261125_230145123.MP.jpg',
  'IMG_20261125_230145.jpg',
  `PXL_20261125_230145123_BLOCKED_DRAIN_BACK_GARDEN_GULLY${'X'.repeat(2)}.jpg`,
] as const;

let jpeg: Buffer;

/** A small JPEG drawn on a canvas (the server judges photos by their bytes). */
async function drawJpeg(): Promise<Buffer> {
  const page = await suite.browser.newPage();
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#475569';
    g.fillRect(0, 0, 320, 240);
    return canvas.toDataURL('image/jpeg', 0.8);
  });
  await page.close();
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

beforeAll(async () => {
  jpeg = await drawJpeg();
});

const photos = () => LONG_NAMES.map((name) => ({ name, mimeType: 'image/jpeg', buffer: jpeg }));

/** How far the page reaches past the screen's right edge (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Elements (by a short description) whose right edge is past the screen's. */
const offScreen = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) =>
    elements
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}"`),
  );

describe('the forms with long photo names', () => {
  it('is 60 characters, the longest name', () => {
    expect(LONG_NAMES[2]).toHaveLength(60);
  });

  for (const form of ['contact', 'quote'] as const) {
    const pathname = form === 'contact' ? '/contact' : '/free-quote';
    for (const width of WIDTHS) {
      it(`${pathname} at ${width} px with JavaScript: each name on one line, Remove and WhatsApp on screen`, async () => {
        const { page, context } = await openLeadPage(suite.browser, pathname, { viewport: { width, height: 800 } });
        await page.locator(`#${form}-photos`).setInputFiles(photos());
        const names = page.locator('.lead-form__photo-name');
        await expect.poll(() => names.count()).toBe(3);
        await names.first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: suite.shot(`${form}-photos-js-${width}.png`) });
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(
          await offScreen(page, '.lead-form__photo, .lead-form__photo-remove, .lead-form__photo-name, a[href^="https://wa.me"]'),
        ).toEqual([]);
        // One line each (the size is a line of its own below it), cut with an ellipsis, not wrapped.
        for (const name of await names.all()) {
          const { height, fontSize } = await name.evaluate((el) => {
            const range = document.createRange();
            range.selectNodeContents(el.firstChild!);
            return { height: range.getBoundingClientRect().height, fontSize: Number.parseFloat(getComputedStyle(el).fontSize) };
          });
          expect(height).toBeLessThan(fontSize * 2);
        }
        expect(await page.getByRole('button', { name: `Remove ${LONG_NAMES[2]}` }).isVisible()).toBe(true);
        await context.close();
      });

      it(`${pathname} at ${width} px without JavaScript: the file input stays inside the screen`, async () => {
        const { page, context } = await openLeadPage(suite.browser, pathname, {
          viewport: { width, height: 800 },
          javaScript: false,
        });
        await page.locator(`#${form}-photos`).setInputFiles(photos());
        await page.locator(`#${form}-photos`).scrollIntoViewIfNeeded();
        await page.screenshot({ path: suite.shot(`${form}-photos-nojs-${width}.png`) });
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(await offScreen(page, `#${form}-photos, a[href^="https://wa.me"]`)).toEqual([]);
        await context.close();
      });
    }
  }
});

/** Every page a visitor can reach without a form's answer, and one blog post. */
async function publicPaths(): Promise<string[]> {
  const blog = await (await fetch(`${baseUrl()}/blog`)).text();
  const post = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog)?.[1];
  expect(post, 'a blog post on /blog').toBeTruthy();
  return [
    '/',
    '/services',
    ...serviceSlugs.map((slug) => `/services/${slug}`),
    '/faq',
    '/blog',
    post!,
    '/contact',
    '/free-quote',
    '/free-quote?service=drain-unblocking',
    '/privacy',
    '/postcode-check?postcode=BH6%203AA',
    '/postcode-check?postcode=ZZ99%209ZZ',
    '/no-such-page',
  ];
}

describe('no page is wider than the screen', () => {
  for (const width of WIDTHS) {
    it(`every public page at ${width} px`, async () => {
      const context = await suite.browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: false });
      const page = await context.newPage();
      const wide: string[] = [];
      for (const pathname of await publicPaths()) {
        await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'load' });
        const by = await overflow(page);
        if (by > 0) wide.push(`${pathname} by ${by} px`);
      }
      expect(wide).toEqual([]);
      await context.close();
    });
  }

  it('the admin at 320 and 375 px, with a lead whose photos have long names', async () => {
    // The lead, sent as the contact form sends it without JavaScript.
    const {
      page: form,
      context: formContext,
      openedAt,
    } = await openLeadPage(suite.browser, '/contact', {
      viewport: { width: 375, height: 800 },
      javaScript: false,
    });
    const input = { ...contactInput(tag()), name: `Alexandria-Catherine Montgomery-Fotheringham ${tag()}` };
    await fill(form, input);
    await form.locator('#contact-photos').setInputFiles(photos());
    await pastMinimumFillTime(openedAt);
    await Promise.all([form.waitForURL(/\/contact\/sent/), form.getByRole('button', { name: 'Send Message' }).click()]);
    await formContext.close();
    const [mail] = await waitForMail(input.email);
    const leadId = /\/admin\/leads\/([0-9a-f-]{36})/.exec(mail!.body.content[0]!.value)?.[1];
    expect(leadId).toBeTruthy();

    const { context, page } = await signedInAdmin(suite.browser, '/admin/dashboard', {
      viewport: { width: 375, height: 800 },
      javaScriptEnabled: true,
    });
    const adminPaths = [
      '/admin/dashboard',
      '/admin/leads',
      `/admin/leads?q=${encodeURIComponent(input.name)}`,
      `/admin/leads/${leadId}`,
      '/admin/posts',
      '/admin/posts/new',
      '/admin/media',
      '/admin/site',
      // Fourteen times of day (issue 47: their labels collided at 375 px).
      '/admin/site/facts/hours',
      '/admin/alerts',
      '/admin/people',
      '/admin/devices',
      '/admin/audit',
    ];
    const wide: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const pathname of adminPaths) {
        await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'load' });
        const by = await overflow(page);
        if (by > 0) wide.push(`${pathname} at ${width} px by ${by} px`);
      }
      await page.goto(`${baseUrl()}/admin/leads/${leadId}`, { waitUntil: 'load' });
      await page.screenshot({ path: suite.shot(`admin-lead-${width}.png`), fullPage: true });
      await page.goto(`${baseUrl()}/admin/site/facts/hours`, { waitUntil: 'load' });
      await page.screenshot({ path: suite.shot(`admin-hours-${width}.png`), fullPage: true });
    }
    expect(wide).toEqual([]);
    await context.close();
  });
});

/** A day a week ahead, 'YYYY-MM-DD': always bookable. */
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

describe('the booking form on a phone (issue 47: 31 px wider than the screen)', () => {
  it('"Book a visit" and "Change the booking", open, stay inside 320 and 375 px', async () => {
    const {
      page: form,
      context: formContext,
      openedAt,
    } = await openLeadPage(suite.browser, '/contact', {
      viewport: { width: 375, height: 800 },
      javaScript: false,
    });
    const input = contactInput(tag());
    await fill(form, input);
    await pastMinimumFillTime(openedAt);
    await Promise.all([form.waitForURL(/\/contact\/sent/), form.getByRole('button', { name: 'Send Message' }).click()]);
    await formContext.close();
    const [mail] = await waitForMail(input.email);
    const leadId = /\/admin\/leads\/([0-9a-f-]{36})/.exec(mail!.body.content[0]!.value)?.[1];
    expect(leadId).toBeTruthy();

    // "Who goes" lists everyone who may go: an engineer with a long name makes its longest choice.
    const engineer = `Alexandria-Catherine Montgomery-Fotheringham ${tag()}`;
    queryLocalD1(`INSERT INTO people (name, role, created_at) VALUES ('${engineer}', 'engineer', ${Date.now()})`);
    const { context, page } = await signedInAdmin(suite.browser, `/admin/leads/${leadId}`, {
      viewport: { width: 375, height: 800 },
      javaScriptEnabled: true,
    });
    const wide: string[] = [];
    const measure = async (step: string) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${baseUrl()}/admin/leads/${leadId}`, { waitUntil: 'load' });
        await page.click(`summary:has-text("${step}")`);
        await page.locator('#book-day').scrollIntoViewIfNeeded();
        await page.screenshot({ path: suite.shot(`booking-${step.replace(/\W+/g, '-')}-${width}.png`), fullPage: true });
        const by = await overflow(page);
        if (by > 0) wide.push(`${step} at ${width} px by ${by} px`);
        wide.push(...(await offScreen(page, '.lead-step[open] form *')).map((el) => `${step} at ${width} px: ${el}`));
      }
    };
    await measure('Book a visit');
    await page.fill('#book-day', nextWeek());
    await page.check('input[name=window][value="08-10"]');
    // A lead sent without an address is asked for one when it is booked, as the owner would give it.
    if ((await page.locator('#book-address').count()) > 0) await page.fill('#book-address', '1 Test Street, Poole BH14 0AA');
    await page.click('form:has(input[value=booked]) button[type=submit]');
    await expect.poll(() => page.locator('summary:has-text("Change the booking")').count()).toBe(1);
    await measure('Change the booking');
    // Gone again, so no other page's list carries the invented engineer.
    queryLocalD1(`UPDATE people SET removed_at = ${Date.now()} WHERE name = '${engineer}'`);
    expect(wide).toEqual([]);
    await context.close();
  });
});
