import { LOGIN_PATH, SIGNED_OUT_PARAM } from '../../../src/admin/auth/login-path';
import { SCHEDULE_PATH } from '../../../src/admin/schedule/paths';
import { ENGINEER_PAGE_HEADER } from '../../../src/admin/shell/engineer-page';
import { SITE_QUEUE_DB } from './idb-store';

/**
 * The engineer's day on the phone (issue 50), run by the admin's service worker (client/sw, which
 * imports it from here: it is the admin's own browser code): the engineer's
 * schedule and job pages, as the server last sent them, are kept in Cache Storage (one copy per
 * address) and shown when the phone has no signal. Network first, the kept copy only when the
 * network fails. Only pages the server marks as an engineer's own (ENGINEER_PAGE_HEADER) are
 * kept, only GETs of those addresses, and a page the server no longer shows them (a job moved:
 * 404) is forgotten. Signing out forgets them all, and the items still queued (IndexedDB).
 */

const KEPT = 'engineer-day';

/** The engineer's schedule (week and day) and a job page: the only pages ever kept. */
const isDayPath = (path: string) => /^\/admin\/schedule(?:\/day)?$/.test(path) || /^\/admin\/(?:leads|jobs)\/[\w-]+$/.test(path);
/** The installed admin opens at /admin: without signal, an engineer's kept schedule stands in for it. */
const isStartPath = (path: string) => path === '/admin' || path === '/admin/' || path === '/admin/dashboard';

const keyOf = (url: URL) => `${url.origin}${url.pathname}${url.search}`;

const isSchedulePath = (path: string) => /^\/admin\/schedule(?:\/day)?$/.test(path);
/** A day's jobs at most: the schedule's links fetched ahead are bounded, whatever the page holds. */
const MAX_JOBS_AHEAD = 30;
const JOB_LINK = /href="(\/admin\/(?:leads|jobs)\/[0-9a-f-]{36})"/g;

/** Keeps the page if the server marked it an engineer's, forgets the address if it now shows them nothing or something else. */
async function keepOrForget(url: URL, res: Response): Promise<void> {
  const cache = await caches.open(KEPT);
  if (res.ok && res.headers.get(ENGINEER_PAGE_HEADER) === 'engineer') {
    const page = isSchedulePath(url.pathname) ? res.clone() : null;
    await cache.put(keyOf(url), res);
    // The schedule opened with signal keeps its jobs too, so a job not yet opened is there in the cellar.
    if (page) await keepJobsOf(url, await page.text());
  } else if (res.ok || res.status === 403 || res.status === 404) await cache.delete(keyOf(url));
}

/** Fetches and keeps each job the schedule links to (the server marks only the engineer's own). */
async function keepJobsOf(schedule: URL, html: string): Promise<void> {
  const paths = [...new Set([...html.matchAll(JOB_LINK)].map((match) => match[1]!))].slice(0, MAX_JOBS_AHEAD);
  await Promise.all(
    paths.map(async (path) => {
      const url = new URL(path, schedule.origin);
      const res = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
      if (res) await keepOrForget(url, res);
    }),
  );
}

const OFFLINE_PAGE = `<!doctype html><html lang="en-GB"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>No signal</title><body style="font-family:system-ui,sans-serif;padding:1rem"><h1>No signal</h1><p>This page was not kept on this phone. Pages you open with signal are kept for when there is none.</p><p><a href="${SCHEDULE_PATH}">Your schedule</a></p></body></html>`;

async function networkFirst(url: URL, request: Request, keep: (work: Promise<unknown>) => void): Promise<Response> {
  try {
    const res = await fetch(request);
    if (isDayPath(url.pathname)) keep(keepOrForget(url, res.clone()));
    return res;
  } catch {
    const cache = await caches.open(KEPT);
    const copy = await cache.match(isDayPath(url.pathname) ? keyOf(url) : `${url.origin}${SCHEDULE_PATH}`);
    return copy ?? new Response(OFFLINE_PAGE, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  }
}

/** Everything the phone kept of the engineer's day: the pages and the queue of items not sent. */
function forgetDay(): Promise<unknown> {
  return Promise.all([
    caches.delete(KEPT),
    new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(SITE_QUEUE_DB);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    }),
  ]);
}

interface FetchEventLike {
  request: Request;
  respondWith(answer: Promise<Response>): void;
  waitUntil(work: Promise<unknown>): void;
}
interface MessageEventLike {
  data: unknown;
  waitUntil(work: Promise<unknown>): void;
}

/** A navigation to a day page or the start page: network first, the kept copy without signal. The signed-out page: forget. */
export function onFetch(event: FetchEventLike): void {
  const { request } = event;
  if (request.method !== 'GET' || request.mode !== 'navigate') return;
  const url = new URL(request.url);
  if (url.pathname === LOGIN_PATH && url.searchParams.has(SIGNED_OUT_PARAM)) {
    event.waitUntil(forgetDay());
    return;
  }
  if (!isDayPath(url.pathname) && !isStartPath(url.pathname)) return;
  event.respondWith(networkFirst(url, request, (work) => event.waitUntil(work)));
}

/** A job page asks, on its first visit, for itself and the schedule to be kept (keepEngineerDay). */
export function onMessage(event: MessageEventLike, origin: string): void {
  const data = event.data as { type?: unknown; paths?: unknown } | null;
  if (data?.type !== 'keep-day' || !Array.isArray(data.paths)) return;
  const paths = data.paths.filter((path): path is string => typeof path === 'string' && isDayPath(path)).slice(0, 4);
  event.waitUntil(
    Promise.all(
      paths.map(async (path) => {
        const url = new URL(path, origin);
        const res = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
        if (res) await keepOrForget(url, res);
      }),
    ),
  );
}
