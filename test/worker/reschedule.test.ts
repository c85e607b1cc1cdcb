import { env } from 'cloudflare:workers';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendDueLeadEmails } from '../../src/scheduled';
import { request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, eventsOf, GO_ON, leadRow, messagesOfLead, statusPath } from './job-helpers';
import type { Attachment } from './job-request-helpers';
import { requestPage } from './job-request-helpers';
import { mailFor } from './leads-helpers';

/**
 * A booked visit moved from its lead (issue 37): the customer is e-mailed the new time with an
 * .ics of the same UID and a higher SEQUENCE (read back by the iCalendar parser the booking tests
 * use, on both sides of the clocks going forward), their page shows the visit as it now is, and
 * the reminder follows the new day. A move into the past gets the form back and saves nothing.
 */

afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;

async function at(time: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(time));
}

/** A new lead booked through its page at the faked time. */
async function booked(day: string, window: string): Promise<{ session: Session; lead: Awaited<ReturnType<typeof insertLead>> }> {
  const session = await signIn();
  const t = crypto.randomUUID().slice(0, 8);
  const lead = await insertLead({
    name: `Rita Move-${t}`,
    email: `rita.${t}@example.org`,
    service: 'drain-unblocking',
    address: '3 Bay Road, Poole BH14 0AA',
  });
  expect((await adminPost(session, statusPath(lead.id), { status: 'booked', day, window })).status).toBe(303);
  return { session, lead };
}

const decode = (base64: string) => new TextDecoder().decode(Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)));

/** The customer's booking e-mails (first and moved), oldest first, each with its calendar event parsed. */
async function bookingMails(email: string) {
  const mails = (await mailFor(email))
    .map((mail) => mail.body as typeof mail.body & { attachments?: Attachment[] })
    .filter((mail) => /^(Booked|Moved): /.test(mail.subject));
  return mails.map((mail) => {
    const calendar = new ICAL.Component(ICAL.parse(decode(mail.attachments![0]!.content)));
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    const text = mail.content.find((part) => part.type === 'text/plain')!.value;
    return { subject: mail.subject, text, event, sequence: Number(event.component.getFirstPropertyValue('sequence')) };
  });
}

const reminders = async (email: string) =>
  (await mailFor(email)).filter((mail) => mail.body.subject.startsWith('Tomorrow')).map((mail) => mail.body.subject);

