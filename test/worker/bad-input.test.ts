import { env, exports } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The bad-input corpus: crafted requests across every endpoint and route parameter. Each must
 * answer with a 4xx (or the 404 / 3xx that is correct for it), never a 5xx, never a stack
 * trace, and never store anything.
 */
const ORIGIN = 'https://www.example.com';
const SAME_ORIGIN = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' };

interface Case {
  name: string;
  path: string;
  init?: RequestInit;
  /** Allowed statuses; default: any 4xx. */
  expect?: number[];
}

const validContact = { name: 'Jane Smith', email: 'jane@example.com', phone: '01632 960 000', message: 'My drain is blocked.' };
const validQuote = {
  'full-name': 'Jane Smith',
  email: 'jane@example.com',
  phone: '01632 960 000',
  address: '1 High Street, Christchurch',
  details: 'Semi-detached, buying',
};

const json = (_path: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...SAME_ORIGIN, ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const form = (body: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...SAME_ORIGIN },
  body: new URLSearchParams(body).toString(),
});

const cases: Case[] = [];
const add = (c: Case) => cases.push(c);

const endpoints = [
  { path: '/api/contact', valid: validContact as Record<string, string>, single: ['name', 'email', 'phone'] },
  { path: '/api/quote', valid: validQuote as Record<string, string>, single: ['full-name', 'email', 'phone', 'address'] },
];

for (const ep of endpoints) {
  // Size
  add({
    name: `${ep.path} oversized JSON`,
    path: ep.path,
    init: json(ep.path, { ...ep.valid, message: 'x'.repeat(300_000) }),
    expect: [413],
  });
  add({
    name: `${ep.path} oversized form`,
    path: ep.path,
    init: form({ ...ep.valid, details: 'y'.repeat(300_000) }),
    expect: [413],
  });
  // Content types
  for (const type of ['text/plain', 'application/xml', 'image/png', 'application/javascript', 'text/html']) {
    add({
      name: `${ep.path} content-type ${type}`,
      path: ep.path,
      init: { method: 'POST', headers: { 'content-type': type, ...SAME_ORIGIN }, body: JSON.stringify(ep.valid) },
      expect: [415],
    });
  }
  add({
    name: `${ep.path} no content-type`,
    path: ep.path,
    init: { method: 'POST', headers: SAME_ORIGIN, body: 'abc' },
    expect: [400, 415],
  });
  add({ name: `${ep.path} empty body`, path: ep.path, init: json(ep.path, ''), expect: [400] });
  // Broken JSON
  for (const [label, body] of [
    ['truncated', '{"name": "Jane'],
    ['trailing comma', '{"name": "Jane",}'],
    ['single quotes', "{'name': 'Jane'}"],
    ['array', '[1,2,3]'],
    ['null', 'null'],
    ['number', '42'],
    ['string', '"hello"'],
    ['deeply nested', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['deeply nested object', `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`],
    ['duplicate keys with object', '{"name": {"first": "Jane"}, "email": "jane@example.com", "message": "x"}'],
    ['NaN', '{"name": NaN}'],
    ['BOM', '\uFEFF{"name": "Jane"}'],
  ] as const) {
    add({ name: `${ep.path} invalid JSON: ${label}`, path: ep.path, init: json(ep.path, body), expect: [400] });
  }
  // Wrong types, one field at a time
  for (const field of Object.keys(ep.valid)) {
    for (const [label, value] of [
      ['number', 12345],
      ['array', ['a', 'b']],
      ['object', { $gt: '' }],
      ['boolean', true],
    ] as const) {
      if (field === 'details' || (field === 'phone' && ep.path === '/api/contact')) {
        // optional fields: a wrong type is still wrong
      }
      add({
        name: `${ep.path} ${field} as ${label}`,
        path: ep.path,
        init: json(ep.path, { ...ep.valid, [field]: value }),
        expect: [400],
      });
    }
  }
  // Required fields empty or missing
  const required = ep.path === '/api/contact' ? ['name', 'email', 'message'] : ['full-name', 'email', 'phone', 'address'];
  for (const field of required) {
    add({ name: `${ep.path} ${field} empty`, path: ep.path, init: json(ep.path, { ...ep.valid, [field]: '' }), expect: [400] });
    add({
      name: `${ep.path} ${field} spaces only`,
      path: ep.path,
      init: json(ep.path, { ...ep.valid, [field]: '   \t ' }),
      expect: [400],
    });
    const { [field]: _omitted, ...rest } = ep.valid;
    add({ name: `${ep.path} ${field} missing`, path: ep.path, init: json(ep.path, rest), expect: [400] });
    add({ name: `${ep.path} ${field} missing (form)`, path: ep.path, init: form(rest), expect: [400] });
  }
  // Header injection and markup in single-line fields
  for (const field of ep.single) {
    add({
      name: `${ep.path} CRLF in ${field}`,
      path: ep.path,
      init: json(ep.path, { ...ep.valid, [field]: `${ep.valid[field]}\r\nBcc: victim@example.com` }),
      expect: [400],
    });
    add({
      name: `${ep.path} LF in ${field} (form)`,
      path: ep.path,
      init: form({ ...ep.valid, [field]: `${ep.valid[field]}\nSubject: hi` }),
      expect: [400],
    });
    add({
      name: `${ep.path} very long ${field}`,
      path: ep.path,
      init: json(ep.path, { ...ep.valid, [field]: 'a'.repeat(20_000) }),
      expect: [400],
    });
  }
  for (const field of ['email']) {
    for (const bad of [
      'not-an-email',
      'jane@',
      '@example.com',
      'jane@example',
      'jane@@example.com',
      'jаne@example.com' /* Cyrillic а */,
      'jane@exаmple.com',
      'jane@example.com<script>',
      '"jane"@example.com\r\n',
    ]) {
      add({
        name: `${ep.path} ${field} ${JSON.stringify(bad)}`,
        path: ep.path,
        init: json(ep.path, { ...ep.valid, [field]: bad }),
        expect: [400],
      });
    }
  }
  add({
    name: `${ep.path} script in name`,
    path: ep.path,
    init: json(ep.path, { ...ep.valid, [ep.single[0] as string]: '<script>alert(1)</script>' }),
    expect: [400],
  });
  add({
    name: `${ep.path} SQL in name`,
    path: ep.path,
    init: json(ep.path, { ...ep.valid, [ep.single[0] as string]: "Robert'); DROP TABLE leads;--" }),
    expect: [400],
  });
  add({
    name: `${ep.path} phone with letters`,
    path: ep.path,
    init: json(ep.path, { ...ep.valid, phone: 'call me maybe' }),
    expect: [400],
  });
  add({
    name: `${ep.path} NUL byte in name`,
    path: ep.path,
    init: json(ep.path, { ...ep.valid, [ep.single[0] as string]: 'Jane\u0000Smith' }),
    expect: [400],
  });
  add({
    name: `${ep.path} non-UTF-8 body`,
    path: ep.path,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...SAME_ORIGIN },
      body: new Uint8Array([0x7b, 0x22, 0x6e, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    },
    expect: [400],
  });
  add({
    name: `${ep.path} cross-site form post`,
    path: ep.path,
    init: {
      ...form(ep.valid),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    },
    expect: [403],
  });
  for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
    add({ name: `${ep.path} ${method}`, path: ep.path, init: { method }, expect: [405] });
  }
}
add({
  name: 'quote with unknown service',
  path: '/api/quote',
  init: json('/api/quote', { ...validQuote, service: 'space-travel' }),
  expect: [400],
});
add({
  name: 'quote with service path traversal',
  path: '/api/quote',
  init: json('/api/quote', { ...validQuote, service: '../../etc/passwd' }),
  expect: [400],
});

