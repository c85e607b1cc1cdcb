import { env } from 'cloudflare:workers';
import type { LeadSource } from '../../src/rules/lead-source';

/** Rows for the dashboard tests, written straight into D1 and counted back with plain SQL. */

export interface SeedLead {
  createdAt: number;
  kind: 'contact' | 'quote';
  source: LeadSource | null;
  formPage: string | null;
  previousPage: string | null;
}

export async function seedLeads(rows: readonly SeedLead[]): Promise<void> {
  const insert = env.DB.prepare(
    `INSERT INTO leads (id, kind, name, email, status, created_at, updated_at, form_page, previous_page, source)
     VALUES (?, ?, 'Seeded', 'seeded@example.org', 'sent', ?, ?, ?, ?, ?)`,
  );
  await env.DB.batch(
    rows.map((row) =>
      insert.bind(crypto.randomUUID(), row.kind, row.createdAt, row.createdAt, row.formPage, row.previousPage, row.source),
    ),
  );
}

export async function seedTaps(rows: readonly { day: string; page: string; channel: string; count: number }[]): Promise<void> {
  const insert = env.DB.prepare(
    `INSERT INTO tap_counts (day, page, channel, count) VALUES (?, ?, ?, ?)
     ON CONFLICT (day, page, channel) DO UPDATE SET count = count + excluded.count`,
  );
  await env.DB.batch(rows.map((row) => insert.bind(row.day, row.page, row.channel, row.count)));
}

/** Plain SQL, independent of the dashboard's queries: count by one column between two instants. */
export async function leadsBetween(column: string, from: number, to: number): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare(
    `SELECT coalesce(${column}, 'not recorded') AS key, count(*) AS n FROM leads WHERE created_at >= ? AND created_at < ? GROUP BY key`,
  )
    .bind(from, to)
    .all<{ key: string; n: number }>();
  return Object.fromEntries(results.map((row) => [row.key, row.n]));
}

export async function tapsBetween(column: string, fromDay: string, toDay: string): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare(
    `SELECT ${column} AS key, sum(count) AS n FROM tap_counts WHERE day >= ? AND day < ? GROUP BY key`,
  )
    .bind(fromDay, toDay)
    .all<{ key: string; n: number }>();
  return Object.fromEntries(results.map((row) => [row.key, row.n]));
}

/** The cells of the table with this caption, row by row, as text (header row first). */
export function tableRows(html: string, caption: string): string[][] {
  const start = html.indexOf(`<caption class="visually-hidden">${caption}</caption>`);
  if (start < 0) throw new Error(`no table "${caption}"`);
  const table = html.slice(start, html.indexOf('</table>', start));
  return [...table.matchAll(/<tr>(.*?)<\/tr>/g)].map(([, row]) =>
    [...row!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map(([, cell]) =>
      cell!
        .replace(/<[^>]+>/g, '')
        .replaceAll('&amp;', '&')
        .trim(),
    ),
  );
}

/** A table's column as numbers by its row heading (the first cell). */
export function column(rows: string[][], heading: string): Record<string, number> {
  const index = rows[0]!.indexOf(heading);
  if (index < 0) throw new Error(`no column "${heading}" in ${rows[0]!.join(' | ')}`);
  return Object.fromEntries(rows.slice(1).map((row) => [row[0]!, Number(row[index]!.replace(/,/g, ''))]));
}
