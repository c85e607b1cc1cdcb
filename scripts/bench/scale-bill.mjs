// The monthly D1 bill of a firm like the scale bench's, from the rows each route and cron run read
// and wrote at 30,000 leads.

// Cloudflare's published D1 pricing on the Workers Paid plan (developers.cloudflare.com/d1/platform/pricing/):
// each month's first 25 billion rows read, 50 million rows written and 5 GB stored are included.
export const D1_ROWS_READ_INCLUDED = 25_000_000_000;
export const D1_USD_PER_MILLION_ROWS_READ = 0.001;
export const D1_ROWS_WRITTEN_INCLUDED = 50_000_000;
export const D1_USD_PER_MILLION_ROWS_WRITTEN = 1.0;
export const D1_STORAGE_GB_INCLUDED = 5;
export const D1_USD_PER_GB_MONTH = 0.75;

const DAYS_PER_MONTH = 30;
export const VISITORS_PER_DAY = 300;
/** Pages a visitor opens: the page they land on, a service page, the contact page. */
export const PAGES_PER_VISIT = 3;
/** The cron runs every five minutes (wrangler.jsonc `triggers`). */
export const CRON_RUNS_PER_DAY = 288;
/** The owner's 50 admin pages a day, by route name (ADMIN_ROUTES in scale-routes.mjs). */
export const OWNER_DAY = {
  dashboard: 10,
  'inbox, first page': 12,
  'inbox, page 50': 2,
  'inbox ?status=undelivered': 2,
  'inbox search: phone': 3,
  'inbox search: postcode': 2,
  'inbox search: surname': 3,
  'person search': 1,
  "a lead's page": 10,
  'schedule week': 3,
  'audit log, page 1': 1,
  'media page': 1,
};
/** Once a month each: the exports, a lead deleted and a person erased. */
export const OWNER_MONTH = {
  'CSV export': 1,
  "accountant's export of a tax year: invoices and credit notes": 1,
  "accountant's export of a tax year: payments": 1,
  'delete one lead': 1,
  'erase a person': 1,
};

/**
 * The month's rows and dollars. `rows(name)`: { read, written } of a route at 30,000 leads
 * (undefined when not measured); `publicPage`: the rows a public page view costs; `bytes`: the
 * database's size.
 */
export function monthlyBill({ rows, publicPage, cronRun, bytes }) {
  const lines = [];
  const add = (what, perMonth, r) => r && lines.push({ what, perMonth, read: perMonth * r.read, written: perMonth * r.written });
  add(
    `public pages (${VISITORS_PER_DAY} visitors × ${PAGES_PER_VISIT} pages a day)`,
    VISITORS_PER_DAY * PAGES_PER_VISIT * DAYS_PER_MONTH,
    publicPage,
  );
  for (const [name, perDay] of Object.entries(OWNER_DAY)) add(`admin: ${name}`, perDay * DAYS_PER_MONTH, rows(name));
  for (const [name, perMonth] of Object.entries(OWNER_MONTH)) add(`admin: ${name}`, perMonth, rows(name));
  add('cron, every 5 minutes', CRON_RUNS_PER_DAY * DAYS_PER_MONTH, cronRun);
  const read = lines.reduce((sum, l) => sum + l.read, 0);
  const written = lines.reduce((sum, l) => sum + l.written, 0);
  const gb = bytes / 1e9;
  const usd = {
    read: (Math.max(0, read - D1_ROWS_READ_INCLUDED) / 1e6) * D1_USD_PER_MILLION_ROWS_READ,
    written: (Math.max(0, written - D1_ROWS_WRITTEN_INCLUDED) / 1e6) * D1_USD_PER_MILLION_ROWS_WRITTEN,
    storage: Math.max(0, gb - D1_STORAGE_GB_INCLUDED) * D1_USD_PER_GB_MONTH,
  };
  // What the same rows would cost with nothing included: how far the firm is from paying.
  const uncapped =
    (read / 1e6) * D1_USD_PER_MILLION_ROWS_READ + (written / 1e6) * D1_USD_PER_MILLION_ROWS_WRITTEN + gb * D1_USD_PER_GB_MONTH;
  return { lines, read, written, gb, usd, total: usd.read + usd.written + usd.storage, uncapped };
}
