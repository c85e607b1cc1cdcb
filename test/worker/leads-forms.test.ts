import { describe, expect, it } from 'vitest';
import { leadReference } from '../../src/leads/lead-summary';
import {
  call,
  confirmationsTo,
  contactLead,
  countLeads,
  leadsByEmail,
  messagesOf,
  ownerMailFor,
  postForm,
  quoteLead,
} from './leads-helpers';

/** The forms without JavaScript: plain HTML posts, a 303 on success, the page back on errors. */

const stringFields = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value ?? '')]));

describe('the contact page', () => {
  it('serves a complete form that posts to /api/contact, hydrated as an island', async () => {
    const html = await (await call('/contact')).text();
    expect(html).toContain('data-island="ContactForm"');
    expect(html).toMatch(/<form class="lead-form"[^>]*action="\/api\/contact" encType="multipart\/form-data" method="post"/);
    for (const [id, name] of [
      ['contact-name', 'name'],
      ['contact-email', 'email'],
      ['contact-phone', 'phone'],
      ['contact-best-time', 'best-time'],
      ['contact-message', 'message'],
    ]) {
      expect(html).toContain(`<label class="lead-form__label" for="${id}">`);
      expect(html).toMatch(new RegExp(`id="${id}"[^>]*name="${name}"`));
    }
    expect(html).toMatch(/<input id="contact-photos" type="file" accept="image\/\*" multiple=""[^>]*name="photos"/);
    expect(html).toContain('<option value="morning">Morning (8am to 12pm)</option>');
    expect(html).toContain('name="website"');
    expect(html).toContain('name="formToken"');
    expect(html).toContain('>Send Message</button>');
    expect(html).toMatch(/<script type="module" src="\/assets\/lazy-[A-Z0-9]+\.js">/);
    expect(html).not.toMatch(/\sstyle="/);
  });
});

describe('a contact form post', () => {
  it('is stored, e-mailed and redirected (303) to the confirmation page', async () => {
    const input = await contactLead();
    const res = await postForm('/api/contact', stringFields(input));
    expect(res.status).toBe(303);
    const [lead] = await leadsByEmail(input.email);
    expect(lead).toMatchObject({ kind: 'contact', name: input.name });
    // Issue 23: the answer page is told the reference the admin shows for this lead.
    const reference = leadReference(lead!.id);
    expect(res.headers.get('location')).toBe(`/contact/sent?ref=${reference}`);
    const { owner, customer } = await messagesOf(lead!.id);
    expect(owner).toMatchObject({ status: 'sent' });
    expect(customer).toMatchObject({ status: 'sent' });
    expect(await ownerMailFor(input.email)).toHaveLength(1);
    expect(await confirmationsTo(input.email)).toHaveLength(1);

    const page = await call(res.headers.get('location')!);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain('Message Sent!');
    expect(html).toContain('Thank you for getting in touch. We&#x27;ll get back to you shortly.');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    // The sent panel: the reference, when to expect a call, the confirmation e-mail, the call link, another message.
    expect(html).toContain(`<dd class="sent-panel__reference">${reference}</dd>`);
    expect(html).toContain('We call back every message and quote request within one working day.');
    expect(html).toContain('A confirmation e-mail is on its way to you.');
    expect(html).toMatch(/href="tel:\+441632960123"[^>]*>(?:(?!<\/a>).)*Urgent\? Call 01632 960 123 now<\/a>/);
    expect(html).toMatch(/href="\/contact">Send another message<\/a>/);
  });

  it('answer page ignores a reference that is not one of ours', async () => {
    const html = await (await call('/contact/sent?ref=%3Cscript%3E')).text();
    expect(html).toContain('Message Sent!');
    expect(html).not.toContain('<dd class="sent-panel__reference">');
    expect(html).not.toContain('&lt;script&gt;');
  });

  it('works as multipart/form-data too', async () => {
    const input = await contactLead();
    const res = await postForm('/api/contact', stringFields(input), { multipart: true });
    expect(res.status).toBe(303);
    expect(await leadsByEmail(input.email)).toHaveLength(1);
  });

  it('with mistakes gets the page back (400) with the messages by the fields and the entries kept', async () => {
    const before = await countLeads();
    const input = await contactLead({ name: '<b>Eve</b>', email: 'eve-at-example', message: '' });
    const res = await postForm('/api/contact', stringFields(input));
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('<title>');
    expect(html).toMatch(/id="contact-email"[^>]*aria-invalid="true"[^>]*aria-describedby="contact-email-error"/);
    expect(html).toContain('<p class="lead-form__error" id="contact-email-error">Please enter a valid email address');
    expect(html).toContain('<p class="lead-form__error" id="contact-message-error">Please enter a message.</p>');
    expect(html).not.toContain('id="contact-name-error"');
    expect(html).toContain('value="&lt;b&gt;Eve&lt;/b&gt;"');
    expect(html).not.toContain('<b>Eve</b>');
    expect(html).toContain('value="eve-at-example"');
    expect(html).toContain(`value="${input.formToken}"`);
    expect(await countLeads()).toBe(before);
  });

  it('with mistakes and no token still keeps the entries and the messages, with a fresh token', async () => {
    const input = await contactLead({ name: '', formToken: '' });
    const res = await postForm('/api/contact', stringFields(input));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<p class="lead-form__error" id="contact-name-error">Please enter your name.</p>');
    expect(html).toContain(`value="${input.email}"`);
    expect(html).toMatch(/name="formToken" value="contact\.\d+\./);
  });
});

describe('the free-quote page', () => {
  it('preselects the service from ?service=, and asks for a quote for it', async () => {
    const html = await (await call('/free-quote?service=root-cutting')).text();
    expect(html).toMatch(/<form class="lead-form"[^>]*action="\/api\/quote" encType="multipart\/form-data" method="post"/);
    expect(html).toContain('<option value="root-cutting" selected="">Root Cutting</option>');
    expect(html).toContain('>Request My Free Quote</button>');
    // Issue 23: a quote for root cutting is not a CCTV survey quote.
    expect(html).toContain('<h1 class="page-hero__title">Free Root Cutting Quote</h1>');
    expect(html).toMatch(/placeholder="[^"]*so we can quote for root cutting"/);
    expect(html).not.toContain('reason for the survey');
  });

  it('stays SPEC’s CCTV survey quote alone and for the survey', async () => {
    for (const path of ['/free-quote', '/free-quote?service=cctv-drain-survey']) {
      const html = await (await call(path)).text();
      expect(html).toContain('<title>Free CCTV Drain Survey Quote | ');
      expect(html).toContain('<h1 class="page-hero__title">Free CCTV Drain Survey Quote</h1>');
      expect(html).toContain('placeholder="Property type (e.g. 1930s semi, flat, restaurant) and the reason for the survey');
      expect(html).toContain('Why get a CCTV drain survey?');
    }
  });

  it('ignores an unknown service', async () => {
    const html = await (await call('/free-quote?service=nonsense')).text();
    const selected = [...html.matchAll(/<option value="([^"]*)" selected="">/g)].map((m) => m[1]);
    // The service's "Not sure yet" and the best time's "No preference".
    expect(selected).toEqual(['', '']);
  });
});

describe('a quote form post', () => {
  it('is stored and redirected (303) to its own confirmation', async () => {
    const input = await quoteLead();
    const res = await postForm('/api/quote', stringFields(input));
    expect(res.status).toBe(303);
    const [lead] = await leadsByEmail(input.email);
    const reference = leadReference(lead!.id);
    expect(res.headers.get('location')).toBe(`/free-quote/sent?ref=${reference}&service=${input.service}`);
    const html = await (await call(res.headers.get('location')!)).text();
    expect(html).toContain('Quote Request Sent!');
    expect(html).toContain(`<dd class="sent-panel__reference">${reference}</dd>`);
  });

  it('for a service other than the survey is answered naming that service, never CCTV', async () => {
    const input = await quoteLead({ service: 'drain-unblocking' });
    const res = await postForm('/api/quote', stringFields(input));
    expect(res.status).toBe(303);
    const html = await (await call(res.headers.get('location')!)).text();
    expect(html).toContain('with your free drain unblocking quote.');
    expect(html).toContain('href="/free-quote?service=drain-unblocking">Send another request</a>');
    expect(html.slice(html.indexOf('<main'), html.indexOf('</main>'))).not.toContain('CCTV');
  });

  it('with mistakes keeps the chosen service and the entries', async () => {
    const input = await quoteLead({ service: 'drain-relining', phone: '' });
    const res = await postForm('/api/quote', stringFields(input));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<p class="lead-form__error" id="quote-phone-error">Please enter your phone number.</p>');
    expect(html).toContain('<option value="drain-relining" selected="">');
    expect(html).toContain(`value="${input.address}"`);
    expect(await leadsByEmail(input.email)).toEqual([]);
  });
});
