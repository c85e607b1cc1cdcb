import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { factsFields } from '../../src/admin/site/facts-form';
import { builtKeysOf } from '../../src/cache/built-pages';
import { forgetLocalPages } from '../../src/cache/isolate-pages';
import { readKept } from '../../src/cache/kept-pages';
import { readShared, sharedKey } from '../../src/cache/shared-pages';
import worker from '../../src/index';
import { publicCaching } from '../../src/routes/caching';
import { defaultFacts } from '../../src/site';
import { forgetRevision } from '../../src/site-content/revision';
import { takeLogs } from '../support/console-guard';
import { freshIp, ORIGIN, type Session, signIn } from './admin-helpers';
import { confirmationsTo, contactLead, ownerMailFor, postJson } from './leads-helpers';
import { newestRevision, postSite } from './site-helpers';

/** Every page built with the deploy. */
const builtPageKeys = builtKeysOf(publicCaching);

/**
 * The owner edits the site in /admin/site: every save is a revision in D1, and every page, the
 * JSON-LD, the privacy notice and both e-mails read the newest one; no cache tier keeps an older page.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});
afterEach(() => {
  vi.useRealTimers();
  takeLogs('info', 'site content published');
});

const page = async (path: string, bindings: Partial<typeof env> = {}) => {
  const res = await worker.fetch(
    new Request(`https://www.example.com${path}`),
    { ...env, ...bindings },
    createExecutionContext(),
  );
  return { res, html: await res.text() };
};
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const revisionCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM content_revisions').first<{ n: number }>())!.n;

/** Whether the Cache API (one data centre's) holds each of these pages for a revision (the newest by default). */
async function inCacheApi(paths: readonly string[], revision?: number): Promise<boolean> {
  const id = revision ?? (await newestRevision());
  const found = await Promise.all(paths.map((path) => readShared(sharedKey(env, path, id, undefined), Date.now())));
  return found.every(Boolean);
}

/** Whether D1 holds each of these pages for every data centre, for a revision (the newest by default). */
async function keptEverywhere(paths: readonly string[], revision?: number): Promise<boolean> {
  const id = revision ?? (await newestRevision());
  const found = await Promise.all(paths.map((path) => readKept(env, path, id, Date.now())));
  return found.every(Boolean);
}

/** A new isolate: nothing in memory, no revision read yet. */
function newIsolate(): void {
  forgetLocalPages();
  forgetRevision();
}

