import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastWeeks } from '../../src/admin/dashboard/weeks';
import { leadCountsByWeek, tapCountsByWeek } from '../../src/db/dashboard';
import { addDays, londonDay } from '../../src/rules/uk-time';
import { expectAdminHeaders, request, type Session, signIn } from './admin-helpers';
import { column, leadsBetween, type SeedLead, seedLeads, seedTaps, tableRows, tapsBetween } from './dashboard-helpers';

/**
 * The owner's dashboard against a seeded fortnight: every number it shows is counted again here
 * with plain SQL over the same rows.
 */

const HOUR = 3_600_000;
const now = Date.now();
const weeks = lastWeeks(now);
const lastWeek = weeks.at(-2)!;
const thisWeek = weeks.at(-1)!;
const today = londonDay(now);

/** Instants spread through a week, never after now. */
const within = (week: { startMs: number; endMs: number }, n: number) => {
  const end = Math.min(week.endMs, now);
  return Array.from({ length: n }, (_, i) => week.startMs + Math.floor(((end - week.startMs) * (i + 0.5)) / n));
};

const PAGES = ['/services/drain-unblocking', '/contact', '/services/cctv-drain-survey', null];
const SOURCES = ['advert', 'search', 'direct', 'social', 'other site', null] as const;

function fortnightLeads(): SeedLead[] {
  const rows: SeedLead[] = [];
  const times = [...within(lastWeek, 9), ...within(thisWeek, 5)];
  times.forEach((createdAt, i) => {
    rows.push({
      createdAt,
      kind: i % 3 === 0 ? 'quote' : 'contact',
      source: SOURCES[i % SOURCES.length]!,
      formPage: i % 3 === 0 ? '/free-quote' : '/contact',
      previousPage: PAGES[i % PAGES.length] ?? null,
    });
  });
  // Outside the 8 weeks: never counted.
  rows.push({
    createdAt: weeks[0]!.startMs - HOUR,
    kind: 'contact',
    source: 'advert',
    formPage: '/contact',
    previousPage: '/faq',
  });
  return rows;
}

function fortnightTaps() {
  const rows: { day: string; page: string; channel: string; count: number }[] = [];
  for (let d = 0; d < 7; d++) {
    const day = addDays(lastWeek.startDay, d);
    rows.push({ day, page: '/', channel: 'call', count: d + 1 });
    rows.push({ day, page: '/services/drain-unblocking', channel: d % 2 ? 'whatsapp' : 'call', count: 2 });
  }
  rows.push({ day: today, page: '/contact', channel: 'email', count: 3 });
  rows.push({ day: thisWeek.startDay, page: '/faq', channel: 'call', count: 4 });
  rows.push({ day: addDays(weeks[0]!.startDay, -1), page: '/faq', channel: 'call', count: 100 });
  return rows;
}

let session: Session;
let html: string;

beforeAll(async () => {
  await seedLeads(fortnightLeads());
  await seedTaps(fortnightTaps());
  session = await signIn();
  const res = await request('/admin/dashboard', { cookie: session.cookie });
  expect(res.status).toBe(200);
  expectAdminHeaders(res);
  html = await res.text();
});

const weekRow = (i: number) => weeks[i]!.label;

