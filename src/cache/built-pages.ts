import type { Bindings } from '../env';
import { log } from '../log';
import { toBase64Url } from '../rules/base64url';
import { builtKeys, type CachingTable } from './caching';
import type { StoredPage } from './shared-pages';

/**
 * The page cache's build-time tier. Pages that are the same for every visitor and change only
 * with a deploy are rendered by `npm run build` (scripts/build/pages.mjs), through this same
 * Worker code, and uploaded with the static assets. A new isolate answers them from there instead
 * of evaluating the site's code and rendering: its first visitor costs what a hello-world does.
 *
 * Each file holds one line of JSON (the headers as the page cache keeps them, and every variable
 * the render read, with its value), then the body. A page is used only while each of those
 * variables still has the value it was built with; otherwise it is rendered as before. The files
 * sit under BUILT_PAGES_DIR, which wrangler.jsonc routes to the Worker first, so the public cannot
 * fetch them directly; the Worker reads them through its ASSETS binding.
 *
 * Form pages are built as the page cache keeps them, with placeholders: each answer is filled with
 * a fresh token and the visitor's own attribution, as from any other tier. Blog pages change when
 * the owner publishes, so they stay with the runtime tiers.
 */
const BUILT_PAGES_DIR = '/__built/';

const builtKeySets = new WeakMap<CachingTable, { list: readonly string[]; set: ReadonlySet<string> }>();
function builtKeysIn(table: CachingTable) {
  let keys = builtKeySets.get(table);
  if (!keys) {
    const list = builtKeys(table);
    keys = { list, set: new Set(list) };
    builtKeySets.set(table, keys);
  }
  return keys;
}

/** Every page built with the deploy, by its page-cache key: the routes of `table` that declare `built`. */
export const builtKeysOf = (table: CachingTable): readonly string[] => builtKeysIn(table).list;
export const isBuiltKey = (table: CachingTable, key: string) => builtKeysIn(table).set.has(key);

/** The asset path of one built page: its key in base64url, so any key is a plain file name. */
export const builtPagePath = (key: string) => `${BUILT_PAGES_DIR}${toBase64Url(new TextEncoder().encode(key))}.page`;

/** The first line of a built page's file. */
export interface BuiltPageMeta {
  key: string;
  headers: [string, string][];
  /** The body holds form-token placeholders (see `fillFormTokens`). */
  template: boolean;
  /** Each variable the render read, with the value it had. */
  vars: Record<string, string>;
  /** Epoch ms the page stops being right (the New Year after the build: the footer's © year). */
  until: number;
}

/** A built page's file: its meta as one line of JSON, then the body (scripts/build/pages.mjs writes it). */
export function builtPageFile(meta: BuiltPageMeta, body: Uint8Array): Uint8Array {
  const line = new TextEncoder().encode(`${JSON.stringify(meta)}\n`);
  const file = new Uint8Array(line.length + body.length);
  file.set(line);
  file.set(body, line.length);
  return file;
}

/** The meta and body of a built page's file; undefined when it is not one. */
export function parseBuiltPage(bytes: Uint8Array): { meta: BuiltPageMeta; body: Uint8Array } | undefined {
  const newline = bytes.indexOf(10);
  if (newline < 0) return undefined;
  try {
    return { meta: JSON.parse(new TextDecoder().decode(bytes.subarray(0, newline))), body: bytes.slice(newline + 1) };
  } catch {
    return undefined;
  }
}

type Env = Pick<Bindings, 'ASSETS' | 'BUILT_PAGES'>;

/** Variables already reported as differing from the build, so the warning comes once per isolate. */
const reported = new Set<string>();

/**
 * The asset read of a built page (`key` is one of builtKeysOf), when this deployment serves them:
 * started before the revision is known, so a cold isolate waits for D1 and the asset at once
 * (pageCache). Never rejects.
 */
export function fetchBuilt(env: Env, key: string): Promise<Response | undefined> | undefined {
  if (env.BUILT_PAGES !== 'on') return undefined;
  return env.ASSETS.fetch(new Request(new URL(builtPagePath(key), 'https://assets.invalid'))).catch(() => undefined);
}

/**
 * One built page (`key` is one of builtKeysOf), ready for the page cache; undefined when there is
 * none or it no longer fits (made from other variables, or out of date: `now` is past its `until`).
 * Kept until `expires` at most. `started`: fetchBuilt's read of it, when the caller began one.
 */
export async function readBuilt(
  env: Env,
  key: string,
  revision: number,
  now: number,
  expires: number,
  started?: Promise<Response | undefined>,
): Promise<StoredPage | undefined> {
  // Built from the defaults in code: of no use once the owner has saved a revision.
  if (env.BUILT_PAGES !== 'on' || revision !== 0) {
    await (await started)?.body?.cancel();
    return undefined;
  }
  let bytes: Uint8Array;
  try {
    const res = await (started ?? fetchBuilt(env, key));
    if (!res?.ok) {
      await res?.body?.cancel();
      return undefined;
    }
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch {
    return undefined;
  }
  const page = parseBuiltPage(bytes);
  if (!page || page.meta.key !== key) return undefined;
  const { meta, body } = page;
  if (!(now < meta.until)) return undefined;
  const vars = env as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(meta.vars)) {
    if (vars[name] === value) continue;
    if (!reported.has(name)) {
      reported.add(name);
      log.warn('built pages skipped: a variable differs from the build', { variable: name });
    }
    return undefined;
  }
  return {
    body: body.buffer as ArrayBuffer,
    headers: meta.headers,
    template: meta.template === true,
    expires: Math.min(expires, meta.until),
  };
}
