import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MONEY_ROLES } from '../../src/admin/auth/roles';
import { leadListItems } from '../../src/db/admin-leads';
import { d1Database } from '../../src/db/client';
import { EARLIER_JOBS_SHOWN, earlierJobsOf, earlierJobsQuery } from '../../src/db/returning';
import { matchKeysOf } from '../../src/leads/match-keys';
import { keyOlderLeadsForMatching } from '../../src/scheduled';
import { officeSession, request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, leadRow, statusPath } from './job-helpers';
import { postJson, quoteLead, tag } from './leads-helpers';

/**
 * Customers who come back (issue 37): a quote request through the real form path is stored with
 * its match keys; a later one with the same phone (however written), e-mail (any case) or postcode
 * and house number shows "Returning customer" in the inbox and lists the earlier jobs on its page;
 * erasing the earlier customer, or deleting their lead, takes them out of it.
 */

/** A number of its own per test: 07700 9xxxxx. */
const phoneDigits = () => String(Math.floor(Math.random() * 100_000)).padStart(5, '0');

/** A quote request as the form sends it; returns the stored lead. */
async function sendQuote(fields: Record<string, string>) {
  const name = `Customer ${tag()}`;
  const res = await postJson('/api/quote', await quoteLead({ 'full-name': name, ...fields }));
  expect(res.status, await res.clone().text()).toBe(202);
  const row = await env.DB.prepare('SELECT id FROM leads WHERE name = ?').bind(name).first<{ id: string }>();
  expect(row).toBeTruthy();
  return leadRow(row!.id);
}

/** A postcode of its own per call ('BH17 4XQ'), so only the leads a test means to match do. */
function postcode(): string {
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)];
  return `BH${1 + Math.floor(Math.random() * 31)} ${Math.floor(Math.random() * 10)}${pick()}${pick()}`;
}

/** Each call somewhere else; `sameStreet` is one place for a whole test. */
const street = () => `Mill Lane, Lymington ${postcode()}`;

let session: Session | undefined;
const owner = async () => {
  session ??= await signIn();
  return session;
};

async function adminHtml(path: string, as?: Session): Promise<string> {
  const res = await request(path, { cookie: (as ?? (await owner())).cookie });
  expect(res.status).toBe(200);
  return res.text();
}

/** The lead's row in the inbox (searched by its name). */
async function inboxRow(name: string): Promise<string> {
  const html = await adminHtml(`/admin/leads?q=${encodeURIComponent(name)}`);
  const at = html.indexOf(name);
  expect(at, `${name} in the inbox`).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf('<li', at), html.indexOf('</li>', at));
}

/** The row's words, as a screen reader reads them ("Returning customer"; a phone shows "Returning"). */
const isReturning = async (name: string) => (await inboxRow(name)).replace(/<[^>]*>/g, '').includes('Returning customer');

/** The "Earlier jobs" part of a lead's page ('' when it has none). */
async function earlierJobsPart(id: string): Promise<string> {
  const html = await adminHtml(`/admin/leads/${id}`);
  const at = html.indexOf('Earlier jobs');
  return at === -1 ? '' : html.slice(at, html.indexOf('</section>', at));
}

