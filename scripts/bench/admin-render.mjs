// The warm server render of a signed-in admin page: wall time of each request from this process
// to the local dev server (no DevTools inspector) on 127.0.0.1 over a kept-alive connection,
// until the whole body has arrived. The Worker exposes no Server-Timing, and its request-log
// line (src/middleware/request-log.ts) is not usable here: workerd's Date.now() only moves on
// I/O, and without the inspector the line is not relayed to us. Wall time on loopback includes
// the D1 queries and the render, plus well under a millisecond of local transport.

import { LEADS_RENDER } from './pages.mjs';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** `expect` is a string the page must contain (proof that it is the signed-in page with the data). */
export async function measureWarmRender(origin, path, cookie, { warmup = 5, runs = 30, expect } = {}) {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(`${origin}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' });
    const html = await res.text();
    const ms = performance.now() - started;
    // A redirect would be the sign-in page or a prompt in front of the target: not this page.
    if (res.status !== 200) throw new Error(`bench: ${path} answered ${res.status} ${res.headers.get('location') ?? ''}`);
    if (expect && !html.includes(expect)) throw new Error(`bench: ${path} does not show "${expect}"`);
    return ms;
  };
  for (let i = 0; i < warmup; i++) await once();
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  return {
    path,
    warmup,
    runs,
    medianMs: median(times),
    minMs: Math.min(...times),
    maxMs: Math.max(...times),
    p90Ms: [...times].sort((a, b) => a - b)[Math.ceil(runs * 0.9) - 1],
  };
}

/** The inbox row: /admin/leads holding `count` leads (scripts/bench/leads.mjs), against LEADS_RENDER's target. */
export async function measureLeadsRender(origin, cookie, count) {
  const { path, warmup, runs, targetMs } = LEADS_RENDER;
  const result = await measureWarmRender(origin, path, cookie, { warmup, runs, expect: `${count} leads, newest first.` });
  return { ...result, leads: count, targetMs, pass: result.medianMs <= targetMs };
}
