import { beforeAll, describe, expect, it } from 'vitest';
import { FACT_PARTS } from '../../src/admin/site/fact-parts';
import { serviceSlugs } from '../../src/content/service-slugs';
import { TOKEN_FIELD } from '../../src/leads/field-names';
import { takeLogs } from '../support/console-guard';
import { createPost, ORIGIN, officeSession, postFields, request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminLinksOf, dataFingerprint, defaultsOf, type FormField, formsOf, isTextField, type PageForm } from './form-guards';
import { call, validToken } from './leads-helpers';

/**
 * Generated from every form the site and the admin render (public; signed in as the owner; as
 * office staff): each text field is sent at its maximum plus one, at 10,000 characters, with
 * emoji, right-to-left text, NUL and control characters, and markup, the rest of the form as the
 * page filled it. The answer is never a 5xx, and a refused form (4xx) changes nothing in D1.
 */

const VARIANTS: Record<string, (field: FormField) => string | null> = {
  'maximum + 1': (field) => (field.maxLength === null ? null : 'a'.repeat(field.maxLength + 1)),
  '10,000 characters': () => 'drain '.repeat(1700).slice(0, 10_000),
  emoji: () => '🚰 Blocked 🪠💧 drain 😩👍🏽 🇬🇧',
  'right-to-left': () => 'مرحبا \u202Eevil.exe\u202C שלום עליכם',
  'NUL and control characters': () => 'a\u0000b\u0007c\u001b[31m\u0008d\r\ne\u2028f',
  markup: () => '<script>alert(1)</script><img src=x onerror=alert(2)>',
};
const SELECT_VARIANTS = ['10,000 characters', 'markup', 'NUL and control characters'];

const WORD_TYPES = new Set(['text', 'textarea', 'search']);

/** Forms that would end the session the crawl runs on; the session tests cover them. */
const SESSION_ENDING = /^\/admin\/(?:logout|devices)\b/;

const PUBLIC_PAGES = [
  '/',
  '/services',
  ...serviceSlugs.map((slug) => `/services/${slug}`),
  '/faq',
  '/blog',
  '/contact',
  '/free-quote',
  '/free-quote?service=drain-unblocking',
  '/postcode-check?postcode=BH6%203AA',
  '/privacy',
  '/admin/login',
];

/** The body a form sends, as urlencoded or multipart like its page says. */
async function bodyOf(form: PageForm, pairs: [string, string][]): Promise<URLSearchParams | FormData> {
  const lead = /^\/api\/(contact|quote)$/.exec(form.action)?.[1] as 'contact' | 'quote' | undefined;
  if (lead) {
    // A token issued long enough ago: the minimum fill time is the spam guard's business, not this test's.
    const token = await validToken(lead);
    for (const pair of pairs) if (pair[0] === TOKEN_FIELD) pair[1] = token;
  }
  if (!form.multipart) return new URLSearchParams(pairs);
  const data = new FormData();
  for (const [name, v] of pairs) data.append(name, v);
  return data;
}

interface Run {
  requests: number;
  /** Answers 400–499: the refusals whose D1 is compared. */
  refused: number;
  failures: string[];
  /** D1 as it stood after the last answer. */
  data: string;
}

/**
 * Each field gets its maximum plus one on its own (so every limit is reached alone); the rest go
 * into every text field at once, which keeps the run under a minute: a 5xx from any field shows.
 */
const ONE_FIELD = ['maximum + 1'];
const EVERY_FIELD = Object.keys(VARIANTS).filter((variant) => !ONE_FIELD.includes(variant));

/** Each text field at each length on its own, then every text field with each kind of odd text (and each select). */
function casesOf(form: PageForm): { what: string; values: Map<string, string> }[] {
  const cases: { what: string; values: Map<string, string> }[] = [];
  const texts = form.fields.filter(isTextField);
  // Odd text goes where people write words; an e-mail, phone or date field keeps its plausible value.
  const words = texts.filter((field) => WORD_TYPES.has(field.type));
  for (const field of texts) {
    for (const variant of ONE_FIELD) {
      const value = VARIANTS[variant]!(field);
      if (value !== null) cases.push({ what: `${field.name} = ${variant}`, values: new Map([[field.name, value]]) });
    }
  }
  for (const variant of EVERY_FIELD) {
    if (words.length > 0) {
      cases.push({
        what: `every text field = ${variant}`,
        values: new Map(words.map((field) => [field.name, VARIANTS[variant]!(field)!])),
      });
    }
  }
  for (const field of form.fields.filter((f) => f.type === 'select')) {
    for (const variant of SELECT_VARIANTS) {
      cases.push({ what: `${field.name} (a list) = ${variant}`, values: new Map([[field.name, VARIANTS[variant]!(field)!]]) });
    }
  }
  return cases;
}

