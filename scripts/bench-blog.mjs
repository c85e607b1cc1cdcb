// Blog at scale: seeds 10, 1,000 and 10,000 posts into a local D1 behind `wrangler dev` and
// times /blog, /blog?page=<last> and one /blog/<slug> (sequential requests; median and p95).
// The figures should barely grow with the number of posts: every read walks an index.
//
//   npx node scripts/bench-blog.mjs            (Node 22.18+, which runs the .ts helper directly)
//   npx node scripts/bench-blog.mjs --json     (rows as JSON, for scripts/bench.mjs)
//
// Requests carry a unique ?bench=N so the Worker's in-memory page cache never answers them:
// this measures rendering from D1, the cost a visitor meets on a cache miss.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const wrangler = path.join(root, 'node_modules/.bin/wrangler');
const NAME = 'bench-blog';
const PORT = 8822;
const SIZES = [10, 1_000, 10_000];
const PER_PAGE = 12;

/** SQL that grows the bench posts from `from` (exclusive) to `to`, each linked to three of 50 keywords. */
function seedSql(from, to) {
  const reset =
    from === 0
      ? `DELETE FROM posts_keywords; DELETE FROM posts; DELETE FROM keywords;
WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 50)
INSERT INTO keywords (id, name) SELECT i, 'keyword ' || i FROM k;`
      : '';
  return `${reset}
WITH RECURSIVE n(i) AS (SELECT ${from + 1} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})
INSERT INTO posts (id, title, slug, excerpt, image_url, published_at, category, content, author, updated_at)
SELECT i, 'Benchmark post ' || i, 'bench-post-' || i,
  'A benchmark post about drains, number ' || i || ', long enough to be clamped to three lines on the card like a real one.',
  '/images/blog/blocked-drains.svg',
  strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || i || ' hours'),
  'Blocked Drains',
  '<h2>Post ' || i || '</h2>' || replace(hex(zeroblob(80)), '00', '<p>He said "the drain is blocked again", so we jetted it and ran a camera through.</p>'),
  'Mark Dawson',
  strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || i || ' hours')
FROM n;
INSERT INTO posts_keywords (post_id, keyword_id)
SELECT p.id, k.id FROM posts p JOIN keywords k ON k.id IN (p.id % 50 + 1, (p.id + 7) % 50 + 1, (p.id + 19) % 50 + 1)
WHERE p.id > ${from};
`;
}

function seed(persist, from, to) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-blog-'));
  const file = path.join(dir, 'seed.sql');
  writeFileSync(file, seedSql(from, to));
  try {
    execFileSync(wrangler, ['d1', 'execute', 'DB', '--local', '--persist-to', persist, '--file', file, '--yes'], {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' },
      stdio: 'pipe',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

let counter = 0;
async function time(url, expect, runs) {
  const ms = [];
  for (let i = -3; i < runs; i++) {
    const sep = url.includes('?') ? '&' : '?';
    const started = performance.now();
    const res = await fetch(`${url}${sep}bench=${++counter}`);
    const body = await res.text();
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
    expect(body);
    if (i >= 0) ms.push(elapsed); // the first three warm the isolate up
  }
  ms.sort((a, b) => a - b);
  return { median: percentile(ms, 50), p95: percentile(ms, 95) };
}

const cards = (html) => (html.match(/class="post-card__link"/g) ?? []).length;

/** Runs the whole benchmark and returns one row per size and route. */
export async function runBlogBench({ runs = 30, log = console.error } = {}) {
  const { startDevServer } = await import(pathToFileURL(path.join(root, 'test/support/dev-server.ts')).href);
  const server = await startDevServer({ name: NAME, port: PORT });
  const persist = path.join(root, '.wrangler', NAME);
  const rows = [];
  try {
    let seeded = 0;
    for (const size of SIZES) {
      log(`bench-blog: seeding ${size.toLocaleString('en-GB')} posts`);
      seed(persist, seeded, size);
      seeded = size;
      const lastPage = Math.ceil(size / PER_PAGE);
      const lastCount = size - (lastPage - 1) * PER_PAGE;
      const middle = Math.ceil(size / 2);
      const routes = [
        ['/blog', '/blog', (html) => cards(html) === Math.min(PER_PAGE, size)],
        [`/blog?page=last (${lastPage})`, lastPage > 1 ? `/blog?page=${lastPage}` : '/blog', (html) => cards(html) === lastCount],
        ['/blog/<slug>', `/blog/bench-post-${middle}`, (html) => html.includes(`Benchmark post ${middle}<`)],
      ];
      for (const [label, route, check] of routes) {
        const result = await time(
          `${server.url}${route}`,
          (html) => {
            if (!check(html)) throw new Error(`${route}: unexpected page with ${size} posts (did the seed reach the server?)`);
          },
          runs,
        );
        rows.push({ posts: size, route: label, ...result });
      }
    }
  } finally {
    await server.stop();
  }
  return rows;
}

function printTable(rows) {
  const header = ['posts', 'route', 'median ms', 'p95 ms'];
  const lines = rows.map((r) => [r.posts.toLocaleString('en-GB'), r.route, r.median.toFixed(1), r.p95.toFixed(1)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cols) => `| ${cols.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(fmt(line));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 18)) {
    console.error(`bench-blog needs Node 22.18+ (this is ${process.version}); run it as: npx node scripts/bench-blog.mjs`);
    process.exit(1);
  }
  const rows = await runBlogBench();
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
  else printTable(rows);
}
