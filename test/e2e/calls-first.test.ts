import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serviceSlugs } from '../../src/content/service-slugs';
import { baseUrl, browserSuite, DESKTOP, PHONE } from './browser';
import { contactInput, fill, openLeadPage, pastMinimumFillTime, quoteInput, tag, toast, waitForMail } from './leads-helpers';
import { signedIn } from './posts-helpers';

/**
 * Issue 23, "Calls first": on a phone every public screen offers the number as a call link in
 * its first screen, the call bar never hides the footer, and every sent form leaves a panel with
 * the reference the owner sees in the admin.
 */

const suite = browserSuite('calls-first');

const EMERGENCY_DISPLAY = '01632 960 123';

async function open(pathname: string, viewport: { width: number; height: number }) {
  const page = await suite.browser.newPage({ viewport });
  await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'load' });
  return page;
}

/** The tel: links inside <main> that are wholly on the first screen, visible, and show the number. */
const firstScreenCallLinks = (page: Page) =>
  page.evaluate(
    ({ display }) =>
      [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="tel:"]')]
        .filter((link) => {
          const box = link.getBoundingClientRect();
          const style = getComputedStyle(link);
          return (
            box.width > 0 &&
            box.top >= 0 &&
            box.bottom <= window.innerHeight &&
            style.visibility !== 'hidden' &&
            link.textContent?.includes(display)
          );
        })
        .map((link) => link.textContent?.trim()),
    { display: EMERGENCY_DISPLAY },
  );

describe('at 375 x 812', () => {
  for (const pathname of ['/', ...serviceSlugs.map((slug) => `/services/${slug}`)]) {
    it(`${pathname} shows the number as a call link on its first screen, and the call bar`, async () => {
      const page = await open(pathname, PHONE);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await firstScreenCallLinks(page)).not.toEqual([]);
      const bar = page.locator('.call-bar');
      expect(await bar.isVisible()).toBe(true);
      const call = bar.locator('a[href^="tel:"]');
      expect(await call.textContent()).toContain(EMERGENCY_DISPLAY);
      expect(await call.getAttribute('ping')).toBe('/api/tap?channel=call');
      expect(await bar.locator('a[href^="https://wa.me/"]').getAttribute('ping')).toBe('/api/tap?channel=whatsapp');
      const box = (await bar.boundingBox())!;
      expect(box.y + box.height).toBeCloseTo(PHONE.height, 0);
      // Tap targets of at least 48 px.
      for (const link of await bar.locator('a').all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(48);
      await page.close();
    });
  }

  it('the call bar never covers the footer’s last line', async () => {
    for (const pathname of ['/', '/services/drain-unblocking', '/contact', '/postcode-check?postcode=BH6']) {
      const page = await open(pathname, PHONE);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForFunction(
        () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
      );
      const last = page.locator('.site-footer a').last();
      const linkBox = (await last.boundingBox())!;
      const barBox = (await page.locator('.call-bar').boundingBox())!;
      expect(linkBox.y + linkBox.height, pathname).toBeLessThanOrEqual(barBox.y);
      // And it is the link, not the bar, under a finger on it.
      const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent, {
        x: linkBox.x + linkBox.width / 2,
        y: linkBox.y + linkBox.height / 2,
      });
      expect(hit).toBe(await last.textContent());
      if (pathname === '/') await page.screenshot({ path: suite.shot('home-bottom-375.png') });
      await page.close();
    }
  });

  it('the call bar is not on the admin', async () => {
    const page = await open('/admin/login', PHONE);
    expect(await page.locator('.call-bar').count()).toBe(0);
    await page.close();
  });
});

describe('at 1280', () => {
  it('there is no call bar', async () => {
    for (const pathname of ['/', '/services/drain-unblocking', '/contact']) {
      const page = await open(pathname, DESKTOP);
      expect(await page.locator('.call-bar').isVisible(), pathname).toBe(false);
      await page.close();
    }
  });
});

describe('printed', () => {
  it('a page leaves out the header menus, the call bar and the map', async () => {
    const page = await open('/services/drain-unblocking', PHONE);
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['.call-bar', '.main-nav', '.site-header__actions', '.areas-map'])
      expect(await page.locator(selector).first().isVisible(), selector).toBe(false);
    expect(await page.locator('.site-header').evaluate((el) => getComputedStyle(el).position)).toBe('static');
    await page.close();
  });
});

describe('a quote for the service chosen', () => {
  it('/free-quote?service=drain-unblocking never says CCTV', async () => {
    const page = await open('/free-quote?service=drain-unblocking', PHONE);
    expect(await page.title()).not.toContain('CCTV');
    // The page's own words: all of <main> but the service list the visitor may switch to.
    const words = await page.evaluate(() => {
      const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
      for (const select of main.querySelectorAll('select#quote-service')) select.remove();
      return `${main.textContent} ${[...main.querySelectorAll('[placeholder]')].map((el) => el.getAttribute('placeholder')).join(' ')}`;
    });
    expect(words).toContain('Drain Unblocking');
    expect(words).not.toMatch(/CCTV|survey/i);
    await page.screenshot({ path: suite.shot('quote-drain-unblocking-375.png') });
    await page.close();
  });
});

