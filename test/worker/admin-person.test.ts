import { beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '../../src/db/schema';
import { SEARCH_MESSAGES } from '../../src/privacy/person-search';
import { allLogText, takeLogs } from '../support/console-guard';
import { expectAdminHeaders, postForm, request, type Session, signIn } from './admin-helpers';
import { insertTestLead, person, storedIds } from './privacy-helpers';

/**
 * Find a person in the admin, send them a copy of their leads, erase them: always exactly that
 * person's leads, nothing changed by bad input, and nothing personal in the log.
 */

let session: Session;

beforeAll(async () => {
  session = await signIn();
});

const find = (fields: Record<string, string>) => postForm(session, '/admin/leads/person', fields);

/** The lead ids a results page lists, from each card's Delete link. */
const listedIds = (html: string) => [...html.matchAll(/href="\/admin\/leads\/([0-9a-f-]{36})\/delete"/g)].map((m) => m[1]).sort();
const idsOf = (leads: readonly Lead[]) => leads.map((lead) => lead.id).sort();

/** Two leads for Ann (one by e-mail in capitals, one by phone only) and one for someone else. */
async function annAndOthers() {
  const ann = person();
  const byEmail = await insertTestLead({ name: `Ann ${ann.digits}`, email: ann.email.toUpperCase(), createdAt: 1000 });
  const byPhone = await insertTestLead({ name: `Ann ${ann.digits}`, phone: `+44 (0)1632 ${ann.digits}`, createdAt: 2000 });
  const other = await insertTestLead({ email: `not.${ann.email}`, phone: `01632 ${ann.digits}1` });
  return { ann, mine: [byEmail, byPhone], other };
}

describe('find a person', () => {
  it('is linked from the leads page and shows an empty search form', async () => {
    expect(await (await request('/admin/leads', { cookie: session.cookie })).text()).toContain('href="/admin/leads/person"');
    const res = await request('/admin/leads/person', { cookie: session.cookie });
    expect(res.status).toBe(200);
    expectAdminHeaders(res);
    const html = await res.text();
    expect(html).toContain('action="/admin/leads/person" method="post"');
    expect(html).toContain('id="email"');
    expect(html).toContain('id="phone"');
  });

  it('finds by e-mail whatever its case and spacing: exactly that person’s leads, with the count', async () => {
    const { ann, mine, other } = await annAndOthers();
    for (const email of [ann.email, `  ${ann.email.toUpperCase()} `]) {
      const res = await find({ email });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(listedIds(html), email).toEqual([mine[0]!.id]);
      expect(html).not.toContain(other.id);
      expect(html).toContain(`1 lead for ${email.trim()}`);
    }
  });

  it('finds by phone however it was written, and by both at once', async () => {
    const { ann, mine, other } = await annAndOthers();
    for (const phone of [ann.national, `01632${ann.digits}`, `+44 1632 ${ann.digits}`, `0044 1632 ${ann.digits}`]) {
      const html = await (await find({ phone })).text();
      expect(listedIds(html), phone).toEqual([mine[1]!.id]);
    }
    const both = await (await find({ email: ann.email, phone: ann.national })).text();
    expect(listedIds(both)).toEqual(idsOf(mine));
    expect(both).toContain(`2 leads for ${ann.email} or ${ann.national}`);
    expect(both).not.toContain(other.id);
  });

  it('says so when nothing matches', async () => {
    const nobody = person();
    const html = await (await find({ email: nobody.email })).text();
    expect(html).toContain(`No leads for ${nobody.email}.`);
    expect(html).not.toContain('/admin/leads/person/erase');
  });

  it('refuses a malformed address (400) with the message by the field and the value kept', async () => {
    const res = await find({ email: 'ann at example', phone: '' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`<p class="lead-form__error" id="email-error">${SEARCH_MESSAGES.email}</p>`);
    expect(html).toContain('value="ann at example"');
    expect(html).toContain('aria-invalid="true"');
    const empty = await find({ email: ' ', phone: '' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(SEARCH_MESSAGES.empty);
  });
});

describe('download a person’s leads', () => {
  it('answers a JSON file with exactly that person’s leads, never stored by a cache', async () => {
    const { ann, mine, other } = await annAndOthers();
    const found = await (await find({ email: ann.email, phone: ann.national })).text();
    expect(found).toContain('action="/admin/leads/person/export"');
    const res = await postForm(session, '/admin/leads/person/export', { email: ann.email, phone: ann.national });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-for-person-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const file = (await res.json()) as { leadCount: number; leads: { reference: string; email: string; phone: string }[] };
    expect(file.leadCount).toBe(2);
    expect(file.leads.map((lead) => lead.reference).sort()).toEqual(idsOf(mine));
    expect(file.leads.map((lead) => lead.reference)).not.toContain(other.id);
    expect(file.leads[0]!.email).toBe(mine[0]!.email);
    expect(await storedIds([...idsOf(mine), other.id])).toHaveLength(3);
  });

  it('refuses a malformed search (400) rather than sending a file', async () => {
    const res = await postForm(session, '/admin/leads/person/export', { email: 'nope@', phone: '' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-disposition')).toBeNull();
  });
});

describe('erase a person’s leads', () => {
  it('needs the box ticked (400, nothing deleted)', async () => {
    const { ann, mine } = await annAndOthers();
    const res = await postForm(session, '/admin/leads/person/erase', { email: ann.email, phone: ann.national });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Tick the box to confirm, then press Erase. Nothing was deleted.');
    expect(await storedIds(idsOf(mine))).toEqual(idsOf(mine));
  });

  it('deletes every lead for the person and nothing else, and says how many', async () => {
    const { ann, mine, other } = await annAndOthers();
    const res = await postForm(session, '/admin/leads/person/erase', { email: ann.email, phone: ann.national, confirm: 'yes' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/leads?notice=erased&count=2');
    expect(await storedIds([...idsOf(mine), other.id])).toEqual([other.id]);
    const page = await (await request('/admin/leads?notice=erased&count=2', { cookie: session.cookie })).text();
    expect(page).toContain('Deleted 2 leads.');
  });

  it('changes nothing for a malformed address or a missing CSRF token', async () => {
    const { ann, mine } = await annAndOthers();
    const bad = await postForm(session, '/admin/leads/person/erase', { email: `${ann.email}@`, phone: '', confirm: 'yes' });
    expect(bad.status).toBe(400);
    const forged = await postForm(
      session,
      '/admin/leads/person/erase',
      { email: ann.email, phone: ann.national, confirm: 'yes' },
      { csrf: null },
    );
    expect(forged.status).toBe(403);
    expect(takeLogs('warn', 'admin form refused: CSRF token missing or wrong')).toHaveLength(1);
    expect(await storedIds(idsOf(mine))).toEqual(idsOf(mine));
  });
});

describe('the log', () => {
  it('gets counts for search, export and erase, never the name, address or number', async () => {
    const { ann, mine } = await annAndOthers();
    const search = { email: ann.email, phone: ann.national };
    await find(search);
    await postForm(session, '/admin/leads/person/export', search);
    await postForm(session, '/admin/leads/person/erase', { ...search, confirm: 'yes' });
    expect(takeLogs('info', /^admin /)).toEqual([
      { level: 'info', msg: "admin exported a person's leads", count: 2 },
      { level: 'info', msg: "admin erased a person's leads", count: 2, unsent: 0 },
    ]);
    const all = allLogText();
    for (const secret of [ann.email, ann.email.split('@')[0]!, ann.national, ann.digits, mine[0]!.name]) {
      expect(all).not.toContain(secret);
    }
  });
});
