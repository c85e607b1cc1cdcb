import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { postForm, request, type Session, signIn } from './admin-helpers';
import { adminPost, statusPath } from './job-helpers';
import { type SeededLead, seedLeads } from './scale-fixtures';

/**
 * Issue 51, as the owner sees it: the inbox pages by keyset (Older and Newer each start from the
 * page beside them), its counts come from the counts kept beside the leads, and its search finds
 * a lead by surname, address or a word of the message through the search index, which forgets an
 * erased person.
 */

let session: Session;
let leads: SeededLead[];

beforeAll(async () => {
  session = await signIn();
  // This file's own D1: 45 leads, so three pages of 20.
  ({ leads } = await seedLeads(45, Date.parse('2030-01-01T09:00:00Z'), 'inbox'));
});

const listHtml = async (path: string) => (await request(path, { cookie: session.cookie })).text();

/** The Newer (prev) or Older (next) link of a list page, unescaped; '' when there is none. */
const linkOf = (html: string, rel: 'prev' | 'next') =>
  (new RegExp(`href="([^"]+)" rel="${rel}"`).exec(html)?.[1] ?? '').replaceAll('&amp;', '&');

/** The seeded leads a page lists, in its order. */
const idsOn = (html: string) => leads.filter((lead) => html.includes(lead.id)).map((lead) => lead.id);

const newestFirst = () => [...leads].reverse().map((lead) => lead.id);

describe('keyset pages', () => {
  it('goes Older through every lead once, in order, and Newer back to the same pages', async () => {
    const pageOne = await listHtml('/admin/leads');
    expect(pageOne).toContain('45 leads, newest first.');
    expect(pageOne).toContain('Page 1 of 3');
    expect(linkOf(pageOne, 'prev')).toBe('');
    const pageTwo = await listHtml(linkOf(pageOne, 'next'));
    expect(pageTwo).toContain('Page 2 of 3');
    const pageThree = await listHtml(linkOf(pageTwo, 'next'));
    expect(pageThree).toContain('Page 3 of 3');
    expect(linkOf(pageThree, 'next')).toBe('');
    const order = (html: string) => idsOn(html).sort((a, b) => newestFirst().indexOf(a) - newestFirst().indexOf(b));
    expect([...order(pageOne), ...order(pageTwo), ...order(pageThree)]).toEqual(newestFirst());
    // Newer from page 3 is page 2 again, and from page 2 the first page itself.
    const backToTwo = await listHtml(linkOf(pageThree, 'prev'));
    expect(idsOn(backToTwo).sort()).toEqual(idsOn(pageTwo).sort());
    expect(backToTwo).toContain('Page 2 of 3');
    expect(linkOf(backToTwo, 'prev')).toBe('/admin/leads');
    // An old link with a page number and no cursor is the first page, never a wrong one.
    expect(idsOn(await listHtml('/admin/leads?page=2')).sort()).toEqual(idsOn(pageOne).sort());
  });

  it("keeps each status's count in step with the leads (the counts table, updated with the lead)", async () => {
    const counted = async (status: string) =>
      /inbox__count">([\d,]+) leads?/.exec(await listHtml(`/admin/leads?status=${status}`))?.[1];
    const [newBefore, contactedBefore] = [Number(await counted('new')), Number(await counted('contacted'))];
    // leads[7] is a new one (the seed deals the statuses out in turn).
    expect((await adminPost(session, statusPath(leads[7]!.id), { status: 'contacted' })).status).toBe(303);
    expect(Number(await counted('new'))).toBe(newBefore - 1);
    expect(Number(await counted('contacted'))).toBe(contactedBefore + 1);
  });
});

describe('search through the index', () => {
  it('finds a lead by its surname, a word of its address, a word of its message; no other', async () => {
    const lead = leads[17]!;
    const surname = lead.name.split(' ')[1]!;
    for (const q of [surname, surname.toLowerCase(), `${lead.address.split(',')[0]}`, lead.message.split(' ').at(-1)!]) {
      const html = await listHtml(`/admin/leads?q=${encodeURIComponent(q)}`);
      expect(idsOn(html), q).toEqual([lead.id]);
      expect(html, q).toContain('1 lead matching');
    }
  });

  it('counts every lead a word finds, alone and with a status, as plain SQL counts them', async () => {
    const street = leads[4]!.address.split(',')[0]!.replace(/^\d+ /, '');
    const plainCount = async (status?: string) =>
      (
        await env.DB.prepare(
          `SELECT count(*) AS n FROM leads WHERE instr(lower(address), lower(?1)) > 0${status ? ' AND job_status = ?2' : ''}`,
        )
          .bind(...(status ? [street, status] : [street]))
          .first<{ n: number }>()
      )?.n;
    const shown = async (path: string) => Number(/([\d,]+) leads? matching/.exec(await listHtml(path))?.[1]);
    const all = await plainCount();
    expect(all).toBeGreaterThan(1);
    expect(await shown(`/admin/leads?q=${encodeURIComponent(street)}`)).toBe(all);
    expect(await shown(`/admin/leads?q=${encodeURIComponent(street)}&status=new`)).toBe(await plainCount('new'));
    expect(await plainCount('new')).toBeLessThan(all!);
  });

  it('forgets an erased person: not listed, and their words gone from the index itself', async () => {
    const lead = leads[23]!;
    const surname = lead.name.split(' ')[1]!;
    expect(idsOn(await listHtml(`/admin/leads?q=${surname}`))).toEqual([lead.id]);
    const erased = await postForm(session, '/admin/leads/person/erase', { email: lead.email, phone: '', confirm: 'yes' });
    expect(erased.status).toBe(303);
    expect(idsOn(await listHtml(`/admin/leads?q=${surname}`))).toEqual([]);
    const indexed = await env.DB.prepare('SELECT count(*) AS n FROM leads_search WHERE leads_search MATCH ?')
      .bind(`"${surname}" OR "${lead.message.split(' ').at(-1)}"`)
      .first<{ n: number }>();
    expect(indexed?.n).toBe(0);
  });
});