/** The reference the admin shows for the lead whose owner's e-mail mentions `marker`. */
async function adminReference(marker: string): Promise<string> {
  const [mail] = await waitForMail(marker);
  const id = /\/admin\/leads\/([0-9a-f-]{36})/.exec(mail!.body.content[0]!.value)![1]!;
  const admin = await signedIn(suite.browser, DESKTOP, false);
  await admin.page.goto(`${baseUrl()}/admin/leads/${id}`);
  const meta = await admin.page.locator('.admin-item__meta').first().textContent();
  await admin.context.close();
  return /Ref\. ([0-9A-F]{8})/.exec(meta ?? '')![1]!;
}

describe('the panel that stays after a send', () => {
  for (const javaScript of [true, false]) {
    const how = javaScript ? 'with JavaScript' : 'without JavaScript';
    it(`contact ${how}: the reference the admin shows, when we call, the e-mail and the call link`, async () => {
      const viewport = javaScript ? PHONE : DESKTOP;
      const { page, context, openedAt } = await openLeadPage(suite.browser, '/contact', { viewport, javaScript });
      const input = contactInput(tag());
      await fill(page, input);
      await pastMinimumFillTime(openedAt);
      if (javaScript) {
        await page.getByRole('button', { name: 'Send Message' }).click();
        await toast(page).waitFor();
        expect(await toast(page).locator('.toast__title').textContent()).toBe('Message Sent!');
      } else {
        await Promise.all([page.waitForURL(/\/contact\/sent\?ref=/), page.getByRole('button', { name: 'Send Message' }).click()]);
      }
      const panel = page.locator('.sent-panel');
      // With JavaScript the panel's code arrives once the send has succeeded.
      await panel.waitFor();
      const reference = await panel.locator('.sent-panel__reference').textContent();
      expect(reference).toBe(await adminReference(input.email));
      expect(await panel.textContent()).toContain('We call back every message and quote request within one working day.');
      expect(await panel.textContent()).toContain('A confirmation e-mail is on its way to you.');
      const urgent = panel.getByRole('link', { name: `Urgent? Call ${EMERGENCY_DISPLAY} now` });
      expect(await urgent.getAttribute('href')).toBe('tel:+441632960123');
      await page.screenshot({ path: suite.shot(`contact-sent-${javaScript ? 'js' : 'nojs'}-${viewport.width}.png`) });

      if (javaScript) {
        // It stays: the toast goes, the panel does not.
        await toast(page).waitFor({ state: 'detached', timeout: 10_000 });
        expect(await panel.isVisible()).toBe(true);
        await page.getByRole('button', { name: 'Send another message' }).click();
        expect(await panel.count()).toBe(0);
        expect(await page.locator('#contact-name').inputValue()).toBe('');
        expect(await page.locator('#contact-message').inputValue()).toBe('');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
      } else {
        await page.getByRole('link', { name: 'Send another message' }).click();
        await page.waitForURL(/\/contact$/);
        expect(await page.locator('#contact-name').inputValue()).toBe('');
      }
      await context.close();
    });

    it(`quote for drain unblocking ${how}: the panel names the service and shows the admin's reference`, async () => {
      const viewport = javaScript ? DESKTOP : PHONE;
      const { page, context, openedAt } = await openLeadPage(suite.browser, '/free-quote?service=drain-unblocking', {
        viewport,
        javaScript,
      });
      const input = quoteInput(tag());
      await fill(page, input);
      await pastMinimumFillTime(openedAt);
      if (javaScript) {
        await page.getByRole('button', { name: 'Request My Free Quote' }).click();
        await toast(page).waitFor();
        expect(await toast(page).locator('.toast__description').textContent()).toBe(
          "Thank you for your request. We'll be in touch shortly with your free drain unblocking quote.",
        );
      } else {
        await Promise.all([
          page.waitForURL(/\/free-quote\/sent\?ref=[0-9A-F]{8}&service=drain-unblocking$/),
          page.getByRole('button', { name: 'Request My Free Quote' }).click(),
        ]);
      }
      const panel = page.locator('.sent-panel');
      // With JavaScript the panel's code arrives once the send has succeeded.
      await panel.waitFor();
      expect(await panel.locator('.sent-panel__reference').textContent()).toBe(await adminReference(input.email));
      // What is on screen (the form behind the panel is hidden, its service list with it).
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a visitor reads
      const main = await page.locator('main').innerText();
      expect(main).toContain('drain unblocking quote');
      expect(main).not.toContain('CCTV');
      await page.screenshot({ path: suite.shot(`quote-sent-${javaScript ? 'js' : 'nojs'}-${viewport.width}.png`) });
      await context.close();
    });
  }
});
