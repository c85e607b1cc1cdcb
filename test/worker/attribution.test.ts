import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetLocalPages } from '../../src/cache/isolate-pages';
import { ATTRIBUTION_LIMITS } from '../../src/leads/attribution';
import { call, contactLead, leadsByEmail, ORIGIN, quoteLead, validToken } from './leads-helpers';

/**
 * Where a lead came from, without cookies: the form page fills its hidden attribution field from
 * its own request (Referer and query), the form post carries it back, and the post's Referer
 * names the form page.
 */

const LANDING = `${ORIGIN}/services/drain-unblocking?utm_source=google&utm_medium=cpc&gclid=X`;

/** The hidden attribution field's value in a page, decoded. */
function attributionIn(html: string): Record<string, string> {
  const match = /<input type="hidden" form="(?:contact|quote)-form" name="attribution" value="([^"]*)"\/>/.exec(html);
  expect(match, 'no attribution field').not.toBeNull();
  return Object.fromEntries(new URLSearchParams(match![1]!.replaceAll('&amp;', '&')));
}

/** A browser opening the form page, sent there by `referer` (or by nothing). */
async function openFormPage(path: string, referer?: string) {
  const res = await call(path, { headers: referer ? { Referer: referer } : {} });
  expect(res.status).toBe(200);
  const html = await res.text();
  return { res, html, field: /name="attribution" value="([^"]*)"/.exec(html)![1]!.replaceAll('&amp;', '&') };
}

/** A plain form post from the form page, carrying the hidden field back. */
function postFromPage(path: string, page: string, fields: Record<string, unknown>) {
  const body = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)]));
  return call(path, { method: 'POST', headers: { Origin: ORIGIN, Referer: `${ORIGIN}${page}` }, body, redirect: 'manual' });
}

beforeEach(() => forgetLocalPages());

describe('a lead from an advert', () => {
  it('lands on a service page with utm and gclid, opens /contact, sends the form: the lead keeps all of it', async () => {
    expect((await call('/services/drain-unblocking?utm_source=google&utm_medium=cpc&gclid=X')).status).toBe(200);
    const { field, html } = await openFormPage('/contact', LANDING);
    expect(attributionIn(html)).toEqual({
      previous_page: '/services/drain-unblocking',
      utm_source: 'google',
      utm_medium: 'cpc',
      gclid: 'X',
    });
    const input = await contactLead({ attribution: field });
    expect((await postFromPage('/api/contact', '/contact', input)).status).toBe(303);
    const [lead] = await leadsByEmail(input.email);
    expect(lead).toMatchObject({
      formPage: '/contact',
      previousPage: '/services/drain-unblocking',
      referrerOrigin: null,
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: null,
      gclid: 'X',
      source: 'advert',
    });
  });

  it('works the same through the island (JSON), on the quote form', async () => {
    const { field } = await openFormPage(
      '/free-quote?service=cctv-drain-survey',
      `${ORIGIN}/services/cctv-drain-survey?utm_source=facebook&utm_medium=paid_social&utm_campaign=Spring%20surveys`,
    );
    const input = await quoteLead({ attribution: field });
    const res = await call('/api/quote', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Referer: `${ORIGIN}/free-quote?service=cctv-drain-survey` },
      body: JSON.stringify(input),
    });
    expect(res.status).toBe(202);
    const [lead] = await leadsByEmail(input.email);
    expect(lead).toMatchObject({
      formPage: '/free-quote',
      previousPage: '/services/cctv-drain-survey',
      utmSource: 'facebook',
      utmMedium: 'paid_social',
      utmCampaign: 'Spring surveys',
      source: 'advert',
    });
  });
});

