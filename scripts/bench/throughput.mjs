// Server throughput per page under `wrangler dev` at a fixed concurrency, next to a static file
// of the same size served by the same Worker's asset server (the ceiling), in the same run.
import autocannon from 'autocannon';

export const CONNECTIONS = 10;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export function load(url, { method = 'GET', body, headers, seconds = SECONDS, connections = CONNECTIONS } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, method, body, headers, duration: seconds, connections, timeout: 10 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

export const summary = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors,
  timeouts: r.timeouts,
  non2xx: r.non2xx,
  status5xx: r['5xx'] ?? 0,
});

/**
 * One page's figures against its static copy. The asset server answers `x.html` with a 307 to
 * `x`, so the copy is asked for without its extension; a ceiling made of redirects or errors
 * would not be a ceiling, so that stops the run.
 */
export async function compare(baseUrl, page) {
  const staticUrl = `${baseUrl}/__bench/${page.staticFile.replace(/\.html$/, '')}`;
  const check = await fetch(staticUrl, { redirect: 'manual' });
  const bytes = (await check.arrayBuffer()).byteLength;
  if (check.status !== 200 || bytes !== page.htmlBytes) {
    throw new Error(`static copy of ${page.path} answered ${check.status} with ${bytes} bytes, not ${page.htmlBytes}`);
  }
  const dynamic = summary(await load(`${baseUrl}${page.path}`));
  const ceiling = summary(await load(staticUrl));
  return { page: page.name, dynamic, ceiling, ratio: Number((dynamic.rps / ceiling.rps).toFixed(2)) };
}

export async function measureThroughput(baseUrl, pages) {
  const rows = [];
  for (const page of pages) rows.push(await compare(baseUrl, page));
  return rows;
}