/** This test's D1, counting the statements prepared through it. */
function countedDb() {
  const counted = { statements: 0, db: env.DB };
  counted.db = new Proxy(env.DB, {
    get(target, name) {
      if (name === 'prepare') {
        return (sql: string) => {
          counted.statements++;
          return target.prepare(sql);
        };
      }
      const value = Reflect.get(target, name);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return counted;
}

/**
 * publishFacts with the save keeping its pages (KEEP_ON_SAVE, off for the other worker tests), sent
 * straight to the Worker in this test's own context. Resolves at the answer; `kept` at the end of
 * the work after it.
 */
async function publishFactsKeeping(changes: Record<string, string>) {
  const body = new URLSearchParams({
    ...factsFields(defaultFacts),
    ...changes,
    revision: String(await newestRevision()),
    _csrf: session.csrf,
  });
  const headers = { Cookie: session.cookie, Origin: ORIGIN, 'CF-Connecting-IP': freshIp() };
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}/admin/site/facts`, { method: 'POST', body, headers, redirect: 'manual' }),
    { ...env, KEEP_ON_SAVE: 'on' },
    ctx,
  );
  expect(res.headers.get('location')).toBe('/admin/site/facts?saved');
  return { revision: await newestRevision(), kept: waitOnExecutionContext(ctx) };
}

async function publishFacts(changes: Record<string, string>) {
  const res = await postSite(session, '/admin/site/facts', { ...factsFields(defaultFacts), ...changes });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/admin/site/facts?saved');
}

describe('a new emergency number', () => {
  it('is on every page, in the JSON-LD, the privacy notice and both e-mails', async () => {
    const before = await page('/');
    expect(before.html).toContain('01632 960 123');
    expect(before.res.headers.get('x-content-revision')).toBe('0');

    await publishFacts({ emergencyPhone: '01632 960 999' });
    // The history says what changed, and who saved it.
    const saved = await env.DB.prepare('SELECT author, summary FROM content_revisions ORDER BY id DESC LIMIT 1').first();
    expect(saved).toEqual({ author: 'Owner', summary: 'Business facts: emergency number' });

    const home = await page('/');
    expect(home.html).toContain('01632 960 999');
    expect(home.html).not.toContain('01632 960 123');
    expect(home.html).toContain('href="tel:+441632960999"');
    const business = jsonLdOf(home.html).find((data) => data['@type'] === 'Plumber')!;
    expect(business.telephone).toBe('+441632960999');

    const service = await page('/services/drain-unblocking');
    expect(service.html).toContain('01632 960 999');
    const footer = service.html.slice(service.html.indexOf('<footer'));
    expect(footer).toContain('href="tel:+441632960999"');
    expect(JSON.stringify(jsonLdOf(service.html))).toContain('+441632960999');

    expect((await page('/privacy')).html).toContain('01632 960 999');

    const lead = await contactLead();
    expect((await postJson('/api/contact', lead)).status).toBe(202);
    const [confirmation] = await confirmationsTo(lead.email);
    expect(JSON.stringify(confirmation!.body.content)).toContain('01632 960 999');
    const [owner] = await ownerMailFor(lead.email);
    expect(owner).toBeTruthy();
  });

  it('is refused when it is not a UK number, with the form back as typed and nothing saved', async () => {
    const count = await revisionCount();
    const res = await postSite(session, '/admin/site/facts', {
      ...factsFields(defaultFacts),
      emergencyPhone: 'call me maybe',
      reviewsUrl: 'http://example.com',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('value="call me maybe"');
    expect(html).toContain('Please enter the emergency number as a UK number');
    expect(html).toContain('Please give the Google reviews link as a full https:// address.');
    expect(await revisionCount()).toBe(count);
  });
});

describe('tiers after a revision change', () => {
  it('no tier serves the old page: memory, the Cache API, nor the pages built with the deploy', async () => {
    forgetLocalPages();
    await page('/faq');
    const kept = await page('/faq');
    expect(kept.res.headers.get('x-page-cache')).toBe('hit');
    await (await publishFactsKeeping({ emergencyPhone: '01632 960 777' })).kept;
    const after = await page('/faq');
    expect(after.res.headers.get('x-page-cache')).toBe('hit');
    expect(after.html).toContain('01632 960 777');
    // A new isolate (nothing in memory) with the built pages switched on: neither they nor the
    // Cache API hold a page of this revision older than the edit.
    newIsolate();
    const fresh = await page('/faq', { BUILT_PAGES: 'on' });
    expect(fresh.res.headers.get('x-page-cache')).not.toBe('built');
    expect(fresh.html).toContain('01632 960 777');
  });
});

describe('the pages after a save', () => {
  /** A visitor's request to a Worker that keeps pages, as deployed. */
  const visit = (path: string, bindings: Partial<typeof env> = {}) => page(path, { KEEP_ON_SAVE: 'on', ...bindings });

  it('are rendered once by the save and kept, so the next visitor in any isolate of any data centre gets a kept copy', async () => {
    await (await publishFactsKeeping({ emergencyPhone: '01632 960 778' })).kept;
    expect(await keptEverywhere(builtPageKeys)).toBe(true);
    // D1 is the one copy: the Cache API, which only this data centre would read, holds none.
    expect(await inCacheApi(['/'])).toBe(false);
    // A new isolate, here or in any other data centre: the copy comes with the revision it reads.
    for (const path of ['/', '/services/drain-unblocking', '/faq', '/contact']) {
      newIsolate();
      const { res, html } = await visit(path, { BUILT_PAGES: 'on' });
      expect(res.headers.get('x-page-cache'), path).toBe('kept');
      expect(html, path).toContain('01632 960 778');
      expect(html, path).not.toContain('__form_token_');
    }
    // And with one D1 statement (the revision's, which every page makes).
    for (const path of ['/', '/contact']) {
      newIsolate();
      const d1 = countedDb();
      const { res, html } = await visit(path, { DB: d1.db });
      expect(res.headers.get('x-page-cache'), path).toBe('kept');
      expect(d1.statements, path).toBe(1);
      expect(html, path).toContain('01632 960 778');
      expect(html, path).not.toContain('__form_token_');
    }
  });

  it('are kept for the newest revision when a second save comes while the first keeps its pages', async () => {
    const first = await publishFactsKeeping({ emergencyPhone: '01632 960 779' });
    const second = await publishFactsKeeping({ emergencyPhone: '01632 960 780' });
    await Promise.all([first.kept, second.kept]);
    // The first stopped once the second was known; the second kept every page, and D1 holds no older copy.
    expect(await keptEverywhere(builtPageKeys, first.revision)).toBe(false);
    expect(await keptEverywhere(builtPageKeys, second.revision)).toBe(true);
    const older = await env.DB.prepare('SELECT count(*) AS n FROM kept_pages WHERE revision < ?1')
      .bind(second.revision)
      .first<{ n: number }>();
    expect(older?.n).toBe(0);
    newIsolate();
    const { res, html } = await visit('/');
    expect(res.headers.get('x-page-cache')).toBe('kept');
    expect(html).toContain('01632 960 780');
  });

  it('reach an isolate that read the new revision for another page, with a statement of their own', async () => {
    await (await publishFactsKeeping({ emergencyPhone: '01632 960 783' })).kept;
    newIsolate();
    await visit('/privacy'); // the revision is read with this page, and known for a while after
    const d1 = countedDb();
    const { res, html } = await visit('/faq', { DB: d1.db });
    expect(res.headers.get('x-page-cache')).toBe('kept');
    expect(d1.statements).toBe(1);
    expect(html).toContain('01632 960 783');
  });

  it('are rendered once after a deploy and kept for every data centre by that first render', async () => {
    // The save kept nothing (as after a deploy, whose version no copy belongs to).
    await publishFacts({ emergencyPhone: '01632 960 784' });
    expect(await keptEverywhere(['/services'])).toBe(false);
    newIsolate();
    const ctx = createExecutionContext();
    const first = await worker.fetch(new Request('https://www.example.com/services'), { ...env, KEEP_ON_SAVE: 'on' }, ctx);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const body = await first.text();
    await waitOnExecutionContext(ctx);
    expect(await keptEverywhere(['/services'])).toBe(true);
    newIsolate();
    const { res, html } = await visit('/services');
    expect(res.headers.get('x-page-cache')).toBe('kept');
    expect(html).toBe(body);
    expect(res.headers.get('etag')).toBe(first.headers.get('etag'));
    // Blog pages change with every post: they stay with the Cache API and its blog generation.
    const blog = createExecutionContext();
    await (await worker.fetch(new Request('https://www.example.com/blog'), { ...env, KEEP_ON_SAVE: 'on' }, blog)).text();
    await waitOnExecutionContext(blog);
    expect(await env.DB.prepare("SELECT key FROM kept_pages WHERE key LIKE '/blog%'").first()).toBeNull();
  });

  it('are never served to another deploy, nor once they expire', async () => {
    await (await publishFactsKeeping({ emergencyPhone: '01632 960 785' })).kept;
    newIsolate();
    const next = await visit('/', { CF_VERSION_METADATA: { id: 'the-next-deploy', tag: '', timestamp: '' } });
    expect(next.res.headers.get('x-page-cache')).toBe('miss');
    expect(next.html).toContain('01632 960 785');
    await env.DB.prepare("UPDATE kept_pages SET meta = json_set(meta, '$.expires', 1) WHERE key = '/faq'").run();
    newIsolate();
    const expired = await visit('/faq');
    expect(expired.res.headers.get('x-page-cache')).toBe('miss');
    expect(expired.html).toContain('01632 960 785');
  });

  it('are kept by the cron where this deploy has none for the revision, and only those', async () => {
    const cron = async (bindings: Partial<typeof env>) => {
      const ctx = createExecutionContext();
      await worker.scheduled!(createScheduledController({ cron: '*/5 * * * *' }), { ...env, ...bindings }, ctx);
      await waitOnExecutionContext(ctx);
    };
    // A save that kept nothing: the first cron run keeps every page the save would have.
    await publishFacts({ emergencyPhone: '01632 960 786' });
    expect(await keptEverywhere(builtPageKeys)).toBe(false);
    await cron({ KEEP_ON_SAVE: 'on' });
    expect(takeLogs('info', 'missing kept pages rendered')).toHaveLength(1);
    expect(await keptEverywhere(builtPageKeys)).toBe(true);
    newIsolate();
    const { res, html } = await visit('/');
    expect(res.headers.get('x-page-cache')).toBe('kept');
    expect(html).toContain('01632 960 786');
    // Nothing missing: the next run renders nothing.
    await cron({ KEEP_ON_SAVE: 'on' });
    expect(takeLogs('info', 'missing kept pages rendered')).toHaveLength(0);
    // One page gone (expired): the next run renders that one alone.
    await env.DB.prepare("UPDATE kept_pages SET meta = json_set(meta, '$.expires', 1) WHERE key = '/faq'").run();
    const before = await env.DB.prepare("SELECT body FROM kept_pages WHERE key = '/'").first<{ body: string }>();
    await cron({ KEEP_ON_SAVE: 'on' });
    const [line] = takeLogs('info', 'missing kept pages rendered');
    expect(line?.count).toBe(1);
    expect(await keptEverywhere(['/faq'])).toBe(true);
    expect(await env.DB.prepare("SELECT body FROM kept_pages WHERE key = '/'").first<{ body: string }>()).toEqual(before);
    // After a deploy, no row is of its version: the run keeps them all for it.
    const deploy = { CF_VERSION_METADATA: { id: 'the-next-deploy', tag: '', timestamp: '' } };
    await cron({ KEEP_ON_SAVE: 'on', ...deploy });
    expect(takeLogs('info', 'missing kept pages rendered')).toHaveLength(1);
    expect(await keptEverywhere(builtPageKeys)).toBe(false); // the old deploy's rows were replaced
    newIsolate();
    expect((await visit('/', deploy)).res.headers.get('x-page-cache')).toBe('kept');
    // Switched off, the cron keeps nothing.
    await publishFacts({ emergencyPhone: '01632 960 787' });
    await cron({});
    expect(takeLogs('info', 'missing kept pages rendered')).toHaveLength(0);
    expect(await keptEverywhere(['/'])).toBe(false);
  });

  it('are left to their first visitors when KEEP_ON_SAVE is off', async () => {
    await publishFacts({ emergencyPhone: '01632 960 782' });
    expect(await inCacheApi(['/'])).toBe(false);
    expect(await keptEverywhere(['/'])).toBe(false);
    newIsolate();
    const { res, html } = await page('/');
    expect(res.headers.get('x-page-cache')).toBe('miss');
    expect(html).toContain('01632 960 782');
  });
});

describe('when D1 cannot be read', () => {
  it('still answers, from the defaults, but keeps nothing and serves no kept or built copy', async () => {
    newIsolate();
    const broken = {
      prepare() {
        throw new Error('D1 is down');
      },
    };
    const call = () =>
      worker.fetch(
        new Request('https://www.example.com/faq'),
        { ...env, DB: broken as unknown as D1Database, BUILT_PAGES: 'on' },
        createExecutionContext(),
      );
    for (let i = 0; i < 2; i++) {
      const res = await call();
      expect(res.status).toBe(200);
      expect(res.headers.get('x-page-cache')).toBeNull();
      expect(await res.text()).toContain('Frequently Asked Questions');
    }
    forgetRevision();
  });
});

describe('a notice', () => {
  it('shows only between its start and its end, UK time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-24T12:00:00Z'));
    // Signed in on the day: a session lasts 12 hours.
    const res = await postSite(await signIn(), '/admin/site/notices', {
      text: 'Christmas Day: emergency calls only',
      starts: '2026-12-25T00:00',
      ends: '2026-12-26T00:00',
      hoursChange: 'closed',
    });
    expect(res.headers.get('location')).toBe('/admin/site/notices?saved');
    const first = await page('/');
    expect(first.html).not.toContain('Christmas Day: emergency calls only');

    vi.setSystemTime(new Date('2026-12-25T09:00:00Z'));
    const during = await page('/');
    expect(during.html).toContain('Christmas Day: emergency calls only');
    expect((await page('/services')).html).toContain('Christmas Day: emergency calls only');
    const business = jsonLdOf(during.html).find((data) => data['@type'] === 'Plumber')!;
    expect(business.specialOpeningHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: '2026-12-25',
        validThrough: '2026-12-26',
        opens: '00:00',
        closes: '00:00',
      },
    ]);

    vi.setSystemTime(new Date('2026-12-26T00:00:01Z'));
    expect((await page('/')).html).not.toContain('Christmas Day: emergency calls only');
  });

  it('is refused when it ends before it starts', async () => {
    const count = await revisionCount();
    const res = await postSite(session, '/admin/site/notices', {
      text: 'Back soon',
      starts: '2026-12-25T10:00',
      ends: '2026-12-25T09:00',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('The end must be after the start.');
    expect(await revisionCount()).toBe(count);
  });
});

describe('prices, the FAQ and restoring', () => {
  it('a price shows on the service page and its card, with its Offer', async () => {
    const res = await postSite(session, '/admin/site/prices', { 'price-drain-unblocking': '85', 'vat-drain-unblocking': 'on' });
    expect(res.status).toBe(303);
    const service = await page('/services/drain-unblocking');
    expect(service.html).toContain('From <strong>£85</strong> (VAT included)');
    const offer = jsonLdOf(service.html).find((data) => data['@type'] === 'Service')!.offers as Record<string, unknown>;
    expect(offer).toMatchObject({
      '@type': 'Offer',
      priceSpecification: { minPrice: 85, priceCurrency: 'GBP', valueAddedTaxIncluded: true },
    });
    expect((await page('/services')).html).toContain('From <strong>£85</strong>');
    // Other services show none.
    const other = await page('/services/soakaways');
    expect(other.html).not.toContain('From <strong>');
    expect(JSON.stringify(jsonLdOf(other.html))).not.toContain('Offer');

    const bad = await postSite(session, '/admin/site/prices', { 'price-drain-unblocking': 'lots' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Please give the price in pounds');
  });

  it('a new FAQ is on /faq and in its FAQPage; restoring the version before brings the old list back', async () => {
    const faq = await page('/faq');
    const questions = jsonLdOf(faq.html).find((data) => data['@type'] === 'FAQPage')!.mainEntity as unknown[];
    const before = (await env.DB.prepare('SELECT max(id) AS id FROM content_revisions').first<{ id: number }>())!.id;

    const fields: Record<string, string> = {};
    const count = questions.length;
    for (const [i, q] of (questions as { name: string; acceptedAnswer: { text: string } }[]).entries()) {
      fields[`question${i}`] = q.name;
      fields[`answer${i}`] = q.acceptedAnswer.text;
    }
    fields[`question${count}`] = 'Do you clear septic tanks?';
    fields[`answer${count}`] = 'We empty and jet septic tanks and soakaways across the New Forest.';
    expect((await postSite(session, '/admin/site/faq', fields)).status).toBe(303);
    const after = await page('/faq');
    expect(after.html).toContain('Do you clear septic tanks?');
    const entity = jsonLdOf(after.html).find((data) => data['@type'] === 'FAQPage')!.mainEntity as { name: string }[];
    expect(entity.map((q) => q.name)).toContain('Do you clear septic tanks?');

    const restored = await postSite(session, `/admin/site/history/${before}/restore`, {});
    expect(restored.status).toBe(303);
    expect((await page('/faq')).html).not.toContain('Do you clear septic tanks?');

    // Every question removed is refused: the FAQ page needs one.
    const none = Object.fromEntries(questions.map((_, i) => [`remove${i}`, 'on']));
    const emptied = await postSite(session, '/admin/site/faq', {
      ...fields,
      ...none,
      [`question${count}`]: '',
      [`answer${count}`]: '',
    });
    expect(emptied.status).toBe(400);
    expect(await emptied.text()).toContain('Keep at least one question');
  });

  it('a review not from Google is not marked "Verified on Google"', async () => {
    const res = await postSite(session, '/admin/site/reviews', {
      name0: 'Priya K.',
      location0: 'Poole',
      rating0: '5',
      text0: 'Came out the same evening and cleared the drain in twenty minutes.',
      date0: '2026-11-01',
      source0: 'other',
      order0: '1',
      // The other two reviews of the defaults are taken down.
      remove1: 'on',
      remove2: 'on',
    });
    expect(res.status).toBe(303);
    const home = (await page('/')).html;
    expect(home).toContain('Came out the same evening');
    expect(home).not.toContain('Verified on Google');
    expect(
      await exports.default
        .fetch('https://www.example.com/admin/site/history', { headers: { cookie: session.cookie } })
        .then((r) => r.status),
    ).toBe(200);
  });
});
