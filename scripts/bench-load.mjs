// `npm run bench:load`: wrangler dev on 127.0.0.1, driven by autocannon for a bounded time per
// target. Prints requests per second, p50/p99 latency and counts of errors, non-2xx and 5xx.
// Targets: zero 5xx and zero socket errors; POST /api/contact must answer 429 past the limit.
import { startDevServer } from '../test/support/dev-server.ts';
import { load } from './bench/throughput.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8832);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const server = await startDevServer({ name: 'bench-load', port: PORT });
const base = server.url;

const rows = [];
try {
  const blog = await (await fetch(`${base}/blog`)).text();
  const post = blog.match(/href="(\/blog\/[a-z0-9-]+)"/)?.[1] ?? '/blog';
  const targets = [
    { name: 'GET /', path: '/' },
    { name: 'GET /services/drain-unblocking', path: '/services/drain-unblocking' },
    { name: 'GET /blog', path: '/blog' },
    { name: `GET ${post}`, path: post },
    {
      name: 'POST /api/contact',
      path: '/api/contact',
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'cf-connecting-ip': '198.51.100.7' },
      body: JSON.stringify({ name: 'Load Test', email: 'load@example.com', phone: '', message: 'Load test message.' }),
    },
  ];
  for (const t of targets) {
    const r = await load(`${base}${t.path}`, { method: t.method, headers: t.headers, body: t.body, seconds: SECONDS });
    const codes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count]));
    rows.push({
      target: t.name,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      requests: r.requests.total,
      errors: r.errors,
      timeouts: r.timeouts,
      non2xx: r.non2xx,
      '5xx': r['5xx'] ?? 0,
      codes: JSON.stringify(codes),
    });
  }
} finally {
  await server.stop();
}
console.log(`\nLoad: autocannon, 10 connections, ${SECONDS} s per target, wrangler dev on 127.0.0.1\n`);
console.log('| Target | req/s | p50 ms | p99 ms | requests | socket errors | timeouts | non-2xx | 5xx | status codes |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows) {
  console.log(
    `| ${r.target} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.errors} | ${r.timeouts} | ${r.non2xx} | ${r['5xx']} | ${r.codes} |`,
  );
}
const failed = rows.some((r) => r['5xx'] > 0 || r.errors > 0);
const contact = rows.find((r) => r.target === 'POST /api/contact');
const limited = contact && JSON.parse(contact.codes)['429'] > 0;
console.log(
  `\n5xx: ${rows.reduce((s, r) => s + r['5xx'], 0)}, socket errors: ${rows.reduce((s, r) => s + r.errors, 0)}, contact rate-limited (429): ${limited ? 'yes' : 'NO'}`,
);
process.exitCode = failed || !limited ? 1 : 0;
