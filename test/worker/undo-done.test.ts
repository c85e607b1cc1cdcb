import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_DELAY_MS } from '../../src/jobs/change-status';
import { request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, DONE_ANYWAY, eventsOf, leadRow, messagesOfLead, statusPath, ukDay, versionOnPage } from './job-helpers';

/** "Mark done" is not final (issue 33): undone, and the review request it queued shown with when it goes, or not sent. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const post = (id: string, fields: Record<string, string>) => adminPost(session, statusPath(id), fields);
const reviewRows = async (id: string) =>
  (await messagesOfLead(id)).filter((message) => message.kind === 'review' || message.kind === 'reminder');
const leadHtml = async (id: string) => (await request(`/admin/leads/${id}`, { cookie: session.cookie })).text();

describe('the review request waiting after done', () => {
  it('says when it goes, in UK time, instead of "Sending, 0 attempts"', async () => {
    const lead = await insertLead();
    await post(lead.id, { status: 'done', value: '90' });
    const [review] = (await reviewRows(lead.id)).filter((message) => message.kind === 'review');
    expect(review!.nextAttemptAt).toBeGreaterThan(Date.now() + REVIEW_DELAY_MS - 60_000);
    const html = await leadHtml(lead.id);
    expect(html).not.toContain('0 attempts');
    expect(html).toMatch(/Review request<\/span><span class="admin-badge admin-badge--blue">Waiting</);
    expect(html).toMatch(/Goes (today|tomorrow) at \d{1,2}(:\d\d)?(am|pm) \(UK time\)/);
    expect(html).toContain('Do not send the review request');
  });

  it('can be cancelled by the owner, the reminder with it; a second press says nothing was waiting', async () => {
    const lead = await insertLead();
    await post(lead.id, { status: 'done' });
    const res = await adminPost(session, `/admin/leads/${lead.id}/review/cancel`, {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/leads/${lead.id}?notice=review-cancelled`);
    expect((await reviewRows(lead.id)).map((message) => [message.kind, message.status, message.nextAttemptAt])).toEqual([
      ['review', 'cancelled', null],
      ['reminder', 'cancelled', null],
    ]);
    const html = await leadHtml(`${lead.id}?notice=review-cancelled`);
    expect(html).toContain('The review request will not be sent.');
    expect(html).toContain('Not needed');
    expect(html).not.toContain('Do not send the review request');
    const again = await adminPost(session, `/admin/leads/${lead.id}/review/cancel`, {});
    expect(again.headers.get('location')).toBe(`/admin/leads/${lead.id}?notice=review-not-waiting`);
    expect((await leadRow(lead.id)).jobStatus).toBe('done');
  });
});

describe('undoing done', () => {
  it('goes back to booked with the booking kept, the value cleared and the review request cancelled', async () => {
    const lead = await insertLead();
    await post(lead.id, { status: 'booked', day: ukDay(1), window: '10-12' });
    await post(lead.id, { status: 'done', value: '150', ...DONE_ANYWAY });
    const html = await leadHtml(lead.id);
    expect(html).toContain('This job is done.');
    expect(html).toContain(`action="/admin/leads/${lead.id}/undo-done"`);

    const res = await adminPost(session, `/admin/leads/${lead.id}/undo-done`, {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/leads/${lead.id}?notice=undone`);
    expect(await leadRow(lead.id)).toMatchObject({
      jobStatus: 'booked',
      bookedDay: ukDay(1),
      handledAt: null,
      jobValuePence: null,
    });
    expect((await reviewRows(lead.id)).map((message) => message.status)).toEqual(['cancelled', 'cancelled']);
    const events = await eventsOf(lead.id);
    expect(events.map((event) => [event.status, event.detail])).toEqual([
      ['booked', expect.stringMatching(/10am to 12pm$/)],
      ['done', 'Job value £150'],
      ['booked', 'Done was undone'],
    ]);
    expect(await leadHtml(lead.id)).toContain('Booked: Done was undone (by Owner)');
  });

  it('queues the review request again when the job is marked done again', async () => {
    const lead = await insertLead();
    await post(lead.id, { status: 'contacted' });
    await post(lead.id, { status: 'done' });
    await adminPost(session, `/admin/leads/${lead.id}/undo-done`, {});
    expect((await leadRow(lead.id)).jobStatus).toBe('contacted');
    const before = Date.now();
    expect((await post(lead.id, { status: 'done' })).status).toBe(303);
    const rows = await reviewRows(lead.id);
    expect(rows.map((message) => [message.kind, message.status, message.attempts])).toEqual([
      ['review', 'pending', 0],
      ['reminder', 'pending', 0],
    ]);
    expect(rows[0]!.nextAttemptAt).toBeGreaterThanOrEqual(before + REVIEW_DELAY_MS);
  });

  it('goes back to new when done came straight from new', async () => {
    const lead = await insertLead();
    await post(lead.id, { status: 'done' });
    await adminPost(session, `/admin/leads/${lead.id}/undo-done`, {});
    expect((await leadRow(lead.id)).jobStatus).toBe('new');
  });

  it('refuses a lead that is not done (409, the page as it is) and an unknown lead (404), changing nothing', async () => {
    const lead = await insertLead();
    await post(lead.id, { status: 'contacted' });
    const before = await leadRow(lead.id);
    const res = await adminPost(session, `/admin/leads/${lead.id}/undo-done`, {});
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('This job is no longer marked done.');
    expect(await leadRow(lead.id)).toEqual(before);
    expect((await adminPost(session, `/admin/leads/${crypto.randomUUID()}/undo-done`, {})).status).toBe(404);
    expect((await adminPost(session, `/admin/leads/${crypto.randomUUID()}/review/cancel`, {})).status).toBe(404);
  });

  it('undone twice at once: one takes, the other writes nothing', async () => {
    const lead = await insertLead();
    await post(lead.id, { status: 'done' });
    const version = await versionOnPage(session, lead.id);
    const answers = await Promise.all([1, 2, 3].map(() => adminPost(session, `/admin/leads/${lead.id}/undo-done`, version)));
    expect(answers.map((res) => res.status).sort()).toEqual([303, 409, 409]);
    expect((await eventsOf(lead.id)).map((event) => event.status)).toEqual(['done', 'new']);
  });
});