describe('a lead whose form page was the landing page', () => {
  it('a direct visit gives "direct" and nothing else', async () => {
    const { field } = await openFormPage('/contact');
    expect(field).toBe('');
    const input = await contactLead({ attribution: field });
    expect((await postFromPage('/api/contact', '/contact', input)).status).toBe(303);
    const [lead] = await leadsByEmail(input.email);
    expect(lead).toMatchObject({
      formPage: '/contact',
      previousPage: null,
      referrerOrigin: null,
      utmSource: null,
      gclid: null,
      source: 'direct',
    });
  });

  it('from a search engine keeps its origin only, with the form page’s own utm parameters', async () => {
    const { field } = await openFormPage(
      '/contact?utm_source=newsletter&utm_medium=email',
      'https://www.google.co.uk/search?q=blocked+drain+poole',
    );
    expect(Object.fromEntries(new URLSearchParams(field))).toEqual({
      referrer_origin: 'https://www.google.co.uk',
      utm_source: 'newsletter',
      utm_medium: 'email',
    });
    const input = await contactLead({ attribution: field });
    await postFromPage('/api/contact', '/contact?utm_source=newsletter&utm_medium=email', input);
    const [lead] = await leadsByEmail(input.email);
    expect(lead).toMatchObject({ referrerOrigin: 'https://www.google.co.uk', utmSource: 'newsletter', source: 'search' });
  });

  it('a visitor without a Referer on the post still gets the form’s own page', async () => {
    const input = await contactLead();
    const res = await call('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
    expect(res.status).toBe(202);
    const [lead] = await leadsByEmail(input.email);
    expect(lead).toMatchObject({ formPage: '/contact', source: 'direct' });
  });
});

describe('junk in the requests', () => {
  it('is capped or dropped when the form page is filled', async () => {
    const long = 'a'.repeat(500);
    const query = new URLSearchParams({
      utm_source: '<script>alert(1)</script>',
      utm_medium: 'cpc\u0000',
      utm_campaign: long,
      utm_term: `"><img src=x onerror=alert(1)>`,
      utm_content: 'javascript:alert(1)',
      gclid: 'not a gclid!',
    });
    const { field, html } = await openFormPage(`/contact?${query}`, 'https://spam.example:8443/some/path?secret=1');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('onerror=alert');
    expect(Object.fromEntries(new URLSearchParams(field))).toEqual({
      referrer_origin: 'https://spam.example:8443',
      utm_campaign: 'a'.repeat(ATTRIBUTION_LIMITS.utm),
    });
  });

  it('is capped or dropped when a forged field is posted, and never refuses the lead', async () => {
    const forged = new URLSearchParams({
      previous_page: '/etc/passwd',
      referrer_origin: 'javascript:alert(1)',
      utm_source: 'x'.repeat(1000),
      utm_medium: '=HYPERLINK("http://evil.example")',
      utm_term: 'line\nbreak',
      gclid: 'g'.repeat(ATTRIBUTION_LIMITS.gclid + 1),
      source: 'advert',
      form_page: '/admin',
    }).toString();
    const input = await contactLead({ attribution: forged });
    expect((await postFromPage('/api/contact', '/admin/leads', input)).status).toBe(303);
    const [lead] = await leadsByEmail(input.email);
    expect(lead).toMatchObject({
      formPage: '/contact',
      previousPage: null,
      referrerOrigin: null,
      utmSource: 'x'.repeat(ATTRIBUTION_LIMITS.utm),
      utmMedium: null,
      utmTerm: 'line break',
      gclid: null,
      source: 'other site',
    });
  });

  it('an oversized field counts as none at all', async () => {
    const input = await contactLead({ attribution: `utm_source=google&pad=${'p'.repeat(ATTRIBUTION_LIMITS.field)}` });
    expect((await postFromPage('/api/contact', '/contact', input)).status).toBe(303);
    const [lead] = await leadsByEmail(input.email);
    expect(lead).toMatchObject({ utmSource: null, source: 'direct' });
  });
});

describe('the page cache and attribution', () => {
  it('keeps one copy of /contact and fills each response from its own request, privately', async () => {
    const first = await openFormPage('/contact', LANDING);
    const second = await openFormPage('/contact', 'https://www.bing.com/');
    expect(second.res.headers.get('x-page-cache')).toBe('hit');
    expect(first.field).toContain('gclid=X');
    expect(second.field).toBe('referrer_origin=https%3A%2F%2Fwww.bing.com');
    for (const { res } of [first, second]) {
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(res.headers.get('etag')).toBeNull();
    }
    // Never a 304: the browser's old copy would carry an old visit's attribution.
    const again = await call('/contact', { headers: { 'If-None-Match': 'W/"anything"' } });
    expect(again.status).toBe(200);
  });

  it('serves an advert’s landing page from the cache whatever its utm and gclid values', async () => {
    // A service page is built with the deploy: the first answer is that copy, under the bare path's key.
    const first = await call('/services/root-cutting?utm_source=google&gclid=A1');
    expect(first.headers.get('x-page-cache')).toBe('built');
    const second = await call('/services/root-cutting?gclid=B2&utm_campaign=roots');
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(await second.text()).toBe(await first.text());
    // Other unknown parameters still keep a URL out of the cache.
    expect((await call('/services/root-cutting?utm_source=google&junk=1')).headers.get('x-page-cache')).toBeNull();
    expect((await call('/contact?utm_source=google')).headers.get('x-page-cache')).not.toBeNull();
  });

  it('gives the page back with the field kept when a post without JavaScript had a mistake', async () => {
    const { field } = await openFormPage('/contact', LANDING);
    const input = await contactLead({ attribution: field, name: '' });
    const res = await postFromPage('/api/contact', '/contact', input);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(attributionIn(html)).toEqual({
      previous_page: '/services/drain-unblocking',
      utm_source: 'google',
      utm_medium: 'cpc',
      gclid: 'X',
    });
    // Sent again from that page (its URL is the API path): the form page is still /contact.
    const fixed = { ...input, name: 'Alice', formToken: await validToken('contact') };
    expect((await postFromPage('/api/contact', '/api/contact', fixed)).status).toBe(303);
    const [lead] = await leadsByEmail(input.email);
    expect(lead).toMatchObject({
      formPage: '/contact',
      previousPage: '/services/drain-unblocking',
      gclid: 'X',
      source: 'advert',
    });
  });
});

describe('the attribution columns', () => {
  it('exist on leads in the migrated database', async () => {
    const { results } = await env.DB.prepare('PRAGMA table_info(leads)').all<{ name: string }>();
    expect(results.map((column) => column.name)).toEqual(
      expect.arrayContaining(['form_page', 'previous_page', 'referrer_origin', 'utm_source', 'gclid', 'source']),
    );
  });
});