describe('a visit moved', () => {
  it('e-mails the new time with the same UID and a higher SEQUENCE, across the clock change, and the customer page shows it', async () => {
    await at('2027-03-20T10:00:00Z');
    const { session, lead } = await booked('2027-03-26', '10-12');
    const move = await adminPost(session, statusPath(lead.id), { status: 'booked', day: '2027-03-30', window: '14-16' });
    expect(move.status).toBe(303);
    expect(move.headers.get('location')).toBe(`/admin/leads/${lead.id}?notice=moved`);
    const page = await (await request(`${move.headers.get('location')}`, { cookie: session.cookie })).text();
    expect(page).toContain('Moved. The customer is being e-mailed the new time');
    expect(page).toContain('Booked: Tuesday 30 March 2027, 2pm to 4pm');
    expect(page).toContain('New time to the customer');
    // The timeline says where it moved from.
    expect((await eventsOf(lead.id)).map((event) => event.detail)).toEqual([
      'Friday 26 March 2027, 10am to 12pm',
      'Tuesday 30 March 2027, 2pm to 4pm (moved from Friday 26 March 2027, 10am to 12pm)',
    ]);

    const [first, moved, ...more] = await bookingMails(lead.email);
    expect(more).toEqual([]);
    expect(first!.subject).toBe('Booked: Friday 26 March 2027, 10am to 12pm (BCP Drainage & Plumbing)');
    expect(moved!.subject).toBe('Moved: Tuesday 30 March 2027, 2pm to 4pm (BCP Drainage & Plumbing)');
    expect(moved!.text).toContain(
      'Your visit from BCP Drainage & Plumbing has moved. It is now Tuesday 30 March 2027, 2pm to 4pm.',
    );
    expect(moved!.event.uid).toBe(first!.event.uid);
    expect(moved!.sequence).toBeGreaterThan(first!.sequence);
    // GMT before the change, BST after: the same wall-clock reading is a different UTC hour.
    expect(first!.event.startDate.toString()).toBe('2027-03-26T10:00:00');
    expect(first!.event.startDate.toJSDate().toISOString()).toBe('2027-03-26T10:00:00.000Z');
    expect(moved!.event.startDate.toString()).toBe('2027-03-30T14:00:00');
    expect(moved!.event.startDate.toJSDate().toISOString()).toBe('2027-03-30T13:00:00.000Z');
    expect(moved!.event.endDate.toJSDate().toISOString()).toBe('2027-03-30T15:00:00.000Z');

    // Their page shows the visit as it now is, not the old day.
    const token = /\/r\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})/.exec(moved!.text)![1]!;
    const customer = await (await requestPage(`/r/${token}`)).text();
    expect(customer).toContain('Tuesday 30 March 2027');
    expect(customer).toContain('2pm to 4pm');
    expect(customer).not.toContain('26 March');

    // Moved back again: still the same event, a higher number again.
    await adminPost(session, statusPath(lead.id), { status: 'booked', day: '2027-03-26', window: '08-10' });
    const third = (await bookingMails(lead.email))[2]!;
    expect(third.event.uid).toBe(first!.event.uid);
    expect(third.sequence).toBeGreaterThan(moved!.sequence);
    expect(third.event.startDate.toJSDate().toISOString()).toBe('2027-03-26T08:00:00.000Z');
  }, 30_000);

  it('into the past gets the form back with a message and saves nothing', async () => {
    // 15:00 GMT on Tuesday 12 January 2027.
    await at('2027-01-12T15:00:00Z');
    const { session, lead } = await booked('2027-01-14', '10-12');
    const before = await leadRow(lead.id);
    const messages = await messagesOfLead(lead.id);
    for (const [fields, message] of [
      [{ day: '2027-01-11', window: '10-12' }, 'Choose today or a later day for the booking.'],
      [{ day: '2027-01-12', window: '12-14' }, 'That time has already passed today. Choose a later window or another day.'],
      [{ day: '2027-01-12', window: 'custom', from: '13:00', to: '15:00' }, 'That time has already passed today.'],
    ] as const) {
      const res = await adminPost(session, statusPath(lead.id), { status: 'booked', ...fields });
      expect(res.status, fields.day).toBe(422);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain(`value="${fields.day}"`);
    }
    expect(await leadRow(lead.id)).toEqual(before);
    expect(await eventsOf(lead.id)).toHaveLength(1);
    expect(await messagesOfLead(lead.id)).toEqual(messages);
    expect(await bookingMails(lead.email)).toHaveLength(1);

    // Later today, a window not yet over, is a move like any other.
    const later = await adminPost(session, statusPath(lead.id), { status: 'booked', day: '2027-01-12', window: '14-16' });
    expect(later.headers.get('location')).toBe(`/admin/leads/${lead.id}?notice=moved`);
  }, 30_000);
});

