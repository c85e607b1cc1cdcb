import { beforeEach, describe, expect, it } from 'vitest';
import { call, contactLead, countLeads, leadById, ORIGIN, postJson, quoteLead, validToken } from './leads-helpers';

/**
 * Whatever a client sends, the answer is a 4xx (never a 5xx) and nothing is stored unless the
 * lead is valid. Each test file has its own D1, so the row count is this file's alone.
 */

let before = 0;
beforeEach(async () => {
  before = await countLeads();
});

const storedNothing = async () => expect(await countLeads()).toBe(before);

async function fieldErrors(res: Response) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: string; fields: Record<string, string> };
  expect(body.error).toBe('Please check the highlighted fields.');
  return body.fields;
}

const raw = (path: string, body: BodyInit | null, contentType?: string) =>
  call(path, { method: 'POST', body, headers: { Origin: ORIGIN, ...(contentType ? { 'Content-Type': contentType } : {}) } });

describe('the body', () => {
  it('must be JSON or a form post (415 otherwise)', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/json-patch+json', undefined]) {
      const res = await raw('/api/contact', JSON.stringify(await contactLead()), type);
      expect(res.status, String(type)).toBe(415);
      expect(await res.json()).toEqual({ error: 'Send the form as JSON or as a form post' });
    }
    await storedNothing();
  });

  it('must be valid JSON holding an object (400)', async () => {
    for (const body of ['{"name": "Alice",', '', 'null', '[1,2]', '"text"', '42', '{"a":1}garbage']) {
      const res = await raw('/api/contact', body, 'application/json');
      expect(res.status, body).toBe(400);
      expect(['Invalid JSON', 'Expected a JSON object']).toContain(((await res.json()) as { error: string }).error);
    }
    await storedNothing();
  });

  it('must not be larger than 48 KB (413), with or without a Content-Length', async () => {
    const big = await contactLead({ message: 'x'.repeat(50 * 1024) });
    expect((await raw('/api/contact', JSON.stringify(big), 'application/json')).status).toBe(413);
    const huge = await contactLead({ message: 'x'.repeat(200 * 1024) });
    expect((await raw('/api/contact', JSON.stringify(huge), 'application/json')).status).toBe(413);
    const bytes = new TextEncoder().encode(JSON.stringify(big));
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 4096) controller.enqueue(bytes.slice(i, i + 4096));
        controller.close();
      },
    });
    const res = await call('/api/contact', { method: 'POST', body: stream, headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(413);
    await storedNothing();
  });

  it('is refused by other methods with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await call('/api/contact', { method, headers: { Origin: ORIGIN } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    expect((await call('/api/quote', { method: 'GET' })).headers.get('allow')).toBe('POST');
  });
});