describe('a customer who comes back is matched', () => {
  it('by phone, written 07700900777, +44 7700 900777, 0044 7700 900777 or with spaces and dashes', {
    timeout: 30_000,
  }, async () => {
    const digits = phoneDigits();
    const first = await sendQuote({ phone: `077009${digits}`, address: `1 ${street()}` });
    const forms = [`+44 7700 9${digits}`, `0044 7700 9${digits}`, `07700-9${digits.slice(0, 2)} ${digits.slice(2)}`];
    const later = [];
    for (const phone of forms) later.push(await sendQuote({ phone, address: `2 ${street()}` }));
    expect(await isReturning(first.name)).toBe(false);
    for (const lead of later) {
      expect(await isReturning(lead.name), lead.phone).toBe(true);
      expect(lead.matchPhone).toBe(`077009${digits}`);
    }
    // The last lists all three before it, newest first, each by its phone.
    const { jobs } = await earlierJobsOf(d1Database(env), later[2]!.id);
    expect(jobs.map((job) => job.id)).toEqual([later[1]!.id, later[0]!.id, first.id]);
    expect(jobs.every((job) => job.matchedBy.join() === 'phone')).toBe(true);
  });

  it('by e-mail in another case, with spaces around it', async () => {
    const t = tag();
    const first = await sendQuote({ email: `ann.${t}@example.org`, phone: `07700 9${phoneDigits()}`, address: `1 ${street()}` });
    const later = await sendQuote({
      email: `  Ann.${t.toUpperCase()}@EXAMPLE.org `,
      phone: `07700 9${phoneDigits()}`,
      address: `3 ${street()}`,
    });
    expect(await isReturning(later.name)).toBe(true);
    expect((await earlierJobsOf(d1Database(env), later.id)).jobs.map((job) => [job.id, job.matchedBy])).toEqual([
      [first.id, ['email']],
    ]);
  });

  it('by postcode and house number, however spaced, and not by another house in the same postcode', async () => {
    const code = postcode();
    const first = await sendQuote({ address: `14 Ferry Road, Poole ${code}`, phone: `07700 9${phoneDigits()}` });
    const sameHouse = await sendQuote({
      address: `14, ferry rd, poole, ${code.toLowerCase().replace(' ', '')}`,
      phone: `07700 9${phoneDigits()}`,
    });
    const neighbour = await sendQuote({ address: `16 Ferry Road, Poole ${code}`, phone: `07700 9${phoneDigits()}` });
    expect(await isReturning(sameHouse.name)).toBe(true);
    expect((await earlierJobsOf(d1Database(env), sameHouse.id)).jobs.map((job) => [job.id, job.matchedBy])).toEqual([
      [first.id, ['place']],
    ]);
    expect(await isReturning(neighbour.name)).toBe(false);
    expect(await earlierJobsPart(neighbour.id)).toBe('');
  });

  it('not by what leads lack: no phone, no postcode or no house number is no match', async () => {
    const code = postcode();
    const a = await insertLead({ phone: '', address: `Mill Lane, Lymington ${code}` });
    const b = await insertLead({ phone: '', address: `Mill Lane, Lymington ${code}` });
    expect(await keyOlderLeadsForMatching(env)).toBeGreaterThanOrEqual(2);
    expect(await leadRow(b.id)).toMatchObject({ matchPhone: '', matchPlace: '' });
    expect(await isReturning(b.name)).toBe(false);
    expect((await earlierJobsOf(d1Database(env), b.id)).jobs.map((job) => job.id)).not.toContain(a.id);
  });
});

describe("a returning customer's lead page", () => {
  it('lists the earlier jobs with their day, service, status and value, each a link to its lead', {
    timeout: 30_000,
  }, async () => {
    const digits = phoneDigits();
    const done = await sendQuote({ phone: `07700 9${digits}`, service: 'drain-unblocking', address: `1 ${street()}` });
    const lost = await sendQuote({ phone: `07700 9${digits}`, service: 'cctv-drain-survey', address: `1 ${street()}` });
    const s = await owner();
    expect((await adminPost(s, statusPath(done.id), { status: 'done', value: '250' })).status).toBe(303);
    expect((await adminPost(s, statusPath(lost.id), { status: 'lost', lost_reason: 'price' })).status).toBe(303);
    const now = await sendQuote({ phone: `+447700 9${digits}`, address: `9 ${street()}` });

    const html = await adminHtml(`/admin/leads/${now.id}`);
    expect(html).toContain('Returning customer');
    const part = await earlierJobsPart(now.id);
    const items = part.split('<li').slice(1);
    expect(items).toHaveLength(2);
    const day = (ms: number) => {
      const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(ms).split('-').map(Number);
      return `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'][m! - 1]} ${y}`;
    };
    // Newest first: the lost survey, then the drain unblocked for £250.
    expect(items[0]).toContain(`href="/admin/leads/${lost.id}"`);
    expect(items[0]).toContain(day(lost.createdAt));
    expect(items[0]).toContain('CCTV Drain Surveys');
    expect(items[0]).toContain('>Lost<');
    expect(items[0]).toContain('Same phone');
    expect(items[1]).toContain(`href="/admin/leads/${done.id}"`);
    expect(items[1]).toContain(day(done.createdAt));
    expect(items[1]).toContain('Drain Unblocking');
    expect(items[1]).toContain('>Done<');
    expect(items[1]).toContain('£250');
    // The earlier lead has no earlier jobs of its own.
    expect(await earlierJobsPart(done.id)).toBe('');
    // Office staff see them too, with the value: money is theirs as well as the owner's.
    expect(MONEY_ROLES).toEqual(['owner', 'office']);
    const office = await adminHtml(`/admin/leads/${now.id}`, await officeSession());
    expect(office).toContain(`href="/admin/leads/${done.id}"`);
    expect(office).toContain('£250');
  });

  it(`lists the newest ${EARLIER_JOBS_SHOWN} and says there are more`, async () => {
    const digits = phoneDigits();
    for (let i = 0; i <= EARLIER_JOBS_SHOWN; i++) await insertLead({ phone: `07700 9${digits}` });
    const last = await insertLead({ phone: `+44 7700 9${digits}` });
    await keyOlderLeadsForMatching(env);
    const { jobs, more } = await earlierJobsOf(d1Database(env), last.id);
    expect(jobs).toHaveLength(EARLIER_JOBS_SHOWN);
    expect(more).toBe(true);
    expect(await earlierJobsPart(last.id)).toContain(`The ${EARLIER_JOBS_SHOWN} most recent are listed`);
  });
});

