import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../src/content/services';
import { ASAP_NEEDS_PHONE } from '../../src/leads/schemas';
import { takeLogs } from '../support/console-guard';
import { type Session, signIn } from './admin-helpers';
import { call, contactLead, countLeads, leadsByEmail, ownerMailFor, postForm, postJson, quoteLead } from './leads-helpers';
import { postSite } from './site-helpers';

/**
 * What the forms promise and carry (issue 33): a call as soon as possible needs a number to call,
 * the quote's postcode has a field of its own that the area check reads, a price the owner sets
 * shows wherever the service is offered, every service offers its own quote, and "Do we cover
 * you?" carries what was typed into the form.
 */

const page = async (path: string) => {
  const res = await call(path);
  return { res, html: await res.text() };
};
const keywordsOf = (html: string) => (/<meta name="keywords" content="([^"]*)"/.exec(html)?.[1] ?? '').replaceAll('&amp;', '&');

describe('a contact request for a call as soon as possible', () => {
  it('without a phone number is refused with a message on the phone field, and nothing is stored', async () => {
    const before = await countLeads();
    const res = await postJson('/api/contact', await contactLead({ phone: '', 'best-time': 'asap' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({ phone: ASAP_NEEDS_PHONE });
    expect(await countLeads()).toBe(before);
  });

  it('without JavaScript gets the form back with the message and what was typed', async () => {
    const lead = await contactLead({ phone: '', 'best-time': 'asap' });
    const res = await postForm('/api/contact', lead as Record<string, string>);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(ASAP_NEEDS_PHONE);
    expect(html).toContain(lead.email);
    expect(await leadsByEmail(lead.email)).toHaveLength(0);
  });

  it('with a number is taken, and the owner sees "As soon as possible" first in the subject', async () => {
    const lead = await contactLead({ 'best-time': 'asap' });
    expect((await postJson('/api/contact', lead)).status).toBe(202);
    const [owner] = await ownerMailFor(lead.email);
    expect(owner!.body.subject).toBe(`As soon as possible: New contact message from ${lead.name}`);
  });
});

describe("the quote's postcode field", () => {
  it('is its own input for autofill', async () => {
    const { html } = await page('/free-quote');
    // HTML attribute names are case-insensitive; React writes autoComplete as it is spelt in JSX.
    expect(html).toMatch(/<input id="quote-postcode"[^>]*autocomplete="postal-code"[^>]*name="postcode"/i);
    expect(html).toMatch(/<input id="quote-address"[^>]*autocomplete="address-line1"[^>]*name="address"/i);
  });

  it('is what the area check reads when autofill left the postcode out of the address, and joins the stored address', async () => {
    const lead = await quoteLead({ address: '12 Seaview Road, Southbourne', postcode: 'bh6 3aa' });
    expect((await postJson('/api/quote', lead)).status).toBe(202);
    const [stored] = await leadsByEmail(lead.email);
    expect(stored).toMatchObject({ address: '12 Seaview Road, Southbourne, BH6 3AA', areaCheck: 'covered' });
    const [owner] = await ownerMailFor(lead.email);
    expect(JSON.stringify(owner!.body.content)).toContain('12 Seaview Road, Southbourne, BH6 3AA');
  });

  it('wins over a postcode in the address, which is not repeated when it is the same', async () => {
    const outside = await quoteLead({ address: '1 High St, Verwood', postcode: 'BH31 7AA' });
    await postJson('/api/quote', outside);
    expect((await leadsByEmail(outside.email))[0]).toMatchObject({
      areaCheck: 'outside',
      address: '1 High St, Verwood, BH31 7AA',
    });
    const same = await quoteLead({ address: '4 Elm Close, Poole BH14 8QT', postcode: 'BH14 8QT' });
    await postJson('/api/quote', same);
    expect((await leadsByEmail(same.email))[0]).toMatchObject({ areaCheck: 'covered', address: '4 Elm Close, Poole BH14 8QT' });
  });

  it('leaves requests without it as they were: the postcode read from the address, or "unknown"', async () => {
    const old = await quoteLead();
    await postJson('/api/quote', old);
    expect((await leadsByEmail(old.email))[0]).toMatchObject({ areaCheck: 'covered', address: old.address });
    const none = await quoteLead({ address: 'The Old Barn, Milford on Sea' });
    await postJson('/api/quote', none);
    expect((await leadsByEmail(none.email))[0]!.areaCheck).toBe('unknown');
  });
});

describe("the owner's new-lead e-mail of a quote", () => {
  it('names the service asked for, not the CCTV survey', async () => {
    const lead = await quoteLead({ service: 'drain-relining', 'best-time': 'asap', address: '4 Mill Lane, Lymington SO41 9AA' });
    expect((await postJson('/api/quote', lead)).status).toBe(202);
    const [owner] = await ownerMailFor(lead.email);
    expect(owner!.body.subject).toBe('As soon as possible: Quote request: Drain Relining & Repair, Lymington');
    const text = owner!.body.content.find((part) => part.type === 'text/plain')!.value;
    expect(text.split('\n')[0]).toBe('Quote request: Drain Relining & Repair');
    expect(text).not.toContain('CCTV');
  });
});

describe('every service page', () => {
  it.each(services.map((service) => [service.slug, service.title] as const))(
    '%s offers a quote for itself, whose page speaks of it',
    async (slug, title) => {
      const { html } = await page(`/services/${slug}`);
      expect(html).toContain(`href="/free-quote?service=${slug}"`);
      const quote = await page(`/free-quote?service=${slug}`);
      expect(quote.res.status).toBe(200);
      // The survey's quote is the spec's free CCTV survey quote; any other speaks of its own service only.
      if (slug === 'cctv-drain-survey') expect(keywordsOf(quote.html)).toContain('free drain survey quote');
      else {
        expect(keywordsOf(quote.html)).toContain(`${title.toLowerCase()} quote`);
        expect(keywordsOf(quote.html)).not.toMatch(/CCTV|survey/i);
      }
    },
  );
});

describe('a price the owner sets', () => {
  let session: Session;
  beforeAll(async () => {
    session = await signIn();
    const res = await postSite(session, '/admin/site/prices', { 'price-drain-unblocking': '85' });
    expect(res.status).toBe(303);
  });
  afterEach(() => takeLogs('info', 'site content published'));
  afterAll(async () => {
    await postSite(session, '/admin/site/prices', {});
    takeLogs('info', 'site content published');
  });

  it("shows on Home's service tile and under that service on its quote form", async () => {
    const home = (await page('/')).html;
    const grid = home.slice(home.indexOf('class="service-grid"'));
    const at = grid.indexOf('href="/services/drain-unblocking"');
    const tile = grid.slice(at, grid.indexOf('</a>', at));
    expect(tile).toContain('From £85 (plus VAT)');
    expect(home.match(/class="service-tile__price"/g)).toHaveLength(1);
    const quote = (await page('/free-quote?service=drain-unblocking')).html;
    expect(quote).toMatch(/id="quote-service-hint"[^>]*>From £85 \(plus VAT\)</);
    expect((await page('/free-quote?service=soakaways')).html).not.toContain('quote-service-hint');
  });
});

describe('"Do we cover you?"', () => {
  it("asked on a service page carries the postcode and the service into the message and the service's quote", async () => {
    const service = await page('/services/drain-unblocking');
    expect(service.html).toMatch(/<input type="hidden" name="service" value="drain-unblocking"\/>/);
    const { html } = await page('/postcode-check?postcode=bh6+3aa&service=drain-unblocking');
    expect(html).toContain('href="/contact?service=drain-unblocking&amp;postcode=BH6+3AA"');
    expect(html).toContain('href="/free-quote?service=drain-unblocking&amp;postcode=BH6+3AA"');

    const quote = await page('/free-quote?service=drain-unblocking&postcode=BH6+3AA');
    expect(quote.html).toMatch(/name="postcode"[^>]*value="BH6 3AA"/);
    // Filled for this request, never a kept page shared with others.
    expect(quote.res.headers.get('cache-control')).toContain('private');
    const contact = await page('/contact?service=drain-unblocking&postcode=BH6+3AA');
    expect(contact.html).toContain('Postcode: BH6 3AA\nAbout: Drain Unblocking');
  });

  it('from Home carries the postcode alone, and nothing that is not a postcode', async () => {
    const { html } = await page('/postcode-check?postcode=BH6');
    expect(html).toContain('href="/contact?postcode=BH6"');
    expect(html).not.toContain('/free-quote?');
    const junk = await page('/contact?postcode=%3Cscript%3E');
    expect(junk.html).not.toContain('Postcode:');
  });
});
