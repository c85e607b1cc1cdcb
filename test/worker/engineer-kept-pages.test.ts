import { describe, expect, it } from 'vitest';
import { ENGINEER_PAGE_HEADER } from '../../src/admin/shell/engineer-page';
import { personWithSession, request, type Session, signIn, tag } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, statusPath, ukDay } from './job-helpers';

/**
 * The engineer's day on the phone (issue 50): the admin's service worker keeps only the pages the
 * server marks as an engineer's own (their schedule and their jobs); nobody else's page carries
 * the mark, so an owner's or the office's pages are never kept on a phone.
 */

const marked = async (session: Session, path: string) => {
  const res = await request(path, { cookie: session.cookie });
  await res.body?.cancel();
  return { status: res.status, mark: res.headers.get(ENGINEER_PAGE_HEADER) };
};

describe('the pages an engineer’s phone may keep', () => {
  it('are their schedule and their own jobs, and no one else’s page', async () => {
    const owner = await signIn();
    const engineer = await personWithSession('engineer');
    const day = ukDay(61);
    const mine = await insertLead({ name: `Kept ${tag()}`, kind: 'quote', address: '1 Quay, Poole BH15 1AA' });
    const notMine = await insertLead({ name: `Not kept ${tag()}`, kind: 'quote', address: '2 Quay, Poole BH15 1AA' });
    const booked = await adminPost(owner, statusPath(mine.id), {
      status: 'booked',
      day,
      window: '10-12',
      person: String(engineer.id),
      overlap: 'go-on',
    });
    expect(booked.status).toBe(303);

    expect(await marked(engineer, `/admin/schedule?week=${day}`)).toEqual({ status: 200, mark: 'engineer' });
    expect(await marked(engineer, `/admin/schedule/day?day=${day}`)).toEqual({ status: 200, mark: 'engineer' });
    expect(await marked(engineer, `/admin/jobs/${mine.id}`)).toEqual({ status: 200, mark: 'engineer' });
    // Its old address sends them there, unmarked.
    expect(await marked(engineer, `/admin/leads/${mine.id}`)).toEqual({ status: 302, mark: null });
    // Another job is refused (its old address a 404), never marked: a kept copy of it would be forgotten.
    expect(await marked(engineer, `/admin/jobs/${notMine.id}`)).toEqual({ status: 403, mark: null });
    expect(await marked(engineer, `/admin/leads/${notMine.id}`)).toEqual({ status: 404, mark: null });
    // Their devices are not part of the day.
    expect(await marked(engineer, '/admin/devices')).toEqual({ status: 200, mark: null });
    // The owner's pages, the same addresses included, never are.
    expect(await marked(owner, `/admin/leads/${mine.id}`)).toEqual({ status: 200, mark: null });
    expect(await marked(owner, `/admin/schedule?week=${day}`)).toEqual({ status: 200, mark: null });
  }, 30_000);
});
