import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onFetch, onMessage } from '../../client/admin/site-queue/engineer-day-sw';
import { ENGINEER_PAGE_HEADER } from '../../src/admin/shell/engineer-page';

/**
 * The admin service worker's part in the engineer's day (issue 50): which answers it keeps on the
 * phone, when it shows them, and that signing out forgets them and the queue. Cache Storage,
 * IndexedDB and the network are stand-ins.
 */

const ORIGIN = 'https://drains.example';
let kept: Map<string, Response>;
let network: (url: string) => Response | Promise<Response>;
let deletedDatabases: string[];

beforeEach(() => {
  kept = new Map();
  deletedDatabases = [];
  network = () => new Response('page');
  const cache = {
    put: async (key: string, res: Response) => void kept.set(key, res),
    delete: async (key: string) => kept.delete(key),
    match: async (key: string) => kept.get(key)?.clone(),
  };
  vi.stubGlobal('caches', {
    open: async () => cache,
    delete: async () => {
      kept.clear();
      return true;
    },
  });
  vi.stubGlobal('fetch', async (input: Request | URL | string) =>
    network(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url),
  );
  vi.stubGlobal('indexedDB', {
    deleteDatabase: (name: string) => {
      deletedDatabases.push(name);
      const request: { onsuccess?: () => void } = {};
      setTimeout(() => request.onsuccess?.(), 0);
      return request;
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const engineerPage = (body: string) => new Response(body, { headers: { [ENGINEER_PAGE_HEADER]: 'engineer' } });

/** A navigation as the browser hands it to the worker, and what the worker answered (null: left to the browser). */
async function navigate(path: string, method = 'GET') {
  const work: Promise<unknown>[] = [];
  const answers: Promise<Response>[] = [];
  const request = { url: `${ORIGIN}${path}`, method, mode: 'navigate' } as unknown as Request;
  onFetch({ request, respondWith: (res) => void answers.push(res), waitUntil: (promise) => void work.push(promise) });
  const res = answers[0] ? await answers[0] : null;
  await Promise.all(work);
  return res;
}

describe('the engineer’s day on the phone', () => {
  it('keeps an engineer’s schedule and job pages as they pass, one copy per address', async () => {
    network = (url) => engineerPage(`fresh ${new URL(url).pathname}`);
    expect(await (await navigate('/admin/leads/abc'))!.text()).toBe('fresh /admin/leads/abc');
    await navigate('/admin/schedule?week=2026-11-30');
    await navigate('/admin/schedule/day?day=2026-12-01');
    expect([...kept.keys()]).toEqual([
      `${ORIGIN}/admin/leads/abc`,
      `${ORIGIN}/admin/schedule?week=2026-11-30`,
      `${ORIGIN}/admin/schedule/day?day=2026-12-01`,
    ]);
  });

  it('never keeps a page the server did not mark as an engineer’s, nor any other admin page, nor a post', async () => {
    network = () => new Response('the owner’s lead page');
    await navigate('/admin/leads/abc');
    network = () => engineerPage('marked, but not a day page');
    expect(await navigate('/admin/leads')).toBeNull();
    expect(await navigate('/admin/devices')).toBeNull();
    expect(await navigate('/admin/leads/abc/site/notes', 'POST')).toBeNull();
    expect(kept.size).toBe(0);
  });

  it('shows the kept copy only without signal, and forgets a job the server no longer shows them', async () => {
    network = () => engineerPage('with signal');
    await navigate('/admin/leads/abc');
    network = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await (await navigate('/admin/leads/abc'))!.text()).toBe('with signal');
    // The installed admin opens at /admin: the kept schedule, when there is one; else a plain page.
    const start = await navigate('/admin');
    expect(start!.status).toBe(503);
    expect(await start!.text()).toContain('No signal');

    network = () => new Response('Not found', { status: 404 });
    expect((await navigate('/admin/leads/abc'))!.status).toBe(404);
    expect(kept.size).toBe(0);
  });

  it('keeps the jobs the schedule lists when it is opened with signal, before any is opened', async () => {
    const first = '/admin/leads/0b9e8a36-0a47-4c4e-9a57-1f0d3c2b1a01';
    const second = '/admin/leads/0b9e8a36-0a47-4c4e-9a57-1f0d3c2b1a02';
    network = (url) => {
      const path = new URL(url).pathname;
      if (path === '/admin/schedule')
        return engineerPage(`<a href="${first}">A</a> <a href="${second}">B</a> <a href="${first}">A again</a>`);
      // A job the server does not mark as this engineer's (moved away in between) is not kept.
      return path === second ? new Response('Not found', { status: 404 }) : engineerPage(`job ${path}`);
    };
    await navigate('/admin/schedule');
    expect([...kept.keys()].sort()).toEqual([`${ORIGIN}${first}`, `${ORIGIN}/admin/schedule`]);
    network = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await (await navigate(first))!.text()).toBe(`job ${first}`);
  });

  it('keeps the pages a job page asks for on its first visit, only day pages', async () => {
    network = (url) => engineerPage(new URL(url).pathname);
    const work: Promise<unknown>[] = [];
    onMessage(
      {
        data: { type: 'keep-day', paths: ['/admin/leads/abc', '/admin/schedule', '/admin/people'] },
        waitUntil: (p) => void work.push(p),
      },
      ORIGIN,
    );
    await Promise.all(work);
    expect([...kept.keys()]).toEqual([`${ORIGIN}/admin/leads/abc`, `${ORIGIN}/admin/schedule`]);
  });

  it('forgets every kept page and the queue of items when the person signs out', async () => {
    network = () => engineerPage('job');
    await navigate('/admin/leads/abc');
    expect(await navigate('/admin/login?signed-out')).toBeNull();
    expect(kept.size).toBe(0);
    expect(deletedDatabases).toEqual(['site-queue']);
    // Merely being sent to sign in (a session that ran out) forgets nothing: the items still wait.
    await navigate('/admin/leads/abc');
    await navigate('/admin/login?next=%2Fadmin%2Fleads%2Fabc');
    expect(kept.size).toBe(1);
    expect(deletedDatabases).toHaveLength(1);
  });
});
