// `npm run bench:scale`: what the admin and the cron cost in D1 rows, and how long they take, once
// the firm has five years of leads (issue 51). Builds the database at 3,000 and at 30,000 leads
// from a seeded generator (scale-data.mjs), runs the real Worker against each in workerd with its
// D1 binding counting rows (scale-entry.mjs), then prints, per route and per cron job, the rows
// read and written that D1 reported at both sizes and the warm median at 30,000, and the monthly
// D1 bill (scale-bill.mjs). The table also goes into docs/bench-scale.md. Not a test: nothing fails.
//
// SCALE_SIZES=3000 runs one size only; SCALE_EXPORT_LIMIT_S bounds the CSV export (default 60 s).
// SCALE_TRACE=1 also logs each measure's heaviest statements; SCALE_ONLY=dashboard,media measures
// only the admin routes and cron jobs whose names contain one of these words (a quick look: no
// table is written).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleWorker } from '../worker-bundle.mjs';
import { migratedDatabase, runtimeConfig, startSplitWorker } from '../workerd-modules.mjs';
import { fillDatabase } from './scale-data.mjs';
import { scaleReadmeTable, scaleReport, writeScaleDoc, writeScaleReadme } from './scale-report.mjs';
import { adminRoutes, benchClient, measureOnce, measureRoute } from './scale-routes.mjs';
import { loadProjectRules } from './scale-rules.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const SIZES = (process.env.SCALE_SIZES ?? '3000,30000').split(',').map(Number);
const EXPORT_LIMIT_MS = Number(process.env.SCALE_EXPORT_LIMIT_S ?? 60) * 1000;
const TRACE = process.env.SCALE_TRACE === '1';
const ONLY = process.env.SCALE_ONLY?.split(',').filter(Boolean) ?? [];
const TOKEN = 'bench-admin-token-0123456789';
const origin = `http://127.0.0.1:${process.env.BENCH_PORT ?? 8840}`;
const started = Date.now();
const log = (msg) => console.error(`[bench scale ${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}`);

/**
 * The last complete UK tax year (6 April to 5 April) before `now`, as the exports' `?period=` asks
 * for it ('2025-26'): one the generator's five years of money fill (scale-money.mjs dates them back
 * from now). By the UTC day: an hour either side of midnight changes nothing here.
 */
