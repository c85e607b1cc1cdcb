// The scale bench's table (rows read at each size, rows written, warm median at the largest) and
// the monthly D1 bill, as Markdown, and its place in docs/bench-scale.md.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  CRON_RUNS_PER_DAY,
  D1_ROWS_READ_INCLUDED,
  D1_ROWS_WRITTEN_INCLUDED,
  monthlyBill,
  PAGES_PER_VISIT,
  VISITORS_PER_DAY,
} from './scale-bill.mjs';

const DOC = path.resolve(import.meta.dirname, '../../docs/bench-scale.md');
const README = path.resolve(import.meta.dirname, '../../README.md');
const START = '<!-- bench:scale results -->';
const END = '<!-- /bench:scale results -->';

const count = (n) => (n === undefined ? '—' : Math.round(n).toLocaleString('en-GB'));
const big = (n) => (n >= 1e9 ? `${(n / 1e9).toFixed(2)}B` : n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : count(n));
const ms = (r) =>
  !r
    ? '—'
    : r.timedOut
      ? `over ${r.ms / 1000} s (stopped)`
      : r.ms >= 1000
        ? `${(r.ms / 1000).toFixed(1)} s`
        : `${r.ms.toFixed(1)} ms`;
const read = (r) => (!r ? '—' : r.timedOut ? 'not finished' : count(r.read));

/** The rows the README shows: what the owner opens most, the cron, and the costliest changes. */
const README_ROWS = [
  'dashboard',
  'inbox, first page',
  'inbox, page 50',
  'inbox ?status=undelivered',
  'inbox search: surname',
  'person search',
  "a lead's page",
  'schedule week',
  'audit log, page 1',
  'media page',
  'cron run, nothing due (all jobs)',
  'delete one lead',
  'erase a person',
  'CSV export',
  'invoices list',
  "accountant's export of a tax year: invoices and credit notes",
  "accountant's export of a tax year: payments",
];

/** The README's short table: rows read at each size and the warm median at the largest, and the bill. */
export function scaleReadmeTable(sizes, report) {
  const largest = sizes.at(-1);
  const at = (s, name) => s.results.get(name);
  const lines = README_ROWS.filter((name) => at(largest, name)).map(
    (name) => `| ${name} | ${sizes.map((s) => read(at(s, name))).join(' | ')} | ${ms(at(largest, name))} |`,
  );
  const bill = report.split('\n').find((line) => line.startsWith('D1 bill:')) ?? '';
  return [
    `Latest \`npm run bench:scale\` (${new Date().toISOString().slice(0, 10)}; every route and cron job in [docs/bench-scale.md](docs/bench-scale.md)), rows read that D1 reports:`,
    '',
    `| route / job | ${sizes.map((s) => `at ${count(s.leads)} leads`).join(' | ')} | warm median at ${count(largest.leads)} |`,
    `|---|${sizes.map(() => '---:|').join('')}---:|`,
    ...lines,
    '',
    `${bill} A month of 300 visitors a day, the owner in the admin 50 times a day and the cron every 5 minutes.`,
  ].join('\n');
}

/** `sizes`: [{ leads, bytes, results: Map(name → { read, written, ms, timedOut? }) }], smallest first. */
export function scaleReport(sizes) {
  const largest = sizes.at(-1);
  const names = [...new Set(sizes.flatMap((s) => [...s.results.keys()]))];
  const head = `| route / job | ${sizes.map((s) => `rows read at ${count(s.leads)} leads`).join(' | ')} | rows written at ${count(largest.leads)} | warm median at ${count(largest.leads)} |`;
  const rule = `|---|${sizes.map(() => '---:|').join('')}---:|---:|`;
  const rows = names.map((name) => {
    const at = (s) => s.results.get(name);
    const last = at(largest);
    return `| ${name} | ${sizes.map((s) => read(at(s))).join(' | ')} | ${last?.timedOut ? '—' : count(last?.written)} | ${ms(last)} |`;
  });
  const results = largest.results;
  const rowsOf = (name) => {
    const r = results.get(name);
    return r && !r.timedOut ? { read: r.read, written: r.written } : undefined;
  };
  const bill = monthlyBill({
    rows: rowsOf,
    publicPage: rowsOf('public page, new isolate'),
    cronRun: rowsOf('cron run, nothing due (all jobs)'),
    bytes: largest.bytes,
  });
  const billRows = bill.lines.map((l) => `| ${l.what} | ${count(l.perMonth)} | ${big(l.read)} | ${big(l.written)} |`);
  const missing = results.get('CSV export')?.timedOut
    ? ' The CSV export did not finish within its limit, so it is not in the sum.'
    : '';
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Database at ${count(largest.leads)} leads: ${(largest.bytes / 1e6).toFixed(0)} MB.`,
    '',
    head,
    rule,
    ...rows,
    '',
    `Monthly D1 bill at ${count(largest.leads)} leads: ${VISITORS_PER_DAY} visitors a day (${PAGES_PER_VISIT} pages each, every one priced as a new isolate's), the owner in the admin 50 times a day, the cron ${CRON_RUNS_PER_DAY} times a day.${missing}`,
    '',
    '| what | a month | rows read | rows written |',
    '|---|---:|---:|---:|',
    ...billRows,
    `| **total** | | **${big(bill.read)}** (${((bill.read / D1_ROWS_READ_INCLUDED) * 100).toFixed(2)}% of the ${big(D1_ROWS_READ_INCLUDED)} included) | **${big(bill.written)}** (${((bill.written / D1_ROWS_WRITTEN_INCLUDED) * 100).toFixed(2)}% of the ${big(D1_ROWS_WRITTEN_INCLUDED)} included) |`,
    '',
    `D1 bill: $${bill.total.toFixed(2)} a month (rows read $${bill.usd.read.toFixed(2)}, rows written $${bill.usd.written.toFixed(2)}, storage ${bill.gb.toFixed(2)} GB $${bill.usd.storage.toFixed(2)}); with nothing included it would be $${bill.uncapped.toFixed(2)}.`,
  ].join('\n');
}

/** Puts `text` between two markers of a Markdown file. */
function writeBetween(file, start, end, text) {
  const doc = readFileSync(file, 'utf8');
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${path.basename(file)} has no ${start} … ${end} section`);
  writeFileSync(file, `${doc.slice(0, from + start.length)}\n${text}\n${doc.slice(to)}`);
}

/** Puts the report between the results markers of docs/bench-scale.md. */
export function writeScaleDoc(report) {
  writeBetween(DOC, START, END, report);
}

/** Puts the short table between the README's scale markers. */
export function writeScaleReadme(table) {
  writeBetween(README, '<!-- bench-scale:start -->', '<!-- bench-scale:end -->', table);
}
