// How long an owner's edit takes to be served: part of `npm run bench`. Two workerd processes
// (Miniflare, as `wrangler dev` runs it) share one local D1 and one Cache API store, like two
// isolates in a data centre. Both have served Home (kept in their memory and in the Cache API)
// before the owner publishes a notice through the first; then each is asked for Home every
// 100 ms until it shows the notice. The one that published shows it at once; the other within
// REVISION_CHECK_MS (src/site-content/revision.ts), when it next reads which revision is current.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readWranglerConfig } from '../worker-bundle.mjs';
import { distAssets, loadMiniflare } from './cold-workerd.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const wranglerJs = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
const TOKEN = 'bench-publish-token-0123456789';
const POLL_MS = 100;
const GIVE_UP_MS = 60_000;

/** Now and in a day, as the notice form's UK-time fields ('YYYY-MM-DDTHH:MM'). */
function londonLocal(ms) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

async function startIsolate(Miniflare, convert, config, persist) {
  const mf = new Miniflare(
    convert({
      // The split Worker, every module of it, as `npm run deploy` uploads it.
      modules: readdirSync(path.join(root, 'dist/worker'))
        .filter((f) => f.endsWith('.mjs'))
        .sort((a, b) => (a === 'index.mjs' ? -1 : b === 'index.mjs' ? 1 : 0))
        .map((f) => ({ type: 'ESModule', path: path.join(root, 'dist/worker', f) })),
      modulesRoot: path.join(root, 'dist/worker'),
      compatibilityDate: config.compatibility_date,
      compatibilityFlags: config.compatibility_flags ?? [],
      bindings: { ...config.vars, ADMIN_TOKEN: TOKEN },
      d1Databases: { DB: config.d1_databases.find((d) => d.binding === 'DB').database_id },
      ratelimits: Object.fromEntries(
        (config.ratelimits ?? []).map((r) => [r.name, { simple: r.simple, namespace_id: r.namespace_id }]),
      ),
      serviceBindings: { ASSETS: distAssets },
      resourcePersistencePath: persist,
      host: '127.0.0.1',
      port: 0,
      handleStructuredLogs: ({ level, message }) => {
        if (level === 'error') console.error(message);
      },
    }),
  );
  await mf.ready;
  return mf;
}

export async function measurePublishLatency({ log = console.error } = {}) {
  const config = await readWranglerConfig();
  const origin = config.vars.SITE_ORIGIN;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-publish-'));
  const persist = path.join(dir, 'state');
  execFileSync(process.execPath, [wranglerJs, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1' },
    stdio: 'pipe',
  });
  const { Miniflare, convertV4MiniflareOptions } = await loadMiniflare();
  const isolates = [];
  try {
    // wrangler's --persist-to keeps D1 under v3/; Miniflare's own layout is the folder itself.
    for (let i = 0; i < 2; i++)
      isolates.push(await startIsolate(Miniflare, convertV4MiniflareOptions, config, path.join(persist, 'v3')));
    const [publisher, other] = isolates;
    const home = async (mf) => (await mf.dispatchFetch(`${origin}/`)).text();
    for (const mf of isolates) for (let i = 0; i < 3; i++) await home(mf);

    const signIn = await publisher.dispatchFetch(`${origin}/admin/login`, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': '192.0.2.1' },
      body: new URLSearchParams({ token: TOKEN }),
      redirect: 'manual',
    });
    const cookie = /(__Host-[^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1];
    if (!cookie) throw new Error(`publish latency: sign-in failed (HTTP ${signIn.status})`);
    const form = await (await publisher.dispatchFetch(`${origin}/admin/site/notices`, { headers: { Cookie: cookie } })).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(form)?.[1];
    if (!csrf) throw new Error('publish latency: no CSRF token on the notices page');
    // A save names the revision its form was read from (it is refused if someone saved since).
    const revision = /name="revision" value="(\d+)"/.exec(form)?.[1];
    if (!revision) throw new Error('publish latency: no revision on the notices page');

    const text = `Bench notice ${Date.now()}`;
    const sent = performance.now();
    const res = await publisher.dispatchFetch(`${origin}/admin/site/notices`, {
      method: 'POST',
      headers: { Origin: origin, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        _csrf: csrf,
        revision,
        intent: 'publish',
        text,
        starts: londonLocal(Date.now() - 3_600_000),
        ends: londonLocal(Date.now() + 86_400_000),
      }),
      redirect: 'manual',
    });
    if (res.status !== 303) throw new Error(`publish latency: publishing answered HTTP ${res.status}`);
    const published = performance.now();
    const until = async (mf) => {
      while (performance.now() - published < GIVE_UP_MS) {
        if ((await home(mf)).includes(text)) return performance.now() - published;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      return null;
    };
    const [sameMs, otherMs] = await Promise.all([until(publisher), until(other)]);
    log(
      `publish latency: save ${(published - sent).toFixed(0)} ms; same isolate ${sameMs?.toFixed(0)} ms; other isolate ${otherMs?.toFixed(0)} ms`,
    );
    return { saveMs: published - sent, sameMs, otherMs, pollMs: POLL_MS };
  } finally {
    for (const mf of isolates) await mf.dispose().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measurePublishLatency()));
}
