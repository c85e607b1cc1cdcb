// Turns the measurements into docs/benchmarks.md and the README's summary table, marking each target.

import { registrySection, registrySummary } from './cold-registry.mjs';
import { ADMIN_LIGHTHOUSE_TARGET, adminLighthousePass } from './pages.mjs';

const kb = (bytes) => (bytes / 1024).toFixed(1);
const ok = (pass) => (pass ? '✅' : '❌');
const FORM_PAGES = new Set(['Contact', 'Free quote']);

function weightsTable(rows) {
  const lines = [
    '| Page | HTML KB (with inline CSS) | CSS KB (inline) | JS KB (before interaction) | JS KB once the form starts | Images above fold KB | Requests | JS target |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    const jsTarget = FORM_PAGES.has(r.page) ? Math.max(r.js, r.jsFormStarted ?? 0) <= 80 * 1024 : r.js === 0;
    lines.push(
      `| ${r.page} | ${kb(r.html)} | ${kb(r.css)} | ${kb(r.js)} | ${r.jsFormStarted === undefined ? '—' : kb(r.jsFormStarted)} | ${kb(r.imagesAboveFold)} | ${r.requests} | ${ok(jsTarget)} ${FORM_PAGES.has(r.page) ? '≤ 80 KB' : '0'} |`,
    );
  }
  return lines.join('\n');
}

