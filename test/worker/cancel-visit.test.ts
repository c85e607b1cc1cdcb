import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allLogText } from '../support/console-guard';
import { request, type Session, signIn } from './admin-helpers';
import { at, booked, calendarMails, expectCancelOf, newLead } from './calendar-mail-helpers';
import { adminPost, GO_ON, leadRow, messagesOfLead, statusPath } from './job-helpers';
import { customerPost } from './job-request-helpers';

/**
 * A booked visit taken off while still ahead, by the customer's "Cancel the visit" or the owner's
 * "Mark lost": the customer is e-mailed that it is cancelled with a METHOD:CANCEL .ics of the
 * booking's UID, a higher SEQUENCE and STATUS:CANCELLED (read back by the iCalendar parser the
 * booking tests use), and it leaves the person's calendar feed. A visit already over, or a job
 * never booked, sends no cancellation; booked again, the next .ics is higher still.
 */

afterEach(() => {
  vi.useRealTimers();
});

/** The feed of the signed-in owner (whose jobs these are), as its events' summaries. */
async function feedSummaries(session: Session): Promise<string[]> {
  const html = await (await adminPost(session, '/admin/schedule/calendar', {})).text();
  const path = /https:\/\/www\.example\.com(\/calendar\/[A-Za-z0-9_-]{43}\.ics)/.exec(html)![1]!;
  const calendar = new ICAL.Component(ICAL.parse(await (await request(path)).text()));
  return calendar.getAllSubcomponents('vevent').map((vevent) => String(vevent.getFirstPropertyValue('summary')));
}