function lastTaxYear(now) {
  const today = new Date(now).toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  const start = (today >= `${year}-04-06` ? year : year - 1) - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
const TAX_YEAR = lastTaxYear(Date.now());

/**
 * The exports, each read once: every lead, and the accountant's invoices and credit notes, and
 * payments, of the last complete tax year (issue 56: the accountant's read a period, not the history).
 */
const EXPORTS = [
  { name: 'CSV export', path: '/admin/leads.csv' },
  { name: "accountant's export of a tax year: invoices and credit notes", path: `/admin/invoices/export.csv?period=${TAX_YEAR}` },
  { name: "accountant's export of a tax year: payments", path: `/admin/payments/export.csv?period=${TAX_YEAR}` },
];

/** A whole cron run; its answer names the jobs, in the cron's order, each then measured alone. */
const CRON_ALL = { name: 'cron run, nothing due (all jobs)', path: '/__bench/cron' };

async function measureSize(leads, { template, dir, config, rules }) {
  const persist = path.join(dir, `d1-${leads}`);
  cpSync(template, persist, { recursive: true });
  const now = Date.now();
  let t = performance.now();
  const found = fillDatabase({ persist, leads, now, rules });
  log(
    `${leads} leads: database built in ${((performance.now() - t) / 1000).toFixed(1)} s (${(found.bytes / 1e6).toFixed(0)} MB)`,
  );
  t = performance.now();
  const start = () =>
    startSplitWorker({
      dir: path.join(dir, 'worker'),
      registry: 'new',
      config,
      persist,
      inPlace: true,
      // The lead photos' bucket: deleting a lead deletes its photos' objects (none are stored here).
      bindings: { r2Buckets: { MEDIA: 'bcp-drainage-media' } },
      // Retention longer than the data: the cron's usual run has nothing to delete (the backlog is measured apart).
      vars: {
        SITE_ORIGIN: origin,
        ADMIN_TOKEN: TOKEN,
        LEAD_RETENTION_DAYS_HANDLED: '3650',
        LEAD_RETENTION_DAYS_UNHANDLED: '3650',
      },
    });
  let worker = await start();
  const results = new Map();
  const keep = (r) => {
    results.set(r.name, r);
    log(
      `${leads} leads: ${r.name}: ${r.timedOut ? `over ${r.ms / 1000} s, stopped` : `${r.read} rows read, ${r.written} written, ${r.ms.toFixed(1)} ms`}`,
    );
    if (TRACE) for (const s of r.heaviest ?? []) log(`    ${s.rowsRead} rows: ${s.sql}`);
  };
  try {
    let client = benchClient(worker.mf, origin);
    if (ONLY.length > 0) {
      await client.signIn(TOKEN);
      const wanted = (name) => ONLY.some((word) => name.toLowerCase().includes(word.toLowerCase()));
      for (const route of adminRoutes(found).filter((r) => wanted(r.name))) keep(await measureRoute(client, route));
      for (const route of EXPORTS.filter((r) => wanted(r.name))) keep(await measureOnce(client, route, EXPORT_LIMIT_MS));
      // And the cron jobs named by a word (invoice, quote: the money's retention jobs).
      const { text } = await client.send(CRON_ALL.path);
      for (const job of JSON.parse(text).filter(wanted))
        keep(await measureRoute(client, { name: `cron: ${job}`, path: `/__bench/cron?job=${job}` }));
      return { leads, bytes: found.bytes, results };
    }
    // A visitor's page first, as a new isolate answers it: what a public page costs at most.
    keep({ ...(await measureOnce(client, { name: 'public page, new isolate', path: '/' })) });
    keep(await measureRoute(client, { name: 'public page, warm', path: '/' }));
    await client.signIn(TOKEN);
    // The cron once before measuring: it keeps the current revision's pages, as it has by then.
    await client.send(CRON_ALL.path);
    keep(await measureRoute(client, CRON_ALL));
    const { text } = await client.send(CRON_ALL.path);
    for (const job of JSON.parse(text))
      keep(await measureRoute(client, { name: `cron: ${job}`, path: `/__bench/cron?job=${job}` }));
    for (const route of adminRoutes(found)) keep(await measureRoute(client, route));
    // The exports read every lead, or a tax year's invoices and payments: before any change. One
    // that outlasts its wait can only be stopped by stopping workerd (and starting another for the rest).
    for (const route of EXPORTS) {
      const exported = await measureOnce(client, route, EXPORT_LIMIT_MS);
      keep(exported);
      if (exported.timedOut) {
        await worker.stop().catch(() => {});
        worker = await start();
        client = benchClient(worker.mf, origin);
        await client.signIn(TOKEN);
      }
    }
    // Changes, once each, on other customers than the routes read.
    keep(
      await measureOnce(client, {
        name: 'delete one lead',
        path: `/admin/leads/${found.returning[1].id}/delete`,
        form: { confirm: 'yes' },
      }),
    );
    keep(
      await measureOnce(client, {
        name: 'erase a person',
        path: '/admin/leads/person/erase',
        form: { email: found.returning[2].email, confirm: 'yes' },
      }),
    );
    keep(
      await measureOnce(client, {
        name: 'cron: retention backlog (default retention)',
        path: '/__bench/cron?job=deleteLeadsPastRetention&retention=default',
      }),
    );
  } finally {
    await worker.stop();
    log(`${leads} leads: measured in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  }
  return { leads, bytes: found.bytes, results };
}

if (!existsSync(path.join(root, 'dist/client/__built/content-defaults.json'))) {
  log('building (dist/ is missing)');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}
const dir = mkdtempSync(path.join(tmpdir(), 'bench-scale-'));
try {
  log('bundling the Worker with the counting D1 binding; migrating a local D1');
  await bundleWorker({ entry: 'scripts/bench/scale-entry.mjs', outdir: path.join(dir, 'worker') });
  const base = await runtimeConfig();
  const config = { ...base, compatibilityFlags: [...base.compatibilityFlags, 'd1_binding_jsrpc'] };
  const migrated = migratedDatabase();
  const template = path.join(dir, 'migrated');
  cpSync(migrated, template, { recursive: true });
  rmSync(migrated, { recursive: true, force: true });
  const rules = await loadProjectRules();
  const sizes = [];
  for (const leads of SIZES) sizes.push(await measureSize(leads, { template, dir, config, rules }));
  if (ONLY.length === 0) {
    const report = scaleReport(sizes);
    console.log(report);
    writeScaleDoc(report);
    writeScaleReadme(scaleReadmeTable(sizes, report));
    log('table written to docs/bench-scale.md and the README');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