// Route parameters
// The URL parser resolves '..' and '%2e%2e' before the request is sent: they are the section root.
for (const dots of ['..', '%2e%2e', '.%2E']) {
  add({ name: `/blog/${dots}`, path: `/blog/${dots}`, expect: [200, 301] });
  add({ name: `/services/${dots}`, path: `/services/${dots}`, expect: [200, 301] });
}
for (const slug of [
  '..%2f..%2fetc%2fpasswd',
  'a%00b',
  "x'%20OR%201=1--",
  '%3Cscript%3E',
  'x'.repeat(2000),
  'slug%2Fwith%2Fslashes',
  '%C0%AE%C0%AE',
  'üñíçødé',
  'drain-unblocking;drop',
  '-',
]) {
  add({ name: `/blog/${slug.slice(0, 30)}`, path: `/blog/${slug}`, expect: [301, 404] });
  add({ name: `/services/${slug.slice(0, 30)}`, path: `/services/${slug}`, expect: [301, 404] });
}
for (const page of ['0', '-1', 'abc', '1e3', '99999999999999999999', '1.5', '%00', '2;', '']) {
  add({ name: `/blog?page=${page}`, path: `/blog?page=${page}`, expect: [200, 301, 302, 400, 404] });
}
for (const service of ['<script>', "' OR 1=1", 'x'.repeat(500), '../etc']) {
  add({
    name: `/free-quote?service=${service.slice(0, 20)}`,
    path: `/free-quote?service=${encodeURIComponent(service)}`,
    expect: [200],
  });
}
add({
  name: 'huge cookie on a page',
  path: '/',
  init: { headers: { cookie: `a=${'x'.repeat(8000)}` } },
  expect: [200, 400, 431],
});
add({ name: 'huge query string', path: `/?q=${'x'.repeat(6000)}`, expect: [200, 400, 414] });
add({ name: 'unknown deep path', path: '/a/b/c/d/e/f/g', expect: [404] });
add({ name: 'dot segments', path: '/services/../../etc/passwd', expect: [301, 404] });
add({ name: 'encoded slash path', path: '/services%2Fdrain-unblocking', expect: [301, 404] });
add({ name: 'admin traversal', path: '/admin/../api/contact', expect: [301, 302, 401, 404, 405] });

const leadCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM leads').first<{ n: number }>())?.n ?? 0;

describe('bad-input corpus', () => {
  afterAll(() => {
    console.log(`bad-input corpus: ${cases.length} crafted requests tried`);
  });

  it('has at least 150 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
  });

  it.each(cases.map((c, i) => [c.name, c, i] as const))('%s', async (_name, c, i) => {
    const before = await leadCount();
    // Each case from its own address, so the per-IP rate limit does not mask the answer under test.
    const headers = new Headers(c.init?.headers);
    headers.set('cf-connecting-ip', `203.0.113.${i % 250}`);
    headers.set('x-test-case', String(i));
    const res = await exports.default.fetch(`${ORIGIN}${c.path}`, { redirect: 'manual', ...c.init, headers });
    const text = await res.text();
    expect(res.status, `${c.name}: ${text.slice(0, 200)}`).toBeLessThan(500);
    if (c.expect) expect(c.expect, `${c.name} answered ${res.status}: ${text.slice(0, 200)}`).toContain(res.status);
    else expect(res.status).toBeGreaterThanOrEqual(400);
    expect(text).not.toMatch(/\bat [\w.<>]+ \(|\.ts:\d+:\d+|node_modules/);
    expect(await leadCount()).toBe(before);
  });
});