describe('leads stored before match keys', () => {
  it('are keyed by the cron with the same rules, then matched', async () => {
    const digits = phoneDigits();
    const old = await insertLead({ phone: `0044 7700 9${digits}`, email: `Old.${tag()}@Example.org`, address: `4a ${street()}` });
    const newer = await insertLead({ phone: `07700 9${digits}` });
    expect(await leadRow(old.id)).toMatchObject({ matchPhone: null, matchEmail: null, matchPlace: null });
    expect(await isReturning(newer.name)).toBe(false);
    expect(await keyOlderLeadsForMatching(env)).toBeGreaterThanOrEqual(2);
    expect(await leadRow(old.id)).toMatchObject(matchKeysOf(old));
    expect((await leadRow(old.id)).matchPlace).toMatch(/^BH\d+\d[A-Z]{2} 4a$/);
    expect(await isReturning(newer.name)).toBe(true);
    expect(await keyOlderLeadsForMatching(env)).toBe(0);
  });
});

describe('erasure and deletion', () => {
  it("erasing a person takes them out of every other lead's history", { timeout: 30_000 }, async () => {
    // A landlord's lead, then the tenant's at the same house: the tenant's page lists the landlord's job.
    const landlordEmail = `landlord.${tag()}@example.org`;
    const address = `7 ${street()}`;
    const landlord = await sendQuote({ email: landlordEmail, phone: `07700 9${phoneDigits()}`, address });
    const again = await sendQuote({
      email: landlordEmail.toUpperCase(),
      phone: `07700 9${phoneDigits()}`,
      address: 'Flat 1, Elsewhere BH6 3AA',
    });
    const tenant = await sendQuote({ phone: `07700 9${phoneDigits()}`, address });
    expect(await earlierJobsPart(tenant.id)).toContain(landlord.id);
    expect(await isReturning(tenant.name)).toBe(true);

    const s = await owner();
    const erased = await adminPost(s, '/admin/leads/person/erase', { email: landlordEmail, phone: '', confirm: 'yes' });
    expect(erased.status).toBe(303);
    expect(erased.headers.get('location')).toBe('/admin/leads?notice=erased&count=2');

    const left = await env.DB.prepare('SELECT count(*) AS n FROM leads WHERE id IN (?, ?) OR match_email = ?')
      .bind(landlord.id, again.id, landlordEmail)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    expect(await earlierJobsPart(tenant.id)).toBe('');
    const page = await adminHtml(`/admin/leads/${tenant.id}`);
    expect(page).not.toContain('Returning customer');
    expect(page).not.toContain(landlord.id);
    expect(await isReturning(tenant.name)).toBe(false);
  });

  it('deleting the earlier lead takes it out of the later one’s page', async () => {
    const digits = phoneDigits();
    const first = await sendQuote({ phone: `07700 9${digits}`, address: `1 ${street()}` });
    const later = await sendQuote({ phone: `07700 9${digits}`, address: `2 ${street()}` });
    expect(await earlierJobsPart(later.id)).toContain(first.id);
    const deleted = await adminPost(await owner(), `/admin/leads/${first.id}/delete`, { confirm: 'yes' });
    expect(deleted.status).toBe(303);
    expect(await earlierJobsPart(later.id)).toBe('');
    expect(await isReturning(later.name)).toBe(false);
  });
});

describe('matching is cheap', () => {
  /** SQLite's plan for a statement, one line per step. */
  async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
    const { sql, params } = query.toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    return results.map((row) => row.detail);
  }

  it("finds a lead's earlier jobs and the inbox's returning customers through the match indexes, scanning no leads", async () => {
    const lead = await sendQuote({ address: `1 ${street()}` });
    const earlier = await planOf(earlierJobsQuery(d1Database(env), lead.id));
    for (const index of ['leads_match_phone_idx', 'leads_match_email_idx', 'leads_match_place_idx']) {
      expect(earlier.join('\n')).toContain(index);
    }
    expect(earlier.filter((step) => /^SCAN (leads|earlier)\b/.test(step))).toEqual([]);
    const inbox = await planOf(leadListItems(d1Database(env), undefined, 20));
    for (const index of ['leads_match_phone_idx', 'leads_match_email_idx', 'leads_match_place_idx']) {
      expect(inbox.join('\n')).toContain(index);
    }
    // The page's own leads come in date order from their index; each row's three keys are looked up in theirs.
    expect(inbox.filter((step) => /^SCAN earlier\b/.test(step))).toEqual([]);
    // Who goes to a booked job: one lookup by the person's key per row; the first owner (people are
    // a handful) read once for the statement, not per row.
    expect(inbox).toContain('SEARCH assignee USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN');
    expect(inbox[inbox.indexOf('SCAN first_owner') - 1]).toMatch(/^SCALAR SUBQUERY \d+$/);
  });
});
