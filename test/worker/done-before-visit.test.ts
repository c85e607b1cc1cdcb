import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayWords } from '../../src/rules/job-status';
import { request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, earlyToday, GO_ON, leadRow, messagesOfLead, statusPath, ukDay } from './job-helpers';

// A visit booked for today is booked at 7am (earlyToday): a window already over would be refused.
afterEach(() => {
  vi.useRealTimers();
});

/**
 * "Mark done" before the visit's day is asked again, in the page itself (no JavaScript needed):
 * nothing changes and no review request is queued until the second submit says confirm=yes.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const reviewKinds = async (id: string) =>
  (await messagesOfLead(id)).filter((message) => message.kind === 'review' || message.kind === 'reminder');

describe('marking done before the visit', () => {
  it('asks to confirm, changing nothing, then on confirm=yes marks it done with the review request queued', async () => {
    const lead = await insertLead({ name: 'Done Too Soon' });
    const day = ukDay(3);
    expect((await adminPost(session, statusPath(lead.id), { status: 'booked', day, window: '10-12', ...GO_ON })).status).toBe(
      303,
    );

    const asked = await adminPost(session, statusPath(lead.id), { status: 'done', value: '95' });
    expect(asked.status).toBe(409);
    const html = await asked.text();
    expect(html).toContain(`The visit is on ${dayWords(day)}: mark it done anyway?`);
    // The answer is a plain submit of the same form, with what was typed kept.
    const button = /<button type="submit"([^>]*)>Mark it done anyway<\/button>/.exec(html)?.[1] ?? '';
    expect(button).toContain('name="confirm"');
    expect(button).toContain('value="yes"');
    expect(html).toMatch(/id="done-value"[^>]*value="95"/);
    expect((await leadRow(lead.id)).jobStatus).toBe('booked');
    expect(await reviewKinds(lead.id)).toEqual([]);

    const confirmed = await adminPost(session, statusPath(lead.id), { status: 'done', value: '95', confirm: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(await leadRow(lead.id)).toMatchObject({ jobStatus: 'done', jobValuePence: 9500 });
    expect((await reviewKinds(lead.id)).map((message) => message.kind).sort()).toEqual(['reminder', 'review']);
  });

  it('is not asked on the visit’s day, nor for a job never booked', async () => {
    earlyToday();
    const today = await insertLead({ name: 'Done On The Day' });
    expect(
      (
        await adminPost(session, statusPath(today.id), {
          status: 'booked',
          day: ukDay(0),
          window: 'custom',
          from: '00:00',
          to: '23:45',
          ...GO_ON,
        })
      ).status,
    ).toBe(303);
    expect((await adminPost(session, statusPath(today.id), { status: 'done', value: '' })).status).toBe(303);
    expect((await leadRow(today.id)).jobStatus).toBe('done');

    const unbooked = await insertLead({ name: 'Done Unbooked' });
    expect((await adminPost(session, statusPath(unbooked.id), { status: 'done', value: '' })).status).toBe(303);
    const page = await (await request(`/admin/leads/${unbooked.id}`, { cookie: session.cookie })).text();
    expect(page).toContain('This job is done.');
  });
});