/** Sends every case of one form; records 5xx answers and refusals that changed D1. */
async function fuzzForm(form: PageForm, cookie: string | undefined, run: Run) {
  for (const { what: change, values } of casesOf(form)) {
    const what = `${form.method} ${form.action} (${form.page}) ${change}`;
    const pairs = defaultsOf(form).map(([name, v]): [string, string] => [name, values.get(name) ?? v]);
    // Through call(): the answer's background work (e-mails) ends before D1 is compared and the next case starts.
    const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
    const res =
      form.method === 'GET'
        ? await call(`${form.action}?${new URLSearchParams(pairs)}`, { headers, redirect: 'manual' })
        : await call(form.action, {
            method: 'POST',
            headers: { ...headers, Origin: ORIGIN },
            body: await bodyOf(form, pairs),
            redirect: 'manual',
          });
    run.requests++;
    if (res.status >= 400 && res.status < 500) run.refused++;
    await res.body?.cancel();
    if (res.status >= 500) run.failures.push(`${what}: ${res.status}`);
    if (form.method === 'GET') continue;
    const after = await dataFingerprint();
    if (res.status >= 400 && after !== run.data) run.failures.push(`${what}: refused with ${res.status} but D1 changed`);
    run.data = after;
  }
}

/** The forms of these pages, and of the admin pages they link to (one level), each form once. */
async function crawl(start: readonly string[], cookie: string | undefined, followAdminLinks: boolean): Promise<PageForm[]> {
  const seen = new Set<string>();
  const forms = new Map<string, PageForm>();
  const queue = [...start];
  while (queue.length > 0 && seen.size < 60) {
    const page = queue.shift()!;
    if (seen.has(page)) continue;
    seen.add(page);
    const res = await request(page, { cookie });
    // The pages we start from must open; a linked one this role may not open is skipped.
    if (start.includes(page)) expect(res.status, page).toBe(200);
    const html = await res.text();
    if (res.status !== 200) continue;
    for (const form of await formsOf(page, html)) {
      // The same form for another post or lead is not another form.
      const action = form.action.replace(/\/(?:\d+|[0-9a-f-]{36})(?=\/|$)/g, '/:id');
      const key = `${form.method} ${action} ${form.fields.map((field) => field.name).join(',')}`;
      if (!SESSION_ENDING.test(form.action) && !forms.has(key)) forms.set(key, form);
    }
    if (followAdminLinks && start.includes(page)) {
      for (const link of await adminLinksOf(html)) {
        if (!/\.csv|\/photos\/|\/logout|[?#]|\/media\/media\//.test(link) && !seen.has(link)) queue.push(link);
      }
    }
  }
  return [...forms.values()];
}

let owner: Session;
let office: Session;
let adminPages: string[];

beforeAll(async () => {
  owner = await signIn();
  office = await officeSession();
  const lead = await insertLead({ phone: '07700 900777', address: '4 Mill Lane, Lymington SO41 9AA' });
  const post = await createPost(owner, postFields());
  adminPages = [
    '/admin/dashboard',
    '/admin/leads',
    `/admin/leads/${lead.id}`,
    '/admin/leads/person',
    '/admin/posts',
    '/admin/posts/new',
    `/admin/posts/${post}/edit`,
    '/admin/media',
    '/admin/site',
    '/admin/people',
    '/admin/audit',
    // The business facts are saved in parts, each its own page and form.
    ...FACT_PARTS.map((part) => `/admin/site/facts/${part.id}`),
  ];
});

async function guard(forms: PageForm[], cookie: string | undefined) {
  const run: Run = { requests: 0, refused: 0, failures: [], data: await dataFingerprint() };
  const started = Date.now();
  for (const form of forms) await fuzzForm(form, cookie, run);
  console.log(`${forms.length} forms, ${run.requests} requests (${run.refused} refused), ${Date.now() - started} ms`);
  return run;
}

describe('every form, with what people really type', () => {
  it('the public site: never a 5xx, and a refused form stores nothing', { timeout: 60_000 }, async () => {
    const forms = await crawl(PUBLIC_PAGES, undefined, false);
    expect(forms.map((form) => form.action)).toEqual(
      expect.arrayContaining(['/api/contact', '/api/quote', '/postcode-check', '/admin/login']),
    );
    const run = await guard(forms, undefined);
    expect(run.failures).toEqual([]);
    expect(run.refused).toBeGreaterThan(0);
    // Each refused sign-in is logged (without the token typed).
    expect(takeLogs('warn', 'admin sign-in failed').length).toBeGreaterThan(0);
  });

  it('the admin, signed in as the owner', { timeout: 90_000 }, async () => {
    const forms = await crawl(adminPages, owner.cookie, true);
    const actions = forms.map((form) => form.action);
    expect(actions).toEqual(
      expect.arrayContaining(['/admin/posts', '/admin/site/facts/contact', '/admin/people/invite', '/admin/leads/person']),
    );
    const run = await guard(forms, owner.cookie);
    expect(run.failures).toEqual([]);
    expect(run.refused).toBeGreaterThan(forms.length);
  });

  it('the admin, signed in as office staff', { timeout: 90_000 }, async () => {
    // Office staff may not open the site's content, people, the audit log or the privacy tools.
    const pages = adminPages.filter((page) => !/\/admin\/(site|people|audit|leads\/person)/.test(page));
    const forms = await crawl(pages, office.cookie, true);
    expect(forms.map((form) => form.action)).toContain('/admin/posts');
    const run = await guard(forms, office.cookie);
    expect(run.failures).toEqual([]);
    expect(run.refused).toBeGreaterThan(forms.length);
  });
});
