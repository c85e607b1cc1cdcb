import { beforeAll, describe, expect, it } from 'vitest';
import { windowWords } from '../../src/rules/job-status';
import { createPost, personWithSession, postFields, postForm, request, type Session, signIn, tag } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, eventsOf, GO_ON, leadRow, messagesOfLead, statusPath, ukDay, versionOnPage } from './job-helpers';
import { bookedLead, customerPost, requestPage } from './job-request-helpers';
import { mailFor } from './leads-helpers';

/**
 * Forms act only on the state their person saw (issue 47): a lead's status, booking and
 * assignment forms carry the lead's version, the post editor its revision. Fired at once from the
 * same reading, one wins; the other is refused with 409, the winner's change named and nothing
 * written, so the customer gets one e-mail, not two.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const assignPath = (id: string) => `/admin/leads/${id}/assign`;

/** What the customer is e-mailed about the visit: "Booked: …", "Moved: …", "Cancelled: …". */
const visitMailsTo = async (email: string) =>
  (await mailFor(email)).map((mail) => mail.body.subject).filter((subject) => /^(Booked|Moved|Cancelled)\b/.test(subject));

/** The booking e-mails a lead's outbox holds that tell the customer of a move, sent or waiting. */
const movedMessages = async (id: string) =>
  (await messagesOfLead(id)).filter((message) => message.kind === 'booking' && message.about === 'moved');

