// What the scale bench asks the Worker, and how: each admin route as the owner opens it, each
// cron job, and the changes (a lead deleted, a person erased, a retention backlog). Every answer
// carries the rows D1 reported for it (scale-entry.mjs); a route's time is the median of warm
// requests, measured from here (a local request, no network hop).

/** Warm requests per route, at most, and the time a route may take to collect them. */
const RUNS = Number(process.env.SCALE_RUNS ?? 9);
const ROUTE_BUDGET_MS = Number(process.env.SCALE_ROUTE_BUDGET_MS ?? 8_000);

/** The admin pages, read only; `found` is what the generator says is in the database. */
export function adminRoutes(found) {
  const customer = found.returning[0];
  const digits = customer.digits;
  return [
    { name: 'dashboard', path: '/admin/dashboard' },
    { name: 'inbox, first page', path: '/admin/leads' },
    { name: 'inbox, page 50', path: `/admin/leads?page=50&after=${found.page50After}` },
    { name: 'inbox ?status=undelivered', path: '/admin/leads?status=undelivered' },
    { name: 'inbox search: phone', path: `/admin/leads?q=${encodeURIComponent(`${digits.slice(0, 5)} ${digits.slice(5)}`)}` },
    { name: 'inbox search: postcode', path: `/admin/leads?q=${encodeURIComponent(customer.postcode)}` },
    { name: 'inbox search: surname', path: `/admin/leads?q=${encodeURIComponent(customer.surname)}` },
    { name: 'person search', path: '/admin/leads/person', form: { email: customer.email } },
    { name: "a lead's page", path: `/admin/leads/${customer.id}` },
    { name: 'schedule week', path: '/admin/schedule' },
    { name: 'audit log, page 1', path: '/admin/audit' },
    { name: 'media page', path: '/admin/media' },
    { name: 'invoices list', path: '/admin/invoices' },
    { name: "an invoice's page", path: `/admin/invoices/${found.invoiceId}` },
    { name: 'quotes list', path: '/admin/quotes' },
    { name: "a quote's page", path: `/admin/quotes/${found.quoteId}` },
    { name: '/blog', path: '/blog', public: true },
  ];
}

/** A client of one Worker: `send` answers with the response, its body read, and D1's rows for it. */
export function benchClient(mf, origin) {
  let cookie = '';
  let csrf = '';
  const send = async (path, { form, method } = {}) => {
    const headers = { Origin: origin, 'Sec-Fetch-Site': 'same-origin', ...(cookie ? { Cookie: cookie } : {}) };
    let body;
    if (form) {
      body = new URLSearchParams({ ...(csrf ? { _csrf: csrf } : {}), ...form });
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    const started = performance.now();
    const res = await mf.dispatchFetch(`${origin}${path}`, {
      method: method ?? (form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    const text = await res.text();
    const ms = performance.now() - started;
    const d1 = JSON.parse(res.headers.get('x-bench-d1') ?? '{}');
    return { status: res.status, text, ms, d1, setCookie: res.headers.get('set-cookie') };
  };
  return {
    send,
    /** Signs in with ADMIN_TOKEN, as the owner, and keeps the session and its CSRF token. */
    async signIn(token) {
      const res = await send('/admin/login', { form: { token } });
      cookie = /(__Host-bcp_admin=[^;]+)/.exec(res.setCookie ?? '')?.[1] ?? '';
      if (!cookie) throw new Error(`bench: admin sign-in failed (${res.status})`);
      const page = await send('/admin/posts');
      csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
      if (!csrf) throw new Error('bench: signed in, but /admin/posts has no CSRF token');
    },
  };
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const expectOk = (route, res) => {
  if (res.status >= 400)
    throw new Error(`bench: ${route.name} (${route.path}) answered ${res.status}: ${res.text.slice(0, 300)}`);
};

/** One warm-up request, then up to RUNS more within the budget: D1's rows (the last run's) and the median time. */
export async function measureRoute(client, route) {
  expectOk(route, await client.send(route.path, route));
  const times = [];
  let last;
  const started = performance.now();
  while (times.length < RUNS && (times.length === 0 || performance.now() - started < ROUTE_BUDGET_MS)) {
    last = await client.send(route.path, route);
    expectOk(route, last);
    times.push(last.ms);
  }
  return {
    name: route.name,
    read: last.d1.rowsRead,
    written: last.d1.rowsWritten,
    statements: last.d1.statements,
    slowestMs: last.d1.slowestMs,
    heaviest: last.d1.heaviest,
    ms: median(times),
    runs: times.length,
  };
}

/** One request, measured once (a change: the next would find nothing to do), within `limitMs` if given. */
export async function measureOnce(client, route, limitMs) {
  const answer = client.send(route.path, route);
  const res = limitMs
    ? await Promise.race([answer, new Promise((resolve) => setTimeout(() => resolve(undefined), limitMs))])
    : await answer;
  if (!res) return { name: route.name, timedOut: true, ms: limitMs };
  expectOk(route, res);
  return {
    name: route.name,
    read: res.d1.rowsRead,
    written: res.d1.rowsWritten,
    statements: res.d1.statements,
    slowestMs: res.d1.slowestMs,
    heaviest: res.d1.heaviest,
    ms: res.ms,
    runs: 1,
  };
}
