import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastWeeks, type Week } from '../../src/admin/dashboard/weeks';
import { d1Database } from '../../src/db/client';
import { jobsBySource, leadCountsByWeek } from '../../src/db/dashboard';
import { deleteLeads } from '../../src/db/privacy';
import { type Session, signIn } from './admin-helpers';
import { adminPost, DONE_ANYWAY, GO_ON, statusPath, ukDay } from './job-helpers';

/**
 * The dashboard's lead figures come from weekly counts that triggers keep beside the leads
 * (issue 51). Here they are counted again with plain SQL from the leads and their timelines after
 * every kind of change: leads added (on each side of a UK week's start and of both clock
 * changes), moved between states by the admin's own forms, changed in place, and deleted.
 */

/** Ten UK weeks across the clocks going back (Sunday 25 October 2026, 01:00 UTC). */
const autumn = lastWeeks(Date.parse('2026-11-11T12:00:00Z'), 10);
/** Four across the clocks going forward (Sunday 28 March 2027, 01:00 UTC). */
const spring = lastWeeks(Date.parse('2027-04-07T12:00:00Z'), 4);

interface Seed {
  at: string;
  kind?: 'contact' | 'quote';
  source?: string | null;
  previousPage?: string | null;
  formPage?: string | null;
}

/** Leads straight into D1, as the forms' insert writes their columns. */
async function seed(rows: readonly Seed[]): Promise<string[]> {
  const ids = rows.map(() => crypto.randomUUID());
  const insert = env.DB.prepare(
    `INSERT INTO leads (id, kind, name, email, address, status, created_at, updated_at, form_page, previous_page, source)
     VALUES (?, ?, 'Counted', 'counted@example.org', '1 Test Road, Poole BH14 8QT', 'sent', ?, ?, ?, ?, ?)`,
  );
  await env.DB.batch(
    rows.map((row, i) => {
      const at = Date.parse(row.at);
      const formPage = row.formPage === undefined ? '/contact' : row.formPage;
      return insert.bind(ids[i]!, row.kind ?? 'contact', at, at, formPage, row.previousPage ?? null, row.source ?? null);
    }),
  );
  return ids;
}

interface LeadRow {
  created_at: number;
  kind: 'contact' | 'quote';
  source: string | null;
  landing: string | null;
  job_status: string;
  job_value_pence: number | null;
  booked_event: number;
}

/** The figures again, from the leads themselves: each lead in the week its arrival falls in. */
async function countedAgain(weeks: readonly Week[]) {
  const { results } = await env.DB.prepare(
    `SELECT created_at, kind, source, coalesce(previous_page, form_page) AS landing, job_status, job_value_pence,
       EXISTS (SELECT 1 FROM lead_events e WHERE e.lead_id = leads.id AND e.status = 'booked') AS booked_event
     FROM leads WHERE created_at >= ? AND created_at < ?`,
  )
    .bind(weeks[0]!.startMs, weeks.at(-1)!.endMs)
    .all<LeadRow>();
  const counts = new Map<string, { week: number; kind: string; source: string | null; landing: string | null; count: number }>();
  const jobs = new Map<string | null, { source: string | null; leads: number; booked: number; valuePence: number }>();
  for (const lead of results) {
    const week = weeks.findIndex((w) => lead.created_at >= w.startMs && lead.created_at < w.endMs);
    const key = JSON.stringify([week, lead.kind, lead.source, lead.landing]);
    const row = counts.get(key) ?? { week, kind: lead.kind, source: lead.source, landing: lead.landing, count: 0 };
    row.count += 1;
    counts.set(key, row);
    const job = jobs.get(lead.source) ?? { source: lead.source, leads: 0, booked: 0, valuePence: 0 };
    job.leads += 1;
    if (['booked', 'rebook', 'cancelled', 'done'].includes(lead.job_status) || lead.booked_event) job.booked += 1;
    if (lead.job_status === 'done') job.valuePence += lead.job_value_pence ?? 0;
    jobs.set(lead.source, job);
  }
  return { counts: [...counts.values()], jobs: [...jobs.values()] };
}

