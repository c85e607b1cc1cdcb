import { describe, expect, it } from 'vitest';
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
    expect(res.headers.get('location')).toBe('/contact/sent');
    const [lead] = await leadsByEmail(input.email);
    expect(lead).toMatchObject({ kind: 'contact', name: input.name });
    const { owner, customer } = await messagesOf(lead!.id);
    expect(owner).toMatchObject({ status: 'sent' });
    expect(customer).toMatchObject({ status: 'sent' });
    expect(await ownerMailFor(input.email)).toHaveLength(1);
    expect(await confirmationsTo(input.email)).toHaveLength(1);

    const page = await call('/contact/sent');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Message Sent!');
    expect(html).toContain('Thank you for getting in touch. We&#x27;ll get back to you shortly.');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
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
  it('preselects the service from ?service=', async () => {
    const html = await (await call('/free-quote?service=root-cutting')).text();
    expect(html).toMatch(/<form class="lead-form"[^>]*action="\/api\/quote" encType="multipart\/form-data" method="post"/);
    expect(html).toContain('<option value="root-cutting" selected="">Root Cutting</option>');
    expect(html).toContain('>Request My Free Quote</button>');
    expect(html).toContain('placeholder="Property type');
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
    expect(res.headers.get('location')).toBe('/free-quote/sent');
    expect(await leadsByEmail(input.email)).toHaveLength(1);
    const html = await (await call('/free-quote/sent')).text();
    expect(html).toContain('Quote Request Sent!');
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