function lighthouseTable(rows) {
  const lines = [
    '| Page | Perf | A11y | Best practices | SEO | LCP ms (median; range) | FCP ms | TBT ms | CLS | Targets | Audits not passed |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const r of rows) {
    // Admin pages (noindex, signed in): performance, accessibility and best practices at least 95.
    const pass = r.admin
      ? adminLighthousePass(r)
      : r.performance === 100 &&
        r.accessibility === 100 &&
        r.bestPractices === 100 &&
        r.seo === 100 &&
        r.lcpMs < 1200 &&
        r.cls === 0;
    lines.push(
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} (${r.lcpRangeMs.join('–')}) | ${r.fcpMs} | ${r.tbtMs} | ${r.cls} | ${ok(pass)} | ${r.failing.join(', ') || '—'} |`,
    );
  }
  return lines.join('\n');
}

function throughputTable(rows) {
  const lines = [
    '| Page | req/s | p50 ms | p99 ms | static ceiling req/s | ceiling p50 / p99 ms | ratio | errors / non-2xx / 5xx | Target ≥ 0.5 |',
    '|---|---:|---:|---:|---:|---|---:|---|---|',
  ];
  for (const r of rows) {
    const d = r.dynamic;
    lines.push(
      `| ${r.page} | ${d.rps} | ${d.p50} | ${d.p99} | ${r.ceiling.rps} | ${r.ceiling.p50} / ${r.ceiling.p99} | ${r.ratio} | ${d.errors} / ${d.non2xx} / ${d.status5xx} | ${ok(r.ratio >= 0.5)} |`,
    );
  }
  return lines.join('\n');
}

/** The inbox's warm server render with the bench's leads (scripts/bench/admin-render.mjs). */
function leadsRenderSection(r) {
  return `## The admin's inbox with ${r.leads} leads: warm server render

| Page | Leads | median ms | min–max ms | p90 ms | Target ≤ ${r.targetMs} ms |
|---|---:|---:|---|---:|---|
| \`${r.path}\` (signed in) | ${r.leads} | ${r.medianMs.toFixed(1)} | ${r.minMs.toFixed(1)}–${r.maxMs.toFixed(1)} | ${r.p90Ms.toFixed(1)} | ${ok(r.pass)} |

The leads are posted to the real \`/api/contact\` and \`/api/quote\` (two contact to one quote, a third as soon as possible, one in eight with a photo), half then moved on in the admin (contacted, booked, done, lost): scripts/bench/leads.mjs. Each figure is the wall time of one request from the bench to the dev server without its inspector on 127.0.0.1, until the whole body of the inbox's first page has arrived; the median of ${r.runs} requests after ${r.warmup} to warm up.`;
}

const ms = (r) => `${r.median.toFixed(1)} (${r.min.toFixed(0)}–${r.max.toFixed(0)})`;
const MB = 1024 * 1024;

/** Pass/fail for the cold-start targets, shared by the section and the README line. */
function coldTargets(cold) {
  const startup = (t) => t.evaluateMs.median + t.firstHomeMs.median;
  const ratio = startup(cold.site) / startup(cold.floor);
  const counted = cold.browserOnly.filter((g) => !g.inFloor);
  const slowest = Math.max(...cold.warm.map((w) => w.cpuMs));
  return {
    ratio,
    counted,
    slowest,
    startupOk: ratio <= 1.5,
    bundleOk: cold.site.minified && cold.site.bytes <= MB && counted.length === 0,
    warmOk: slowest <= 3,
  };
}

/** The cold-start section of docs/benchmarks.md; `npm run bench:cold` prints it as it is. */
export function coldStartSection(cold) {
  const t = coldTargets(cold);
  const row = (name, r, ratio) =>
    `| ${name} | ${kb(r.bytes)} (${kb(r.gzip)}) | ${r.minified ? 'yes' : 'no'} | ${ms(r.evaluateMs)} | ${ms(r.compileMs)} | ${ms(r.firstHomeMs)} | ${ms(r.firstServiceMs)} | ${ms(r.firstFormMs)} | ${ms(r.firstBlogMs)} | ${ratio.toFixed(2)}× |`;
  const spread = (w) => (w.cpuRange ? `${w.cpuRange[0].toFixed(2)}–${w.cpuRange[1].toFixed(2)}` : '—');
  const warmRows = cold.warm.map(
    (w) =>
      `| ${w.page} | \`${w.path}\` | ${w.cpuMs.toFixed(2)} | ${spread(w)} | ${w.wallMs.toFixed(2)} | ${w.hitCpuMs?.toFixed(2) ?? '—'} | ${ok(w.cpuMs <= 3)} |`,
  );
  const browser = cold.browserOnly.map((g) =>
    g.inFloor
      ? `- ${g.name}: ${kb(g.bytes)} KB, also in the floor (react-dom/server.edge requires it), so not counted`
      : `- ❌ ${g.name}: ${g.modules.length} module(s), ${kb(g.bytes)} KB (${g.modules
          .map((m) => m.path)
          .slice(0, 4)
          .join(', ')}${g.modules.length > 4 ? ', …' : ''})`,
  );
  const lazy = (cold.lazy ?? []).map((g) => `- ${g.name}: ${g.modules} module(s), ${kb(g.bytes)} KB`);
  return `## Cold start

Measured ${cold.date}, Node ${cold.node}; each timing is the median of ${cold.runs} fresh processes (min–max in brackets). Both bundles are built the way \`npm run build\` builds a deploy (scripts/worker-bundle.mjs: \`wrangler deploy --dry-run --no-minify\` with the project's settings, then minified by esbuild in a second pass); the floor is Hono with one route rendering \`<p>Hello</p>\` through \`react-dom/server.edge\`.

| | bundle KB (gzip KB) | minified | evaluate ms | of which V8 compile ms | first / ms | first service page ms | first /contact ms | first /blog ms | eval + first / ratio to floor |
|---|---:|---|---:|---:|---:|---:|---:|---:|---:|
${row('Site', cold.site, t.ratio)}
${row('Floor', cold.floor, 1)}

- evaluate: \`import()\` of the bundle in a fresh Node 22 process (the V8 that workerd uses). V8 compile: the same text compiled alone (\`vm.SourceTextModule\`), in its own fresh process: workerd compiles every module of a Worker's upload when the isolate starts, evaluated or not, so this part grows with all the code the Worker carries. What the site evaluates at load is its front door (src/index.ts: the request log and the page cache), ${cold.site.startup.modules} modules and ${kb(cold.site.startup.bytes)} KB of the output; the site itself, React and the database layer wait for the first request the page cache cannot answer.
- first /, first service page and first /contact: from the end of evaluation to the whole body of that page, each page in its own fresh process. All three are pages built with the deploy (src/cache/built-pages.ts), read through the ASSETS binding, which here reads the files of dist/client; in production it is a subrequest to the asset server in the same data centre. /contact is built with placeholders and filled for the request (a freshly signed token, the visitor's attribution). The floor answers every path with its one line. Before the clock starts, each process uses the built-ins that workerd has natively and Node 22 loads from JavaScript on first use (WebCrypto, fetch's Request/Response and streams, TextEncoder, URL, the file read of the stand-in asset server): otherwise the site's first / would carry tens of milliseconds of Node's own loading that no Worker pays. No Cache API in Node, so the page cache's shared tier is a miss without a lookup; the Worker's request-log line is discarded.
- first /blog: a fresh workerd (Miniflare, with a freshly migrated local D1 and an empty Cache API) per run, timed from ready to the whole body. workerd compiles and evaluates the script while starting, so this figure has no compile in it, but it does include evaluating the site's code, which the front door leaves for the first request its page cache cannot answer. Start to ready: site ${cold.site.workerdStartMs.median.toFixed(0)} ms, floor ${cold.floor.workerdStartMs.median.toFixed(0)} ms. The floor's /blog runs \`SELECT 1\` through the same D1 binding.

### Warm render CPU (page cache bypassed), and the same page from the page cache

| Page | URL | CPU ms | each process's median, least–most | wall ms | page-cache hit CPU ms | render ≤ 3 ms |
|---|---|---:|---|---:|---:|---|
${warmRows.join('\n')}
| Floor | \`/\` | ${cold.floorWarm.cpuMs.toFixed(2)} | ${spread(cold.floorWarm)} | ${cold.floorWarm.wallMs.toFixed(2)} | — | ${ok(cold.floorWarm.cpuMs <= 3)} |

Each figure is the median over ${cold.floorWarm.processes ?? 1} fresh Node processes (site and floor interleaved) of each process's median of 200 renders. Each process first renders every page 60 times (V8 is still optimising React's renderer over the first few hundred renders, which would otherwise land on the first page measured), then each page 60 more times before its 200; one process's median moves by up to twice from one process to the next on this shared machine; every request carries \`?bench=N\`, which the page cache never keeps, and is checked for having rendered. CPU is \`process.cpuUsage()\` across the request. The page-cache hit column is the same URL without the parameter, answered from the isolate's memory (a form page includes signing its fresh token). /blog and the post read the real local D1 once per distinct query and the same rows from memory after that, so the figure is the Worker's work, not the database's.

### The server bundle's ten largest modules (bytes in the output)

${cold.largest.map((m, i) => `${i + 1}. ${m.path}: ${kb(m.bytes)} KB`).join('\n')}

Browser-only modules in the server bundle:${browser.length ? `\n\n${browser.join('\n')}` : ' none ✅'}

Among what is evaluated only when needed, the parts that only some paths need (V8 still compiles their text at load):${lazy.length ? `\n\n${lazy.join('\n')}` : ' none'}

### Targets

- ${ok(t.startupOk)} evaluate + first / ≤ 1.5× the floor's: ${t.ratio.toFixed(2)}×${t.startupOk ? '' : ` (the site's V8 compile alone, ${cold.site.compileMs.median.toFixed(1)} ms, is ${(cold.site.compileMs.median / (cold.floor.evaluateMs.median + cold.floor.firstHomeMs.median)).toFixed(2)}× the floor's evaluate + first /)`}
- ${ok(t.bundleOk)} server bundle ≤ 1 MB (1024 KB) minified with no browser-only module: ${kb(cold.site.bytes)} KB, ${cold.site.minified ? 'minified' : 'not minified'}, ${t.counted.length} browser-only group(s)
- ${ok(t.warmOk)} warm render of every page ≤ 3 ms median: slowest ${t.slowest.toFixed(2)} ms CPU`;
}

const duration = (value) =>
  value === null ? 'never (gave up after 60 s)' : value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;

/** From publishing an edit to the new text being served (scripts/bench/publish-latency.mjs). */
function publishSection(p) {
  return `## From publishing an edit to the new text being served

Two workerd processes share one local D1 and one Cache API store, like two isolates in a data centre; both have served Home (kept in their memory and in the Cache API) before the owner publishes a notice through the first. Each is then asked for Home every ${p.pollMs} ms until it shows the notice.

| | ms |
|---|---:|
| saving the edit (the admin's POST) | ${Math.round(p.saveMs)} |
| served by the isolate that saved it (locally this is every request: one isolate) | ${duration(p.sameMs)} |
| served by another isolate, its memory and the Cache API holding the old page | ${duration(p.otherMs)} |

The other isolate reads which revision is current at most every 15 s (REVISION_CHECK_MS, src/site-content/revision.ts), then answers from the copy of the new revision that the save kept in D1 for every data centre (src/cache/kept-pages.ts), or renders it. Target: within 60 s ${ok(p.otherMs !== null && p.otherMs <= 60_000)}.`;
}

/** One line for the README summary. */
function coldSummary(cold) {
  const t = coldTargets(cold);
  return `- Cold start (median of ${cold.runs} fresh processes): evaluate ${cold.site.evaluateMs.median.toFixed(0)} ms + first / ${cold.site.firstHomeMs.median.toFixed(0)} ms, ${t.ratio.toFixed(2)}× the Hono + React floor's ${ok(t.startupOk)} (≤ 1.5×); server bundle ${kb(cold.site.bytes)} KB (${kb(cold.site.gzip)} KB gzip), ${cold.site.minified ? 'minified' : 'not minified'}, ${t.counted.length} browser-only group(s) ${ok(t.bundleOk)}; warm render ≤ ${t.slowest.toFixed(2)} ms CPU per page ${ok(t.warmOk)} (≤ 3 ms).`;
}

/** The README's summary: each `- <measure>: <figures>` line as a row of a two-column table. */
export function summaryTable(lines) {
  const rows = lines.map((line) => {
    const text = line.replace(/^- /, '').replaceAll('|', '\\|');
    const at = text.indexOf(': ');
    return at < 0 ? `| ${text} | |` : `| ${text.slice(0, at)} | ${text.slice(at + 2)} |`;
  });
  return ['| Measure | Latest |', '|---|---|', ...rows].join('\n');
}

export function renderReport(results) {
  const parts = [
    `# Benchmarks\n\nMeasured ${results.date} by \`npm run bench\` on this project's 2-core machine, against wrangler's dev server (workerd, local D1) on 127.0.0.1.`,
  ];
  if (results.weights) {
    const cssMax = Math.max(...results.weights.map((r) => r.css));
    parts.push(
      `## Bytes over the wire (gzip level 6), phone viewport\n\n${weightsTable(results.weights)}\n\nCSS for the whole site: ${kb(cssMax)} KB gzip ${ok(cssMax <= 15 * 1024)} (target ≤ 15 KB). No web fonts (system font stack).`,
    );
  }
  if (results.lighthouse) {
    parts.push(`## Lighthouse (mobile defaults, simulated throttling, median of 3)\n\n${lighthouseTable(results.lighthouse)}`);
  }
  if (results.leadsRender) parts.push(leadsRenderSection(results.leadsRender));
  if (results.throughput) {
    parts.push(
      `## Server throughput (autocannon, 10 connections, ${process.env.BENCH_SECONDS ?? 5} s each)\n\nEach page next to a static file with the same bytes served by the same Worker's asset server.\n\n${throughputTable(results.throughput)}`,
    );
    if (results.throughputInspector) {
      const r = results.throughputInspector;
      parts.push(
        `The server is wrangler's own dev server (\`unstable_startWorker\`, what \`wrangler dev\` runs) with its DevTools inspector detached. Under the plain \`wrangler dev\` command the inspector is attached and relays every console call in the Worker, here the one structured log line per request, over the DevTools protocol to wrangler's Node process; measured that way in the same run, Home does ${r.dynamic.rps} req/s (p50 ${r.dynamic.p50} ms, p99 ${r.dynamic.p99} ms) against a ceiling of ${r.ceiling.rps}: ratio ${r.ratio} ${ok(r.ratio >= 0.5)}. In production the log line goes to Workers Logs and there is no inspector. Pages are answered from the page cache (isolate memory, then the Cache API), so a request runs only the log middleware and the cache lookup.`,
      );
    }
  }
  if (results.map?.length) {
    const total = results.map.reduce((s, f) => s + f.gzip, 0);
    parts.push(
      `## The map's cost\n\nPaid only when the areas section scrolls near the viewport (nothing on first paint):\n\n${results.map.map((f) => `- ${f.file}: ${kb(f.gzip)} KB gzip`).join('\n')}\n- total: ${kb(total)} KB gzip`,
    );
  }
  if (results.blog) parts.push(`## Blog at scale\n\n${results.blog.trim()}`);
  if (results.registries) parts.push(registrySection(results.registries));
  if (results.cold) parts.push(coldStartSection(results.cold));
  if (results.publish) parts.push(publishSection(results.publish));

  // One line per measure, `- <measure>: <figures>`, each a row of the README's table.
  const summaryLines = [];
  if (results.weights) {
    const maxJs = Math.max(...results.weights.filter((r) => !FORM_PAGES.has(r.page)).map((r) => r.js));
    const formJs = Math.max(...results.weights.filter((r) => FORM_PAGES.has(r.page)).map((r) => r.js));
    const formStarted = Math.max(...results.weights.map((r) => r.jsFormStarted ?? 0));
    const htmlMax = Math.max(...results.weights.map((r) => r.html));
    summaryLines.push(
      `- JavaScript before interaction: ${kb(maxJs)} KB on content pages, ${kb(formJs)} KB gzip on /contact and /free-quote (${kb(formStarted)} KB once the form starts); CSS ${kb(Math.max(...results.weights.map((r) => r.css)))} KB gzip; largest HTML ${kb(htmlMax)} KB gzip.`,
    );
  }
  if (results.lighthouse) {
    // The public pages' line stays theirs; the admin's pages (noindex) have their own.
    const publicRows = results.lighthouse.filter((r) => !r.admin);
    const min = (k) => Math.min(...publicRows.map((r) => r[k]));
    const max = (k) => Math.max(...publicRows.map((r) => r[k]));
    summaryLines.push(
      `- Lighthouse mobile (lowest over ${publicRows.length} page types): Performance ${min('performance')}, Accessibility ${min('accessibility')}, Best Practices ${min('bestPractices')}, SEO ${min('seo')}; LCP ≤ ${max('lcpMs')} ms, CLS ≤ ${max('cls')}.`,
    );
    for (const r of results.lighthouse.filter((row) => row.admin)) {
      const pass = adminLighthousePass(r);
      summaryLines.push(
        `- Lighthouse, ${r.page}: Performance ${r.performance}, Accessibility ${r.accessibility}, Best Practices ${r.bestPractices} ${ok(pass)} (target ≥ ${ADMIN_LIGHTHOUSE_TARGET}).`,
      );
    }
  }
  if (results.leadsRender) {
    const r = results.leadsRender;
    summaryLines.push(
      `- Admin inbox \`${r.path}\` with ${r.leads} leads: warm server render ${r.medianMs.toFixed(1)} ms median ${ok(r.pass)} (≤ ${r.targetMs} ms).`,
    );
  }
  if (results.throughput) {
    const ratios = results.throughput.map((r) => r.ratio);
    summaryLines.push(
      `- Throughput vs the static-file ceiling: ${Math.min(...ratios)}–${Math.max(...ratios)}× (${Math.min(...results.throughput.map((r) => r.dynamic.rps))}–${Math.max(...results.throughput.map((r) => r.dynamic.rps))} req/s at 10 connections), 5xx: ${results.throughput.reduce((s, r) => s + r.dynamic.status5xx, 0)}.`,
    );
    if (results.throughputInspector) {
      summaryLines.push(
        `- Throughput under the plain \`wrangler dev\` command (DevTools inspector attached): Home reaches ${results.throughputInspector.ratio}× of the ceiling (${results.throughputInspector.dynamic.rps} req/s).`,
      );
    }
  }
  if (results.registries) summaryLines.push(registrySummary(results.registries));
  if (results.cold) summaryLines.push(coldSummary(results.cold));
  if (results.publish) {
    const p = results.publish;
    summaryLines.push(
      `- An owner's edit served: ${duration(p.sameMs)} after it is saved by the isolate that saved it and ${duration(p.otherMs)} after by another isolate holding the old page in memory and in the Cache API (target ≤ 60 s: ${ok(p.otherMs !== null && p.otherMs <= 60_000)}).`,
    );
  }
  const summary = [
    `Latest \`npm run bench\` (${results.date.slice(0, 10)}; full tables in [docs/benchmarks.md](docs/benchmarks.md)):`,
    '',
    summaryTable(summaryLines),
  ].join('\n');
  return { markdown: `${parts.join('\n\n')}\n`, summary };
}