describe('two people changing one booking', () => {
  it('two moves at once from the same page: one 303, one 409 naming the other, one "Moved" e-mail', async () => {
    const { lead, day } = await bookedLead(session, '14-16');
    const version = await versionOnPage(session, lead.id);
    const windows = ['08-10', '10-12'] as const;
    const answers = await Promise.all(
      windows.map((window) => adminPost(session, statusPath(lead.id), { status: 'booked', day, window, ...GO_ON, ...version })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([303, 409]);
    const row = await leadRow(lead.id);
    const won = windows.find((window) => window.startsWith(row.bookedFrom!.slice(0, 2)))!;
    const lostAnswer = answers[windows.indexOf(won) === 0 ? 1 : 0]!;
    const refused = await lostAnswer.text();
    expect(refused).toContain('The lead changed while you were looking at it.');
    expect(refused).toContain(`moved the visit to`);
    expect(refused).toContain(windowWords(row.bookedFrom!, row.bookedTo!));
    // When, 12-hour like every time on screen (issue 57): 'at 6:43pm', never 'at 18:43'.
    expect(refused).toMatch(/ at (\d{1,2}(:\d\d)?[ap]m|midnight)\./);
    expect(refused).toContain('Nothing was changed: here is the lead as it is now.');
    expect((await eventsOf(lead.id)).filter((event) => event.status === 'booked')).toHaveLength(2);
    expect(await movedMessages(lead.id)).toHaveLength(1);
    expect((await visitMailsTo(lead.email)).filter((subject) => subject.startsWith('Moved'))).toHaveLength(1);
  });

  it('a stale tab does not move a visit already moved; its own entries come back in the form', async () => {
    const { lead, day } = await bookedLead(session, '08-10');
    const stale = await versionOnPage(session, lead.id);
    expect((await adminPost(session, statusPath(lead.id), { status: 'booked', day, window: '12-14', ...GO_ON })).status).toBe(
      303,
    );
    const res = await adminPost(session, statusPath(lead.id), { status: 'booked', day, window: '16-18', ...GO_ON, ...stale });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain(`moved the visit to`);
    expect(html).toContain(windowWords('12:00', '14:00'));
    // The window they chose is still chosen, to send again knowingly.
    expect(html).toContain('checked="" value="16-18"');
    expect(await leadRow(lead.id)).toMatchObject({ bookedFrom: '12:00', bookedTo: '14:00' });
    expect(await movedMessages(lead.id)).toHaveLength(1);
  });

  it('a form read from a version the lead never had changes nothing', async () => {
    const lead = await insertLead();
    const res = await adminPost(session, statusPath(lead.id), { status: 'contacted', version: 'not-this-one' });
    expect(res.status).toBe(409);
    expect((await leadRow(lead.id)).jobStatus).toBe('new');
    expect(await eventsOf(lead.id)).toHaveLength(0);
  });
});

describe("the owner's move against the customer's cancellation", () => {
  it('sent at once: one winner, never "Cancelled" then a new time', async () => {
    const { lead, token, day } = await bookedLead(session, '10-12', ukDay(2));
    const version = await versionOnPage(session, lead.id);
    const confirm = await (await requestPage(`/r/${token}/cancel`)).text();
    const customerVersion = /name="version" value="([^"]*)"/.exec(confirm)?.[1];
    expect(customerVersion).toBe(version.version);
    const [move, cancel] = await Promise.all([
      adminPost(session, statusPath(lead.id), { status: 'booked', day, window: '14-16', ...GO_ON, ...version }),
      customerPost(token, 'cancel', { version: customerVersion! }),
    ]);
    const row = await leadRow(lead.id);
    const kinds = (await eventsOf(lead.id)).map((event) => event.kind);
    if (row.jobStatus === 'cancelled') {
      expect(move.status).toBe(409);
      expect(await move.text()).toContain('The customer cancelled the visit');
      expect(kinds).toEqual(['status', 'cancel']);
      expect(await movedMessages(lead.id)).toHaveLength(0);
    } else {
      expect(move.status).toBe(303);
      expect(cancel.headers.get('location')).toBe(`/r/${token}?done=changed`);
      expect(row).toMatchObject({ jobStatus: 'booked', bookedFrom: '14:00' });
      expect(kinds).toEqual(['status', 'status']);
    }
    const booking = (await messagesOfLead(lead.id)).filter((message) => message.kind === 'booking');
    expect(booking.filter((message) => message.about !== '')).toHaveLength(1);
  });

  it('the customer cancelled first: the move is refused naming the cancellation, and nothing is booked again', async () => {
    const { lead, token, day } = await bookedLead(session, '10-12', ukDay(2));
    const version = await versionOnPage(session, lead.id);
    expect((await customerPost(token, 'cancel', { words: 'Fixed it myself' })).status).toBe(303);
    const res = await adminPost(session, statusPath(lead.id), { status: 'booked', day, window: '14-16', ...GO_ON, ...version });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('The customer cancelled the visit');
    expect((await leadRow(lead.id)).jobStatus).toBe('cancelled');
    expect(await movedMessages(lead.id)).toHaveLength(0);
    const subjects = await visitMailsTo(lead.email);
    expect(subjects.filter((subject) => !subject.startsWith('Booked') && !subject.startsWith('Cancelled'))).toEqual([]);
  });

  it('the owner moved first: the customer sees the visit as it is now, nothing cancelled', async () => {
    const { lead, token, day } = await bookedLead(session, '10-12', ukDay(2));
    const confirm = await (await requestPage(`/r/${token}/cancel`)).text();
    const customerVersion = /name="version" value="([^"]*)"/.exec(confirm)![1]!;
    expect((await adminPost(session, statusPath(lead.id), { status: 'booked', day, window: '14-16', ...GO_ON })).status).toBe(
      303,
    );
    const res = await customerPost(token, 'cancel', { version: customerVersion });
    expect(res.headers.get('location')).toBe(`/r/${token}?done=changed`);
    const page = await (await requestPage(`/r/${token}?done=changed`)).text();
    expect(page).toContain('Your booking changed before your request reached us');
    expect(page).toContain(windowWords('14:00', '16:00'));
    expect((await leadRow(lead.id)).jobStatus).toBe('booked');
  });
});