describe('the reminder of a moved visit', () => {
  it('goes once for the day the visit is on, even moved away and back', async () => {
    await at('2027-01-08T10:00:00Z');
    const { session, lead } = await booked('2027-01-12', '10-12');
    await adminPost(session, statusPath(lead.id), { status: 'booked', day: '2027-01-14', window: '12-14', ...GO_ON });
    await adminPost(session, statusPath(lead.id), { status: 'booked', day: '2027-01-12', window: '14-16', ...GO_ON });
    const waiting = (await messagesOfLead(lead.id)).filter((message) => message.kind === 'visit' && message.status === 'pending');
    expect(waiting.map((message) => [message.about, message.nextAttemptAt])).toEqual([
      ['2027-01-12', Date.parse('2027-01-11T18:00:00Z')],
    ]);
    await sendDueLeadEmails(env, Date.parse('2027-01-11T18:00:00Z') - MINUTE);
    expect(await reminders(lead.email)).toEqual([]);
    await sendDueLeadEmails(env, Date.parse('2027-01-11T18:01:00Z'));
    await sendDueLeadEmails(env, Date.parse('2027-01-13T18:01:00Z'));
    expect(await reminders(lead.email)).toEqual(['Tomorrow, 2pm to 4pm: your visit from BCP Drainage & Plumbing']);
  }, 30_000);

  it('moves across the clock change: 18:00 GMT for the old day becomes 18:00 BST (17:00 UTC) for the new', async () => {
    await at('2027-03-20T10:00:00Z');
    const { session, lead } = await booked('2027-03-26', '10-12');
    await adminPost(session, statusPath(lead.id), { status: 'booked', day: '2027-03-30', window: '08-10' });
    const visits = (await messagesOfLead(lead.id)).filter((message) => message.kind === 'visit');
    expect(visits.map((message) => [message.about, message.status])).toEqual([
      ['2027-03-26', 'cancelled'],
      ['2027-03-30', 'pending'],
    ]);
    expect(visits[1]!.nextAttemptAt).toBe(Date.parse('2027-03-29T17:00:00Z'));
    await sendDueLeadEmails(env, Date.parse('2027-03-25T18:01:00Z'));
    expect(await reminders(lead.email)).toEqual([]);
    await sendDueLeadEmails(env, Date.parse('2027-03-29T17:01:00Z'));
    expect(await reminders(lead.email)).toEqual(['Tomorrow, 8am to 10am: your visit from BCP Drainage & Plumbing']);
  }, 30_000);

  it('is not sent for a visit moved to less than 12 hours ahead, and the old day’s is cancelled', async () => {
    await at('2027-06-10T09:00:00Z');
    const { lead } = await booked('2027-06-16', '10-12');
    // 22:00 BST on the 14th, moved to 8am on the 15th: 10 hours ahead.
    vi.setSystemTime(new Date('2027-06-14T21:00:00Z'));
    const res = await adminPost(await signIn(), statusPath(lead.id), { status: 'booked', day: '2027-06-15', window: '08-10' });
    expect(res.headers.get('location')).toBe(`/admin/leads/${lead.id}?notice=moved`);
    const visits = (await messagesOfLead(lead.id)).filter((message) => message.kind === 'visit');
    expect(visits.map((message) => message.status)).toEqual(['cancelled']);
    await sendDueLeadEmails(env, Date.parse('2027-06-15T17:01:00Z'));
    expect(await reminders(lead.email)).toEqual([]);
    expect(await bookingMails(lead.email)).toHaveLength(2);
  }, 30_000);
});

describe('migration 0012 on leads booked before it', () => {
  it('starts a booked lead’s sequence at the number its last .ics carried (seconds from 2026 to its last change), others at 0', async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0012_'))!;
    const update = migration.queries.find((query) => query.includes('UPDATE `leads` SET `booking_sequence`'))!;
    expect(update).toBeDefined();
    const updatedAt = Date.parse('2026-11-20T09:30:00.750Z');
    const bookedBefore = await insertLead({ name: 'Booked Before' });
    const neverBooked = await insertLead({ name: 'Never Booked' });
    await env.DB.prepare(
      `UPDATE leads SET job_status = 'booked', booked_day = '2026-11-27', booked_from = '10:00', booked_to = '12:00', updated_at = ? WHERE id = ?`,
    )
      .bind(updatedAt, bookedBefore.id)
      .run();
    await env.DB.prepare(update).run();
    // What the code before 0012 wrote as SEQUENCE for this lead; the next booking is one higher.
    const sent = Math.floor((updatedAt - Date.UTC(2026, 0, 1)) / 1000);
    expect((await leadRow(bookedBefore.id)).bookingSequence).toBe(sent);
    expect((await leadRow(neverBooked.id)).bookingSequence).toBe(0);
  });
});
