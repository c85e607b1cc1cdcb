import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { d1Database } from '../../src/db/client';
import { recordStatusChange } from '../../src/db/lead-jobs';
import { takeLogs } from '../support/console-guard';
import { request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, DONE_ANYWAY, eventsOf, GO_ON, leadRow, messagesOfLead, statusPath, ukDay } from './job-helpers';

/** A lead's status from the admin: every allowed move, what each records, and every refusal changing nothing. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const post = (id: string, fields: Record<string, string>) => adminPost(session, statusPath(id), fields);

describe('status changes', () => {
  it('new → contacted → booked → rebooked → done, each timed on the timeline', async () => {
    const lead = await insertLead();
    expect((await leadRow(lead.id)).jobStatus).toBe('new');

    const contacted = await post(lead.id, { status: 'contacted' });
    expect(contacted.status).toBe(303);
    expect(contacted.headers.get('location')).toBe(`/admin/leads/${lead.id}?notice=contacted`);
    expect((await leadRow(lead.id)).jobStatus).toBe('contacted');

    const tomorrow = ukDay(1);
    expect((await post(lead.id, { status: 'booked', day: tomorrow, window: '10-12', ...GO_ON })).status).toBe(303);
    const booked = await leadRow(lead.id);
    expect(booked).toMatchObject({
      jobStatus: 'booked',
      bookedDay: tomorrow,
      bookedFrom: '10:00',
      bookedTo: '12:00',
      handledAt: null,
    });
    expect(booked.requestKey).toMatch(/^[A-Za-z0-9_-]{22}$/);

    expect(
      (await post(lead.id, { status: 'booked', day: tomorrow, window: 'custom', from: '07:30', to: '08:15', ...GO_ON })).status,
    ).toBe(303);
    const rebooked = await leadRow(lead.id);
    expect(rebooked).toMatchObject({ bookedFrom: '07:30', bookedTo: '08:15', requestKey: booked.requestKey });

    const before = Date.now();
    expect((await post(lead.id, { status: 'done', value: '£1,250.50', ...DONE_ANYWAY })).status).toBe(303);
    const done = await leadRow(lead.id);
    expect(done).toMatchObject({ jobStatus: 'done', jobValuePence: 125050 });
    expect(done.handledAt).toBeGreaterThanOrEqual(before);

    const events = await eventsOf(lead.id);
    expect(events.map((event) => [event.kind, event.status, event.actor])).toEqual([
      ['status', 'contacted', 'Owner'],
      ['status', 'booked', 'Owner'],
      ['status', 'booked', 'Owner'],
      ['status', 'done', 'Owner'],
    ]);
    expect(events[1]!.detail).toMatch(/, 10am to 12pm$/);
    expect(events[2]!.detail).toMatch(/, 7:30am to 8:15am \(moved from .*, 10am to 12pm\)$/);
    expect(events[3]!.detail).toBe('Job value £1,250.50');
    for (const event of events) expect(event.createdAt).toBeGreaterThan(Date.now() - 60_000);

    // Each booking its own e-mail; done queues the review request and its one reminder. (Whether a
    // booking for tomorrow also queues its evening-before reminder depends on the hour the test
    // runs: test/worker/visit-reminder.test.ts checks that with a moved clock.)
    const kinds = (await messagesOfLead(lead.id))
      .map((message) => message.kind)
      .filter((kind) => kind !== 'visit')
      .sort();
    expect(kinds).toEqual(['booking', 'booking', 'owner', 'reminder', 'review']);

    const page = await (await request(`/admin/leads/${lead.id}`, { cookie: session.cookie })).text();
    expect(page).toContain('Job value £1,250.50');
    expect(page).toContain('Contacted (by Owner)');
  });

  it('new → lost with a reason closes the lead; lost → contacted opens it again', async () => {
    const lead = await insertLead();
    expect((await post(lead.id, { status: 'lost', lost_reason: 'went-elsewhere' })).status).toBe(303);
    const lost = await leadRow(lead.id);
    expect(lost).toMatchObject({ jobStatus: 'lost', lostReason: 'went-elsewhere' });
    expect(lost.handledAt).not.toBeNull();
    expect((await post(lead.id, { status: 'contacted' })).status).toBe(303);
    expect(await leadRow(lead.id)).toMatchObject({ jobStatus: 'contacted', handledAt: null, lostReason: null });
    expect((await eventsOf(lead.id)).map((event) => event.detail)).toEqual(['Went elsewhere', '']);
    // Never a review request for a lead that was lost.
    expect((await messagesOfLead(lead.id)).map((message) => message.kind)).toEqual(['owner']);
  });

  it('new → done straight away (a one-visit emergency), with no value', async () => {
    const lead = await insertLead();
    expect((await post(lead.id, { status: 'done', value: '' })).status).toBe(303);
    expect(await leadRow(lead.id)).toMatchObject({ jobStatus: 'done', jobValuePence: null });
  });
});

describe('refused changes leave the lead as it was', () => {
  const refusals: [string, Record<string, string>, string][] = [
    ['an unknown status', { status: 'archived' }, 'Choose one of the statuses offered.'],
    ['back to new', { status: 'new' }, 'A lead that is new cannot be marked new.'],
    ['a booking without a date', { status: 'booked', window: '10-12' }, 'Choose the day of the booking.'],
    ['a booking on no real day', { status: 'booked', day: '2026-02-30', window: '10-12' }, 'Choose the day of the booking.'],
    [
      'a booking in the past',
      { status: 'booked', day: '2020-01-01', window: '10-12' },
      'Choose today or a later day for the booking.',
    ],
    ['a booking without a window', { status: 'booked', day: ukDay(1) }, 'Choose an arrival window'],
    [
      'a window that ends before it starts',
      { status: 'booked', day: ukDay(1), window: 'custom', from: '14:00', to: '13:00' },
      'The arrival window must end after it starts.',
    ],
    ['a value of -5', { status: 'done', value: '-5' }, 'Enter the job value in pounds'],
    ['a value of "lots"', { status: 'done', value: 'lots' }, 'Enter the job value in pounds'],
    ['lost without a reason', { status: 'lost' }, 'Choose why the lead was lost.'],
  ];
  for (const [what, fields, message] of refusals) {
    it(`refuses ${what} with the form back and its message`, async () => {
      const lead = await insertLead();
      const before = await leadRow(lead.id);
      const res = await post(lead.id, fields);
      expect(res.status).toBe(422);
      const html = await res.text();
      expect(html).toContain(message.replace(/"/g, '&quot;'));
      expect(await leadRow(lead.id)).toEqual(before);
      expect(await eventsOf(lead.id)).toEqual([]);
      expect((await messagesOfLead(lead.id)).map((m) => m.kind)).toEqual(['owner']);
    });
  }

  it('keeps what was typed in a refused booking', async () => {
    const lead = await insertLead();
    const html = await (
      await post(lead.id, { status: 'booked', day: ukDay(2), window: 'custom', from: '14:00', to: '13:00' })
    ).text();
    expect(html).toContain(`value="${ukDay(2)}"`);
    expect(html).toContain('value="14:00"');
    expect(html).toMatch(/<details class="lead-step" open=""/);
  });

  it('refuses any change to a job done', async () => {
    const lead = await insertLead();
    await post(lead.id, { status: 'done' });
    const before = await leadRow(lead.id);
    for (const status of ['contacted', 'booked', 'lost', 'new']) {
      const res = await post(lead.id, { status, day: ukDay(1), window: '10-12', lost_reason: 'price' });
      expect(res.status).toBe(422);
    }
    expect(await leadRow(lead.id)).toEqual(before);
    expect(await eventsOf(lead.id)).toHaveLength(1);
  });

  it('writes nothing when the lead changed in between (two changes racing)', async () => {
    const lead = await insertLead();
    const stale = await leadRow(lead.id);
    expect((await post(lead.id, { status: 'contacted' })).status).toBe(303);
    const before = await leadRow(lead.id);
    const result = await recordStatusChange(
      d1Database(env),
      stale,
      { to: 'done', valuePence: 100 },
      { actor: 'owner', detail: 'Job value £1' },
      [{ kind: 'review', dueAt: Date.now() }],
      Date.now() + 1,
      true,
    );
    expect(result).toBeUndefined();
    expect(await leadRow(lead.id)).toEqual(before);
    expect((await eventsOf(lead.id)).map((event) => event.status)).toEqual(['contacted']);
    expect((await messagesOfLead(lead.id)).map((m) => m.kind)).toEqual(['owner']);
  });

  it('answers 404 for an unknown lead id and for a malformed one', async () => {
    expect((await post(crypto.randomUUID(), { status: 'contacted' })).status).toBe(404);
    expect((await post('not-a-lead', { status: 'contacted' })).status).toBe(404);
    expect((await adminPost(session, `/admin/leads/${crypto.randomUUID()}/notes`, { note: 'Hello' })).status).toBe(404);
  });

  it('refuses a form without its CSRF token', async () => {
    const lead = await insertLead();
    const res = await adminPost(session, statusPath(lead.id), { status: 'contacted' }, { csrf: false });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('That form could not be accepted');
    expect(takeLogs('warn', 'admin form refused: CSRF token missing or wrong')).toHaveLength(1);
    expect((await leadRow(lead.id)).jobStatus).toBe('new');
  });
});

describe('notes', () => {
  it('adds a note with its time, and shows it escaped on the timeline', async () => {
    const lead = await insertLead();
    const res = await adminPost(session, `/admin/leads/${lead.id}/notes`, { note: '  Gate code 1234 <b>dog</b>  ' });
    expect(res.status).toBe(303);
    const [note] = await eventsOf(lead.id);
    expect(note).toMatchObject({ kind: 'note', actor: 'Owner', detail: 'Gate code 1234 <b>dog</b>' });
    const page = await (await request(`/admin/leads/${lead.id}`, { cookie: session.cookie })).text();
    expect(page).toContain('Gate code 1234 &lt;b&gt;dog&lt;/b&gt;');
  });

  it('refuses an empty note, a note too long, control characters and a 100 KB body, adding nothing', async () => {
    const lead = await insertLead();
    const empty = await adminPost(session, `/admin/leads/${lead.id}/notes`, { note: '   ' });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain('Write the note first.');
    const long = await adminPost(session, `/admin/leads/${lead.id}/notes`, { note: 'x'.repeat(2001) });
    expect(long.status).toBe(422);
    expect(await long.text()).toContain('A note can be at most 2,000 characters.');
    const huge = await adminPost(session, `/admin/leads/${lead.id}/notes`, { note: 'x'.repeat(100 * 1024) });
    expect(huge.status).toBe(413);
    const control = await adminPost(session, `/admin/leads/${lead.id}/notes`, { note: 'Gate\u0000code \ud800' });
    expect(control.status).toBe(422);
    expect(await control.text()).toContain('Please remove the unusual (control) characters from the note.');
    expect(await eventsOf(lead.id)).toEqual([]);
  });
});