describe('giving jobs to people at once', () => {
  it('two overlapping jobs given to one engineer at once: one is refused by the clash check', async () => {
    const engineer = await personWithSession('engineer', `Eddie ${tag()}`);
    const day = ukDay(5);
    const first = await insertLead();
    const second = await insertLead();
    await adminPost(session, statusPath(first.id), { status: 'booked', day, window: '10-12', ...GO_ON });
    await adminPost(session, statusPath(second.id), { status: 'booked', day, window: '10-12', ...GO_ON });
    const versions = [await versionOnPage(session, first.id), await versionOnPage(session, second.id)];
    const answers = await Promise.all(
      [first, second].map((lead, i) => adminPost(session, assignPath(lead.id), { person: String(engineer.id), ...versions[i] })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([303, 409]);
    const refused = await answers.find((res) => res.status === 409)!.text();
    expect(refused).toContain('This overlaps');
    expect(refused).toContain(`${engineer.name} would be at both`);
    const given = [(await leadRow(first.id)).assignedTo, (await leadRow(second.id)).assignedTo];
    expect(given.filter((id) => id === engineer.id)).toHaveLength(1);
  });

  it('two overlapping bookings for one engineer at once: one is refused by the clash check', async () => {
    const engineer = await personWithSession('engineer', `Ezra ${tag()}`);
    const day = ukDay(6);
    const leads = [await insertLead(), await insertLead()];
    const versions = await Promise.all(leads.map((lead) => versionOnPage(session, lead.id)));
    const answers = await Promise.all(
      leads.map((lead, i) =>
        adminPost(session, statusPath(lead.id), {
          status: 'booked',
          day,
          window: i === 0 ? '10-12' : 'custom',
          from: '11:00',
          to: '13:00',
          person: String(engineer.id),
          ...versions[i],
        }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([303, 409]);
    expect(await answers.find((res) => res.status === 409)!.text()).toContain(`${engineer.name} would be at both`);
    const booked = await Promise.all(leads.map((lead) => leadRow(lead.id)));
    expect(booked.filter((row) => row.jobStatus === 'booked')).toHaveLength(1);
  });

  it('one job given to two people at once: one wins, the other is told who', async () => {
    const [sam, kim] = [await personWithSession('engineer', `Sam ${tag()}`), await personWithSession('engineer', `Kim ${tag()}`)];
    const lead = await insertLead();
    await adminPost(session, statusPath(lead.id), { status: 'booked', day: ukDay(7), window: '08-10', ...GO_ON });
    const version = await versionOnPage(session, lead.id);
    const answers = await Promise.all(
      [sam, kim].map((person) => adminPost(session, assignPath(lead.id), { person: String(person.id), ...version })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([303, 409]);
    const winner = (await leadRow(lead.id)).assignedTo === sam.id ? sam : kim;
    const refused = await answers.find((res) => res.status === 409)!.text();
    expect(refused).toContain(`gave the job to ${winner.name}`);
    expect((await eventsOf(lead.id)).filter((event) => event.kind === 'assigned')).toHaveLength(1);
  });
});

describe('two tabs on one post', () => {
  it('the second save from the same revision is refused naming the first; the title is not reverted', async () => {
    const fields = postFields();
    const id = await createPost(session, fields);
    const editor = await (await request(`/admin/posts/${id}/edit`, { cookie: session.cookie })).text();
    const revision = /name="revision" value="(\d+)"/.exec(editor)![1]!;
    const first = await postForm(
      session,
      `/admin/posts/${id}`,
      { ...fields, title: `First tab ${tag()}`, revision },
      { multipart: true },
    );
    expect(first.status).toBe(303);
    const typed = `Second tab ${tag()}`;
    const second = await postForm(session, `/admin/posts/${id}`, { ...fields, title: typed, revision }, { multipart: true });
    expect(second.status).toBe(409);
    const html = await second.text();
    expect(html).toContain('Nothing was saved:');
    expect(html).toMatch(/saved this post at/);
    // Their own text is still in the form, to save again knowingly.
    expect(html).toContain(`value="${typed}"`);
    const live = await (await request(`/admin/posts/${id}/edit`, { cookie: session.cookie })).text();
    expect(live).toContain('First tab');
    expect(live).not.toContain(typed);
  });
});