const sorted = <T>(rows: readonly T[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The dashboard's queries give what the leads say, and nothing of a week without leads. */
async function expectFiguresRight(weeks: readonly Week[], expectedLeads: number) {
  const db = d1Database(env);
  const again = await countedAgain(weeks);
  expect(again.counts.reduce((n, row) => n + row.count, 0)).toBe(expectedLeads);
  expect(sorted(await leadCountsByWeek(db, weeks))).toEqual(sorted(again.counts));
  expect(sorted(await jobsBySource(db, weeks))).toEqual(sorted(again.jobs));
}

let session: Session;
let ids: string[];
beforeAll(async () => {
  session = await signIn();
  ids = await seed([
    // Monday 19 October 2026 starts at 23:00 UTC on the Sunday (BST).
    { at: '2026-10-18T22:59:59.999Z', source: 'search', previousPage: '/services/drain-unblocking' },
    { at: '2026-10-18T23:00:00.000Z', source: 'search', previousPage: '/services/drain-unblocking' },
    // The clocks go back at 01:00 UTC on Sunday 25 October: the same week either side.
    { at: '2026-10-25T00:59:59.999Z', kind: 'quote', source: 'advert', formPage: '/free-quote' },
    { at: '2026-10-25T01:00:00.000Z', kind: 'quote', source: 'advert', formPage: '/free-quote' },
    // Monday 26 October starts at midnight UTC (GMT).
    { at: '2026-10-25T23:59:59.999Z', source: null, formPage: null },
    { at: '2026-10-26T00:00:00.000Z', source: null, formPage: null },
    { at: '2026-11-10T09:00:00.000Z', source: 'direct', previousPage: '/faq' },
    { at: '2026-11-10T09:00:00.000Z', source: 'direct', previousPage: '/faq' },
    { at: '2026-11-11T10:00:00.000Z', kind: 'quote', source: 'social', previousPage: '/' },
    // Before the ten weeks: never counted.
    { at: '2026-08-01T12:00:00.000Z', source: 'search' },
    // Monday 29 March 2027 starts at 23:00 UTC on the Sunday (BST from 01:00 UTC that Sunday).
    { at: '2027-03-28T00:59:59.000Z', source: 'search' },
    { at: '2027-03-28T01:00:00.000Z', source: 'search' },
    { at: '2027-03-28T22:59:59.999Z', source: 'search' },
    { at: '2027-03-28T23:00:00.000Z', source: 'search' },
  ]);
});

describe("the dashboard's weekly counts", () => {
  it('count each lead added in its UK week, across both clock changes', async () => {
    await expectFiguresRight(autumn, 9);
    await expectFiguresRight(spring, 4);
    const rows = await leadCountsByWeek(d1Database(env), spring);
    expect(sorted(rows.map((row) => [spring[row.week]!.startDay, row.count]))).toEqual([
      ['2027-03-22', 3],
      ['2027-03-29', 1],
    ]);
  });

  it('follow the leads moved between states by the admin: booked, done with a value, lost after booking, contacted', async () => {
    const [, booked, done, lostAfterBooking, contacted] = ids;
    for (const id of [booked!, done!, lostAfterBooking!])
      await adminPost(session, statusPath(id), { status: 'booked', day: ukDay(3), window: '10-12', ...GO_ON });
    await adminPost(session, statusPath(done!), { status: 'done', value: '250.40', ...DONE_ANYWAY });
    await adminPost(session, statusPath(lostAfterBooking!), { status: 'lost', lost_reason: 'price' });
    await adminPost(session, statusPath(contacted!), { status: 'contacted' });
    await expectFiguresRight(autumn, 9);
    const advert = (await jobsBySource(d1Database(env), autumn)).find((row) => row.source === 'advert');
    expect(advert).toEqual({ source: 'advert', leads: 2, booked: 2, valuePence: 25040 });
  });

  it('follow a lead changed in place: another source, landing page, form, value or arrival week', async () => {
    const set = (id: string, sql: string, ...values: unknown[]) =>
      env.DB.prepare(`UPDATE leads SET ${sql} WHERE id = ?`)
        .bind(...values, id)
        .run();
    const [first, booked, done] = ids;
    await set(first!, 'source = ?, previous_page = ?', 'other site', '/blog/a-post');
    await set(booked!, 'kind = ?, created_at = ?', 'quote', Date.parse('2026-11-02T08:00:00Z'));
    await set(done!, 'job_value_pence = ?', 9_900);
    await expectFiguresRight(autumn, 9);
    // Out of the ten weeks, and back.
    await set(first!, 'created_at = ?', Date.parse('2026-01-05T12:00:00Z'));
    await expectFiguresRight(autumn, 8);
    await set(first!, 'created_at = ?', Date.parse('2026-11-03T12:00:00Z'));
    await expectFiguresRight(autumn, 9);
  });

  it('take a deleted lead away, with its booking, whether its timeline goes first or with it', async () => {
    const [, booked, , lostAfterBooking, , noSource] = ids;
    // The admin's deletion: the timeline first, then the lead.
    expect(await deleteLeads(d1Database(env), [lostAfterBooking!, noSource!])).toBe(2);
    await expectFiguresRight(autumn, 7);
    // A lead deleted on its own: its timeline goes with it (the foreign key's cascade).
    await env.DB.prepare('DELETE FROM leads WHERE id = ?').bind(booked!).run();
    await expectFiguresRight(autumn, 6);
    const advert = (await jobsBySource(d1Database(env), autumn)).find((row) => row.source === 'advert');
    expect(advert).toEqual({ source: 'advert', leads: 1, booked: 1, valuePence: 9_900 });
  });

  it('leave no week, source or landing page behind once its last lead is gone', async () => {
    await env.DB.prepare('DELETE FROM leads WHERE created_at >= ? AND created_at < ?')
      .bind(autumn[0]!.startMs, autumn.at(-1)!.endMs)
      .run();
    expect(await leadCountsByWeek(d1Database(env), autumn)).toEqual([]);
    expect(await jobsBySource(d1Database(env), autumn)).toEqual([]);
    await expectFiguresRight(spring, 4);
  });
});
