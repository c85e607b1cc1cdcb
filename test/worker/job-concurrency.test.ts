import { beforeAll, describe, expect, it } from 'vitest';
import { type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, eventsOf, leadRow, messagesOfLead, statusPath, ukDay, versionOnPage } from './job-helpers';
import { bookedLead, customerPost } from './job-request-helpers';
import { mailFor, ownerMailFor } from './leads-helpers';

/**
 * Two people at once (issue 34): the same change sent together is recorded once, with one
 * timeline entry and one e-mail, and the others are told the lead changed (409) having written
 * nothing. A customer's repeated request is recorded once while nothing has changed since.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const together = <T>(n: number, send: () => Promise<T>) => Promise.all(Array.from({ length: n }, send));

/** The customer's booking e-mails: the first ("Booked: …") and each move ("Moved: …"). */
const bookingMailsTo = async (email: string) =>
  (await mailFor(email)).filter((mail) => /^(Booked|Moved): /.test(mail.body.subject));

describe('identical status changes sent together', () => {
  it('books once: one timeline entry and one booking e-mail; the rest answer 409 and write nothing', async () => {
    const lead = await insertLead();
    await adminPost(session, statusPath(lead.id), { status: 'contacted' });
    // Every tab read the lead before any of them sent.
    const fields = { status: 'booked', day: ukDay(2), window: '10-12', ...(await versionOnPage(session, lead.id)) };
    const answers = await together(4, () => adminPost(session, statusPath(lead.id), fields));
    expect(answers.map((res) => res.status).sort()).toEqual([303, 409, 409, 409]);
    const refused = answers.find((res) => res.status === 409)!;
    expect(await refused.text()).toContain('The lead changed while you were looking at it.');
    expect((await eventsOf(lead.id)).map((event) => event.status)).toEqual(['contacted', 'booked']);
    expect((await messagesOfLead(lead.id)).filter((message) => message.kind === 'booking')).toHaveLength(1);
    expect(await bookingMailsTo(lead.email)).toHaveLength(1);
  });

  it('moves a booking once when the same new time is sent together', async () => {
    const lead = await insertLead();
    await adminPost(session, statusPath(lead.id), { status: 'booked', day: ukDay(1), window: '08-10' });
    const fields = { status: 'booked', day: ukDay(3), window: '14-16', ...(await versionOnPage(session, lead.id)) };
    const answers = await together(3, () => adminPost(session, statusPath(lead.id), fields));
    expect(answers.map((res) => res.status).sort()).toEqual([303, 409, 409]);
    expect(await leadRow(lead.id)).toMatchObject({ bookedDay: ukDay(3), bookedFrom: '14:00' });
    expect((await eventsOf(lead.id)).map((event) => event.status)).toEqual(['booked', 'booked']);
    expect(await bookingMailsTo(lead.email)).toHaveLength(2);
  });

  it('marks done once: one timeline entry, one review request and one reminder', async () => {
    const lead = await insertLead();
    const fields = { status: 'done', value: '120', ...(await versionOnPage(session, lead.id)) };
    const answers = await together(3, () => adminPost(session, statusPath(lead.id), fields));
    expect(answers.map((res) => res.status).sort()).toEqual([303, 409, 409]);
    expect((await eventsOf(lead.id)).map((event) => event.status)).toEqual(['done']);
    expect((await messagesOfLead(lead.id)).map((message) => message.kind).sort()).toEqual(['owner', 'reminder', 'review']);
  });

  it('records nothing for the same booking sent again later, and says so', async () => {
    const lead = await insertLead();
    const fields = { status: 'booked', day: ukDay(1), window: '12-14' };
    expect((await adminPost(session, statusPath(lead.id), fields)).status).toBe(303);
    const before = await leadRow(lead.id);
    const again = await adminPost(session, statusPath(lead.id), fields);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`/admin/leads/${lead.id}?notice=unchanged`);
    expect(await leadRow(lead.id)).toEqual(before);
    expect(await eventsOf(lead.id)).toHaveLength(1);
    expect(await bookingMailsTo(lead.email)).toHaveLength(1);
  });
});

describe("a customer's repeated request", () => {
  for (const [request, status, words] of [
    ['cancel', 'cancelled', 'cancelled the visit'],
    ['rebook', 'rebook', 'asks to rebook'],
  ] as const) {
    it(`"${request}" posted 11 times is recorded once, with one e-mail to the owner`, async () => {
      const { lead, token } = await bookedLead(session);
      const answers: Response[] = [];
      for (let i = 0; i < 11; i++) answers.push(await customerPost(token, request, { words: 'Sorry, away that week' }));
      expect(answers[0]!.headers.get('location')).toBe(`/r/${token}?done=${request}`);
      for (const res of answers.slice(1)) expect(res.headers.get('location')).toBe(`/r/${token}`);
      expect((await leadRow(lead.id)).jobStatus).toBe(status);
      expect((await eventsOf(lead.id)).filter((event) => event.kind === request)).toHaveLength(1);
      expect((await ownerMailFor(lead.name)).filter((mail) => mail.body.subject.includes(words))).toHaveLength(1);
    });

    it(`"${request}" posted 5 times at once is recorded once`, async () => {
      const { lead, token } = await bookedLead(session);
      const answers = await together(5, () => customerPost(token, request));
      const locations = answers.map((res) => res.headers.get('location'));
      expect(locations.filter((location) => location === `/r/${token}?done=${request}`)).toHaveLength(1);
      expect((await eventsOf(lead.id)).filter((event) => event.kind === request)).toHaveLength(1);
      expect((await messagesOfLead(lead.id)).filter((message) => message.kind === 'notice')).toHaveLength(1);
      expect((await ownerMailFor(lead.name)).filter((mail) => mail.body.subject.includes(words))).toHaveLength(1);
    });
  }

  it('rebook and cancel sent together: one of them is recorded, never both from the same booking', async () => {
    const { lead, token } = await bookedLead(session);
    await Promise.all([customerPost(token, 'rebook'), customerPost(token, 'cancel')]);
    const requests = (await eventsOf(lead.id)).filter((event) => event.kind !== 'status');
    expect(requests).toHaveLength(1);
    expect((await leadRow(lead.id)).jobStatus).toBe(requests[0]!.kind === 'cancel' ? 'cancelled' : 'rebook');
  });
});
