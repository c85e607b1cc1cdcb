import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { median, waitInWords } from '../../src/admin/dashboard/answer-speed';
import { lastWeeks } from '../../src/admin/dashboard/weeks';
import { postForm, request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { tableRows } from './dashboard-helpers';
import { adminPost, GO_ON, statusPath, ukDay } from './job-helpers';
import { customerPost } from './job-request-helpers';
import { mailFor } from './leads-helpers';

/**
 * Issue 51: the dashboard's answer time reads each lead's first answer from `first_answered_at`,
 * kept by a trigger on lead_events (migration 0032). Here the answers come through the admin's own
 * routes (a status change, a call tap, a booking the customer then cancels) and straight into D1
 * (a customer's request, a system entry, an answer written after a later one), and the column, its
 * backfill and what the owner sees are each checked against plain SQL over the timeline.
 */

const MINUTE = 60_000;
const CAPTION = 'Time from a request to its first status change or call, by the week it arrived';

/** Plain SQL over the timeline, independent of the column: the lead's first answer by someone in the admin. */
async function firstAnswerFromTimeline(leadId: string): Promise<number | null> {
  const row = await env.DB.prepare(
    `SELECT min(created_at) AS at FROM lead_events
     WHERE lead_id = ? AND kind IN ('status', 'called') AND actor NOT IN ('customer', 'system')`,
  )
    .bind(leadId)
    .first<{ at: number | null }>();
  return row?.at ?? null;
}

const firstAnsweredAt = async (leadId: string) =>
  (await env.DB.prepare('SELECT first_answered_at AS at FROM leads WHERE id = ?').bind(leadId).first<{ at: number | null }>())!
    .at;

const insertEvent = (leadId: string, at: number, actor: string, kind: string, status: string | null = null) =>
  env.DB.prepare('INSERT INTO lead_events (id, lead_id, created_at, actor, kind, status) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(crypto.randomUUID(), leadId, at, actor, kind, status)
    .run();

const tap = (session: Session, leadId: string) =>
  postForm(session, `/admin/api/leads/${leadId}/called`, { channel: 'call' }, { multipart: true });

describe("a lead's first answer, kept on the lead", () => {
  it('equals what the timeline says after each kind of entry, and the dashboard shows the same answer times', {
    timeout: 60_000,
  }, async () => {
    const owner = await signIn();
    const now = Date.now();
    const thisWeek = lastWeeks(now).at(-1)!;
    // Each lead arrived `minutes` ago (or at the week's start, if the week is younger), so all are this week's.
    const arrived = (minutes: number) => Math.max(thisWeek.startMs, now - minutes * MINUTE);

    const statusChanged = await insertLead({ createdAt: arrived(40), updatedAt: arrived(40) });
    expect((await adminPost(owner, statusPath(statusChanged.id), { status: 'contacted' })).status).toBe(303);

    const tapped = await insertLead({ createdAt: arrived(15), updatedAt: arrived(15) });
    expect(await (await tap(owner, tapped.id)).json()).toEqual({ ok: true, recorded: true });
    // A status change after the tap does not move the first answer.
    expect((await adminPost(owner, statusPath(tapped.id), { status: 'contacted' })).status).toBe(303);

    // Booked by the owner, then cancelled by the customer from their link: the booking is the answer.
    const t = crypto.randomUUID().slice(0, 8);
    const cancelled = await insertLead({
      createdAt: arrived(90),
      updatedAt: arrived(90),
      name: `Maria Fernandes-${t} Smith`,
      service: 'drain-unblocking',
      address: '3 Bay Road, Poole BH14 0AA',
      email: `maria.${t}@example.org`,
    });
    expect(
      (await adminPost(owner, statusPath(cancelled.id), { status: 'booked', day: ukDay(1), window: '10-12', ...GO_ON })).status,
    ).toBe(303);
    const booking = (await mailFor(cancelled.email)).find((mail) => mail.body.subject.startsWith('Booked'))!;
    const token = /\/r\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})/.exec(
      booking.body.content.map((part) => part.value).join('\n'),
    )?.[1];
    expect((await customerPost(token!, 'cancel', { words: 'Sorted it myself' })).status).toBe(303);
    const customerEntries = await env.DB.prepare("SELECT count(*) AS n FROM lead_events WHERE lead_id = ? AND actor = 'customer'")
      .bind(cancelled.id)
      .first<{ n: number }>();
    expect(customerEntries?.n).toBe(1);

    // Only the customer's own request, or only the system's entry: not answered.
    const customerOnly = await insertLead({ createdAt: arrived(30), updatedAt: arrived(30) });
    await insertEvent(customerOnly.id, arrived(30) + 2 * MINUTE, 'customer', 'status', 'contacted');
    const systemOnly = await insertLead({ createdAt: arrived(30), updatedAt: arrived(30) });
    await insertEvent(systemOnly.id, arrived(30) + 3 * MINUTE, 'system', 'status', 'lost');

    // Two answers written out of order: the earlier one wins, whichever was written first; a
    // customer's request before both changes nothing.
    const twoAnswers = await insertLead({ createdAt: arrived(60), updatedAt: arrived(60) });
    await insertEvent(twoAnswers.id, arrived(60) + 1 * MINUTE, 'customer', 'called');
    await insertEvent(twoAnswers.id, arrived(60) + 25 * MINUTE, 'Owner', 'called');
    await insertEvent(twoAnswers.id, arrived(60) + 5 * MINUTE, 'Office', 'status', 'contacted');
    await insertEvent(twoAnswers.id, arrived(60) + 9 * MINUTE, 'Owner', 'status', 'booked');

    // A note is no answer; none at all leaves the lead waiting.
    const noted = await insertLead({ createdAt: arrived(20), updatedAt: arrived(20) });
    expect((await adminPost(owner, `/admin/leads/${noted.id}/notes`, { note: 'Rang, no answer' })).status).toBe(303);
    const untouched = await insertLead({ createdAt: arrived(10), updatedAt: arrived(10) });

    const all = [statusChanged, tapped, cancelled, customerOnly, systemOnly, twoAnswers, noted, untouched];
    const fromTimeline = await Promise.all(all.map((lead) => firstAnswerFromTimeline(lead.id)));
    expect(await Promise.all(all.map((lead) => firstAnsweredAt(lead.id)))).toEqual(fromTimeline);
    expect(fromTimeline.map((at) => at !== null)).toEqual([true, true, true, false, false, true, false, false]);
    expect(fromTimeline[5]).toBe(arrived(60) + 5 * MINUTE);

    // The backfill of migration 0032 gives the same from the timeline alone.
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0032_'))!;
    const backfill = migration.queries.find((query) => query.includes('UPDATE leads SET first_answered_at'))!;
    expect(backfill).toBeDefined();
    await env.DB.prepare('UPDATE leads SET first_answered_at = NULL').run();
    await env.DB.prepare(backfill).run();
    expect(await Promise.all(all.map((lead) => firstAnsweredAt(lead.id)))).toEqual(fromTimeline);

    // What the owner sees: this week's median wait and counts, as plain SQL over the timeline gives them.
    const waits = all.flatMap((lead, i) => (fromTimeline[i] === null ? [] : [Math.max(0, fromTimeline[i]! - lead.createdAt)]));
    const html = await (await request('/admin/dashboard', { cookie: owner.cookie })).text();
    const rows = tableRows(html, CAPTION);
    expect(rows[0]).toEqual(['Week of', 'Median wait', 'Answered', 'Not yet']);
    expect(rows[1]).toEqual([thisWeek.label, waitInWords(median(waits)!), '4', '4']);
  });
});