describe('a visit still ahead, taken off', () => {
  it('by the customer: their cancellation carries the CANCEL .ics, and the visit leaves the feed', async () => {
    await at('2027-05-10T09:00:00Z');
    const session = await signIn();
    const lead = await booked(session, 'Cara', '2027-05-14', '10-12');
    expect(await feedSummaries(session)).toContain(`${lead.name}: Drain Unblocking`);
    const [first] = await calendarMails(lead.email);
    const token = /\/r\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})/.exec(first!.text)![1]!;

    const res = await customerPost(token, 'cancel', { words: 'Fixed it myself' });
    expect(res.status).toBe(303);
    const { cancel } = expectCancelOf(await calendarMails(lead.email), lead.email);
    expect(cancel.text).toContain(
      'Your visit from BCP Drainage & Plumbing on Friday 14 May 2027, 10am to 12pm is cancelled, as you asked.',
    );
    // The lead says so beside its other e-mails; the feed no longer has it.
    const page = await (await request(`/admin/leads/${lead.id}`, { cookie: session.cookie })).text();
    expect(page).toContain('Cancellation to the customer');
    expect(await feedSummaries(session)).not.toContain(`${lead.name}: Drain Unblocking`);
    // Cancelled twice (a double tap) is one cancellation.
    await customerPost(token, 'cancel', {});
    expect(await calendarMails(lead.email)).toHaveLength(2);
    expect(allLogText()).not.toContain(lead.email);
    expect(allLogText()).not.toContain(lead.name);
  }, 30_000);

  it('by the customer after asking to rebook: the old time is still in their calendar, so it goes', async () => {
    await at('2027-05-10T09:00:00Z');
    const session = await signIn();
    const lead = await booked(session, 'Rhea', '2027-05-14', '10-12');
    const token = /\/r\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})/.exec((await calendarMails(lead.email))[0]!.text)![1]!;
    expect((await customerPost(token, 'rebook', {})).status).toBe(303);
    expect((await customerPost(token, 'cancel', {})).status).toBe(303);
    expectCancelOf(await calendarMails(lead.email), lead.email);
  }, 30_000);

  it('by the owner marking it lost: the customer is told it is cancelled, the visit reminder is stopped, and booking again is higher still', async () => {
    await at('2027-05-10T09:00:00Z');
    const session = await signIn();
    const lead = await booked(session, 'Lola', '2027-05-14', '10-12');
    const form = await (await request(`/admin/leads/${lead.id}`, { cookie: session.cookie })).text();
    expect(form).toContain('If the visit is still to come, the customer is e-mailed that it is cancelled');
    const res = await adminPost(session, statusPath(lead.id), { status: 'lost', lost_reason: 'went-elsewhere' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/leads/${lead.id}?notice=lost-visit`);
    const page = await (await request(res.headers.get('location')!, { cookie: session.cookie })).text();
    expect(page).toContain('Marked lost. The customer is being e-mailed that the visit is cancelled');
    const { booking, cancel } = expectCancelOf(await calendarMails(lead.email), lead.email);
    expect(cancel.text).toContain('Your visit from BCP Drainage & Plumbing on Friday 14 May 2027, 10am to 12pm is cancelled.');
    expect(cancel.text).not.toContain('as you asked');
    const visit = (await messagesOfLead(lead.id)).filter((message) => message.kind === 'visit');
    expect(visit.map((message) => message.status)).toEqual(['cancelled']);
    expect(await feedSummaries(session)).not.toContain(`${lead.name}: Drain Unblocking`);

    // Picked up again and booked: the same event, one number higher than the cancellation.
    await adminPost(session, statusPath(lead.id), { status: 'contacted' });
    await adminPost(session, statusPath(lead.id), { status: 'booked', day: '2027-05-18', window: '14-16', ...GO_ON });
    const again = (await calendarMails(lead.email))[2]!;
    expect(again.subject).toBe('Booked: Tuesday 18 May 2027, 2pm to 4pm (BCP Drainage & Plumbing)');
    expect(again.method).toBe('PUBLISH');
    expect(again.event.uid).toBe(booking.event.uid);
    expect(again.sequence).toBe(cancel.sequence + 1);
    expect(await feedSummaries(session)).toContain(`${lead.name}: Drain Unblocking`);
  }, 30_000);

  it('today, with its window not yet over, is still ahead', async () => {
    // 10:30 BST on Friday 14 May 2027: the 10–12 window is under way.
    await at('2027-05-14T09:30:00Z');
    const session = await signIn();
    const lead = await booked(session, 'Tara', '2027-05-14', '10-12');
    await adminPost(session, statusPath(lead.id), { status: 'lost', lost_reason: 'no-answer' });
    expectCancelOf(await calendarMails(lead.email), lead.email);
  }, 30_000);
});

describe('no cancellation', () => {
  it('for a visit whose window is over, cancelled or lost', async () => {
    await at('2027-05-10T09:00:00Z');
    const session = await signIn();
    const byCustomer = await booked(session, 'Pia', '2027-05-14', '10-12');
    const byOwner = await booked(session, 'Pam', '2027-05-14', '10-12');
    const token = /\/r\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})/.exec((await calendarMails(byCustomer.email))[0]!.text)![1]!;
    const sequence = (await leadRow(byOwner.id)).bookingSequence;
    // 12:01 BST on the day: the visit is over.
    await at('2027-05-14T11:01:00Z');
    const later = await signIn();
    expect((await customerPost(token, 'cancel', {})).status).toBe(303);
    expect(
      (await adminPost(later, statusPath(byOwner.id), { status: 'lost', lost_reason: 'other' })).headers.get('location'),
    ).toBe(`/admin/leads/${byOwner.id}?notice=lost`);
    for (const lead of [byCustomer, byOwner]) {
      expect((await calendarMails(lead.email)).map((mail) => mail.subject)).toEqual([
        'Booked: Friday 14 May 2027, 10am to 12pm (BCP Drainage & Plumbing)',
      ]);
    }
    expect((await leadRow(byOwner.id)).bookingSequence).toBe(sequence);
  }, 30_000);

  it('for a job never booked, marked lost', async () => {
    await at('2027-05-10T09:00:00Z');
    const session = await signIn();
    const lead = await newLead('Nell');
    await adminPost(session, statusPath(lead.id), { status: 'contacted' });
    const res = await adminPost(session, statusPath(lead.id), { status: 'lost', lost_reason: 'price' });
    expect(res.headers.get('location')).toBe(`/admin/leads/${lead.id}?notice=lost`);
    expect(await calendarMails(lead.email)).toEqual([]);
    expect((await messagesOfLead(lead.id)).filter((message) => message.kind === 'booking')).toEqual([]);
  }, 30_000);
});
