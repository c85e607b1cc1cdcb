import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { vi } from 'vitest';
import { d1Database } from '../../src/db/client';
import { type LeadEvent, type LeadMessage, leadEvents, leadMessages, leads } from '../../src/db/schema';
import worker from '../../src/index';
import { addDays, londonDay, ukWallClockToUtc } from '../../src/rules/uk-time';
import { formVersionOnPage, ORIGIN, type Session, versionFieldsFor } from './admin-helpers';

/** Shared by the job tests: a lead's row, timeline and outbox as D1 holds them; admin forms run to their end. */

const db = () => d1Database(env);

export const leadRow = async (id: string) => (await db().select().from(leads).where(eq(leads.id, id)).get())!;

export const eventsOf = (id: string): Promise<LeadEvent[]> =>
  db().select().from(leadEvents).where(eq(leadEvents.leadId, id)).orderBy(leadEvents.createdAt);

export const messagesOfLead = (id: string): Promise<LeadMessage[]> =>
  // Rows queued together share a time: then in the order they were written (rowid), not as an index happens to return them.
  db().select().from(leadMessages).where(eq(leadMessages.leadId, id)).orderBy(leadMessages.createdAt, sql`rowid`);

/**
 * The UK date `days` from today, counted on the calendar: not today's instant plus 24-hour days,
 * which near midnight with a clock change between lands a day short or a day over.
 */
export function ukDay(days = 0): string {
  return addDays(londonDay(Date.now()), days);
}

/**
 * The clock faked (Date only) to 7am UK time today, before the first arrival window: a test that
 * books a visit for today books one not yet over, whenever it runs (a window already over today is
 * refused). The test puts the clock back with vi.useRealTimers().
 */
export function earlyToday(): void {
  const [year, month, day] = londonDay(Date.now()).split('-').map(Number) as [number, number, number];
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ukWallClockToUtc(Date.UTC(year, month - 1, day, 7)));
}

/**
 * A signed-in form post through the Worker, waiting for its work after the answer (the booking's
 * first send), as the page would send it: with the version of the lead its page showed, unless
 * the fields name one (two tabs read before either sends).
 */
export async function adminPost(
  session: Session,
  path: string,
  fields: Record<string, string>,
  /** bindings: the Worker's env for this request (a test of a missing setting). */
  options: { csrf?: boolean; bindings?: typeof env } = {},
) {
  const version = await versionFieldsFor(session, path, fields);
  const body = new URLSearchParams({ ...version, ...fields, ...(options.csrf === false ? {} : { _csrf: session.csrf }) });
  const headers = new Headers({ Cookie: session.cookie, Origin: ORIGIN, 'CF-Connecting-IP': '2001:db8:25::1' });
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body, redirect: 'manual' }),
    options.bindings ?? env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

export const statusPath = (id: string) => `/admin/leads/${id}/status`;

/** The version of the lead its page shows now: what every form on it carries. */
export const versionOnPage = async (session: Session, id: string) => ({
  version: (await formVersionOnPage(session, `/admin/leads/${id}`, 'version'))!,
});

/**
 * The "Book anyway" answer to an overlap warning. The job tests book many of the owner's jobs into
 * the same few windows of the same days, which are not what they test: their bookings go on past
 * the warning (the warning itself: test/worker/job-assignment.test.ts).
 */
export const GO_ON = { overlap: 'go-on' } as const;

/**
 * The "Mark it done anyway" answer to marking done before the visit's day. Tests that book a day
 * ahead and mark the job done at once are not testing that question, so they answer it (the
 * question itself: test/worker/done-before-visit.test.ts).
 */
export const DONE_ANYWAY = { confirm: 'yes' } as const;