describe('the dashboard', () => {
  it('is the admin’s first page', async () => {
    const res = await request('/admin', { cookie: session.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/dashboard');
    expect(html).toContain('<a href="/admin/dashboard" aria-current="page">Dashboard</a>');
    // No script, like the rest of the admin.
    expect(html).not.toContain('<script');
  });

  it('counts leads per week by form and by source, as D1 holds them', async () => {
    const byForm = tableRows(html, 'Leads per week, by form');
    const bySource = tableRows(html, 'Leads per week, by source');
    for (const i of [weeks.length - 2, weeks.length - 1]) {
      const week = weeks[i]!;
      const kinds = await leadsBetween('kind', week.startMs, week.endMs);
      expect(column(byForm, 'Contact form')[weekRow(i)]).toBe(kinds.contact ?? 0);
      expect(column(byForm, 'Quote form')[weekRow(i)]).toBe(kinds.quote ?? 0);
      const sources = await leadsBetween('source', week.startMs, week.endMs);
      const labels: [string, string][] = [
        ['Search', 'search'],
        ['Advert', 'advert'],
        ['Social', 'social'],
        ['Direct', 'direct'],
        ['Other site', 'other site'],
        ['Not recorded', 'not recorded'],
      ];
      for (const [label, key] of labels)
        expect(column(bySource, label)[weekRow(i)], `${label} in week ${i}`).toBe(sources[key] ?? 0);
    }
    const all = await leadsBetween("'all'", weeks[0]!.startMs, thisWeek.endMs);
    expect(column(byForm, 'Total')['8 weeks']).toBe(all.all);
    expect(html).toMatch(new RegExp(`<dt>Leads</dt><dd>${all.all}</dd>`));
  });

  it('counts taps per week by channel, and by page', async () => {
    const byChannel = tableRows(html, 'Taps per week, by channel');
    for (const i of [weeks.length - 2, weeks.length - 1]) {
      const channels = await tapsBetween('channel', weeks[i]!.startDay, weeks[i]!.endDay);
      expect(column(byChannel, 'Calls')[weekRow(i)]).toBe(channels.call ?? 0);
      expect(column(byChannel, 'WhatsApp')[weekRow(i)]).toBe(channels.whatsapp ?? 0);
      expect(column(byChannel, 'E-mail')[weekRow(i)]).toBe(channels.email ?? 0);
    }
    const pages = await tapsBetween('page', weeks[0]!.startDay, thisWeek.endDay);
    expect(column(tableRows(html, 'Taps by page'), 'Total')).toEqual(pages);
    const calls = (await tapsBetween('channel', weeks[0]!.startDay, thisWeek.endDay)).call;
    expect(html).toContain(`<dt>Call taps</dt><dd>${calls}</dd>`);
  });

  it('ranks the pages that bring most leads and taps', async () => {
    const landing = await leadsBetween('coalesce(previous_page, form_page)', weeks[0]!.startMs, thisWeek.endMs);
    expect(column(tableRows(html, 'Leads by landing page'), 'Total')).toEqual(landing);
    const taps = await tapsBetween('page', weeks[0]!.startDay, thisWeek.endDay);
    const top = tableRows(html, 'Pages by leads and taps over 8 weeks');
    const shown = top.slice(1).map((row) => ({ page: row[0]!, leads: Number(row[1]), taps: Number(row[2]) }));
    for (const row of shown) {
      expect(row.leads, row.page).toBe(landing[row.page] ?? 0);
      expect(row.taps, row.page).toBe(taps[row.page] ?? 0);
    }
    const totals = shown.map((row) => row.leads + row.taps);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('draws each weekly chart as an image whose label carries the numbers', () => {
    const charts = [...html.matchAll(/<svg class="dash-chart"[^>]*role="img" aria-label="([^"]*)"/g)].map((m) => m[1]!);
    expect(charts).toHaveLength(3);
    expect(charts[0]).toMatch(/^Leads per week, by form: week of /);
  });
});

describe('the dashboard queries', () => {
  it('put each row in its UK week, across the clocks going forward', async () => {
    // The week of Monday 23 March 2026 holds the change to BST (Sunday 29 March, 01:00 UTC).
    const dst = lastWeeks(Date.parse('2026-04-01T12:00:00Z'), 2);
    expect(dst.map((w) => w.startDay)).toEqual(['2026-03-23', '2026-03-30']);
    expect(dst[1]!.startMs).toBe(Date.parse('2026-03-29T23:00:00Z'));
    await seedLeads([
      {
        createdAt: Date.parse('2026-03-29T22:59:59Z'),
        kind: 'contact',
        source: 'direct',
        formPage: '/contact',
        previousPage: '/dst-a',
      },
      {
        createdAt: Date.parse('2026-03-29T23:00:00Z'),
        kind: 'contact',
        source: 'direct',
        formPage: '/contact',
        previousPage: '/dst-b',
      },
    ]);
    const rows = await leadCountsByWeek(drizzle(env.DB), dst);
    expect(rows.filter((row) => row.landing?.startsWith('/dst-'))).toEqual([
      { week: 0, kind: 'contact', source: 'direct', landing: '/dst-a', count: 1 },
      { week: 1, kind: 'contact', source: 'direct', landing: '/dst-b', count: 1 },
    ]);
    await seedTaps([
      { day: '2026-03-29', page: '/dst', channel: 'call', count: 2 },
      { day: '2026-03-30', page: '/dst', channel: 'call', count: 5 },
    ]);
    const taps = (await tapCountsByWeek(drizzle(env.DB), dst)).filter((row) => row.page === '/dst');
    expect(taps).toEqual([
      { week: 0, page: '/dst', channel: 'call', count: 2 },
      { week: 1, page: '/dst', channel: 'call', count: 5 },
    ]);
  });
});
