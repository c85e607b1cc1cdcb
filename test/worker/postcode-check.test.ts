import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { services } from '../../src/content/services';
import { site } from '../support/content';

/** "Do we cover you?": the GET form in the areas section and its answer page (issue 23). */

async function check(typed: string) {
  const res = await exports.default.fetch(`https://www.example.com/postcode-check?${new URLSearchParams({ postcode: typed })}`);
  const html = await res.text();
  const answer = html.slice(
    html.indexOf('class="postcode-answer'),
    html.indexOf('</div>', html.indexOf('class="postcode-answer')),
  );
  return { res, html, answer };
}

const callLink = new RegExp(
  `href="${site.phone.emergency.href.replace('+', '\\+')}"[^>]*>(?:(?!</a>).)*Call ${site.phone.emergency.display}</a>`,
);

describe('the postcode check form', () => {
  for (const path of ['/', ...services.map((service) => `/services/${service.slug}`)]) {
    it(`is a plain GET form in the areas section of ${path}`, async () => {
      const html = await (await exports.default.fetch(`https://www.example.com${path}`)).text();
      const areas = html.slice(html.indexOf('class="section areas-section"'));
      expect(areas).toMatch(/<form class="postcode-check"[^>]*action="\/postcode-check" method="get">/);
      expect(areas).toContain('Do we cover you?');
      expect(areas).toMatch(/<input id="postcode-check"[^>]*name="postcode"/);
    });
  }
});

describe('the postcode check answer', () => {
  it.each([
    ['BH6', 'BH6'],
    ['BH23 1AA', 'BH23'],
    ['bh231aa', 'BH23'],
  ])('%s is covered', async (typed, district) => {
    const { res, answer } = await check(typed);
    expect(res.status).toBe(200);
    expect(answer).toContain(`<h2>Yes, we cover ${district}</h2>`);
    expect(answer).toMatch(callLink);
  });

  it.each([
    ['Christchurch', 'Christchurch'],
    ['milford on sea', 'Milford on Sea'],
    ['new-forest', 'New Forest'],
  ])('%j, a place it lists as served, is covered', async (typed, place) => {
    const { res, answer, html } = await check(typed);
    expect(html).toMatch(new RegExp(`Areas we serve</h2><p>[^<]*${place}`));
    expect(res.status).toBe(200);
    expect(answer).toContain(`<h2>Yes, we cover ${place}</h2>`);
    expect(answer).toMatch(callLink);
  });

  it('carries a postcode on in its normal form', async () => {
    const { answer } = await check('bh231aa');
    expect(answer).toContain('href="/contact?postcode=BH23+1AA"');
  });

  it('SO14 is outside: call us, we may still help', async () => {
    const { res, answer } = await check('SO14');
    expect(res.status).toBe(200);
    expect(answer).toContain('<h2>SO14 is outside our usual area</h2>');
    expect(answer).toContain('Call us: we may still be able to help');
    expect(answer).toMatch(callLink);
  });

  it.each([
    ['hello', 'That is not a UK postcode'],
    ['', 'Please type a postcode'],
    ['   ', 'Please type a postcode'],
    ['A'.repeat(500), 'That is not a UK postcode'],
    ['<script>alert(1)</script>', 'That is not a UK postcode'],
    ['😀🚽', 'That is not a UK postcode'],
    ['BH6 hello', 'That is not a UK postcode'],
  ])('%j gets a clear 400, never a 5xx', async (typed, heading) => {
    const { res, html, answer } = await check(typed);
    expect(res.status).toBe(400);
    expect(answer).toContain(`<h2>${heading}</h2>`);
    expect(html).not.toContain('<script>alert');
    // What was typed comes back into the form, cut short and escaped.
    expect(html).not.toContain('A'.repeat(11));
  });

  it('is never kept and never indexed', async () => {
    for (const typed of ['BH6', 'hello']) {
      const { res, html } = await check(typed);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-page-cache')).toBeNull();
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
  });

  it('answers without the parameter, and keeps the form to try another', async () => {
    const res = await exports.default.fetch('https://www.example.com/postcode-check');
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Please type a postcode');
    expect(html).toMatch(/<form class="postcode-check"[^>]*action="\/postcode-check" method="get">/);
  });
});