describe('the contact fields', () => {
  it('are all checked, with messages a person understands', async () => {
    const fields = await fieldErrors(await postJson('/api/contact', { formToken: await validToken('contact') }));
    expect(fields).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your email address.',
      message: 'Please enter a message.',
    });
    await storedNothing();
  });

  it('refuse wrong types', async () => {
    const input = await contactLead({ name: 42, email: ['a@b.co'], phone: { n: 1 }, message: null });
    const fields = await fieldErrors(await postJson('/api/contact', input));
    expect(Object.keys(fields).sort()).toEqual(['email', 'message', 'name', 'phone']);
    await storedNothing();
  });

  it('refuse blank, too long, malformed and multi-line values', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'name', 'Please enter your name.'],
      [{ name: 'A'.repeat(101) }, 'name', 'Please keep your name under 100 characters.'],
      [{ name: 'Alice\r\nBcc: victim@example.com' }, 'name', 'Please keep your name on one line.'],
      [{ name: 'Alice\u2028Smith' }, 'name', 'Please keep your name on one line.'],
      [{ email: 'alice@example.com\r\nBcc: victim@example.com' }, 'email', 'Please keep your email address on one line.'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address, like name@example.com.'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'Please keep your email address under 254 characters.'],
      [{ phone: 'call me maybe' }, 'phone', 'Please enter a valid phone number, like 01632 960123.'],
      [{ phone: '12345' }, 'phone', 'Please enter a valid phone number, like 01632 960123.'],
      [{ message: 'x'.repeat(5001) }, 'message', 'Please keep your message under 5,000 characters.'],
      [{ message: 'null byte \u0000 here' }, 'message', 'Please remove the unusual characters from your message.'],
      [{ message: 'half a pair \ud83d' }, 'message', 'Please remove the unusual characters from your message.'],
    ];
    for (const [override, field, message] of cases) {
      const fields = await fieldErrors(await postJson('/api/contact', await contactLead(override)));
      expect(fields, JSON.stringify(override)).toEqual({ [field]: message });
    }
    await storedNothing();
  });

  it('accept any script and emoji, trimmed, and store them exactly', async () => {
    const input = await contactLead({
      name: '  Zoë Ñúñez-李雷 😀  ',
      phone: '',
      message: 'Ça déborde! 排水管が詰まった 🚽\n\tمرحبا — “quoted”',
    });
    const res = await postJson('/api/contact', input);
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    expect(await leadById(id)).toMatchObject({
      name: 'Zoë Ñúñez-李雷 😀',
      phone: '',
      message: 'Ça déborde! 排水管が詰まった 🚽\n\tمرحبا — “quoted”',
    });
  });

  it('accept the longest values allowed', async () => {
    const input = await contactLead({ name: 'N'.repeat(100), message: 'm'.repeat(5000), phone: '+44 (0)1632 960-123' });
    expect((await postJson('/api/contact', input)).status).toBe(202);
  });
});

describe('the quote fields', () => {
  it('require name, email, phone and address; details and service are optional', async () => {
    const fields = await fieldErrors(await postJson('/api/quote', { formToken: await validToken('quote') }));
    expect(fields).toEqual({
      'full-name': 'Please enter your full name.',
      email: 'Please enter your email address.',
      phone: 'Please enter your phone number.',
      address: 'Please enter the property address.',
    });
    const minimal = await quoteLead();
    delete (minimal as Record<string, unknown>).details;
    delete (minimal as Record<string, unknown>).service;
    expect((await postJson('/api/quote', minimal)).status).toBe(202);
  });

  it('take only one of the 12 services', async () => {
    const fields = await fieldErrors(await postJson('/api/quote', await quoteLead({ service: 'free-money' })));
    expect(fields).toEqual({ service: 'Please choose a service from the list.' });
    expect((await postJson('/api/quote', await quoteLead({ service: 'root-cutting' }))).status).toBe(202);
  });

  it('refuse a multi-line address and an over-long one', async () => {
    expect(await fieldErrors(await postJson('/api/quote', await quoteLead({ address: '1 High St\nPoole' })))).toEqual({
      address: 'Please keep your address on one line.',
    });
    expect(await fieldErrors(await postJson('/api/quote', await quoteLead({ address: 'a'.repeat(301) })))).toEqual({
      address: 'Please keep your address under 300 characters.',
    });
  });
});

describe('odd input', () => {
  it('never gets a 5xx', async () => {
    const odd: [string, string][] = [
      ['application/json', JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } })],
      ['application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
      ['application/json', JSON.stringify({ name: 1e308, email: true, message: -0 })],
      ['application/json', '\uFEFF{"name":"bom"}'],
      ['application/json; charset=latin1', '{"name":"\u00e9"}'],
      ['application/x-www-form-urlencoded', 'name=%E0%A4%A&email=%ZZ&&&==='],
      ['application/x-www-form-urlencoded', 'name=a&name=b&email[]=x'],
      ['multipart/form-data', '--nope\r\nContent-Disposition: form-data; name="name"\r\n\r\nAlice'],
      [
        'multipart/form-data; boundary=X',
        '--X\r\nContent-Disposition: form-data; name="name"; filename="a.txt"\r\n\r\nAlice\r\n--X--',
      ],
    ];
    for (const [type, body] of odd) {
      const res = await raw('/api/contact', body, type);
      expect(res.status, `${type} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${type} ${body.slice(0, 40)}`).toBeLessThan(500);
    }
    await storedNothing();
  });
});
