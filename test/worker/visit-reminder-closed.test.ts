import { afterEach, describe, expect, it, vi } from 'vitest';
import { request, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, GO_ON, messagesOfLead, statusPath } from './job-helpers';

/**
 * A job closed before its visit's evening has no visit left to remind of: its waiting reminder is
 * cancelled with the change, and the lead page shows the outbox as it is (never "Waiting").
 */

afterEach(() => {
  vi.useRealTimers();
});

const visitReminder = async (id: string) => (await messagesOfLead(id)).find((message) => message.kind === 'visit');

/** The lead page's lines for its visit reminders: each one's label and badge. */
async function reminderOnPage(cookie: string, id: string) {
  const page = await (await request(`/admin/leads/${id}`, { cookie })).text();
  return [...page.matchAll(/Visit reminder to the customer<\/span>.*?<\/p>/gs)].map((match) => match[0]).join('\n');
}

describe('the visit reminder of a closed job', () => {
  it('is cancelled when the job is marked done, and the page says so; undone, it waits again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-08T10:00:00Z'));
    const session = await signIn();
    const lead = await insertLead({ name: 'Done Early' });
    expect(
      (await adminPost(session, statusPath(lead.id), { status: 'booked', day: '2027-01-12', window: '10-12', ...GO_ON })).status,
    ).toBe(303);
    expect((await visitReminder(lead.id))?.status).toBe('pending');
    expect(await reminderOnPage(session.cookie, lead.id)).toContain('Waiting');

    // Each step a minute after the last, so the timeline's order is the order they happened in.
    vi.setSystemTime(new Date('2027-01-08T10:01:00Z'));
    const done = await adminPost(session, statusPath(lead.id), { status: 'done', value: '', confirm: 'yes' });
    expect(done.status).toBe(303);
    expect((await visitReminder(lead.id))?.status).toBe('cancelled');
    const line = await reminderOnPage(session.cookie, lead.id);
    expect(line).not.toContain('Waiting');
    expect(line).toContain('Not needed');

    // Done undone: booked again, the reminder waits again.
    vi.setSystemTime(new Date('2027-01-08T10:02:00Z'));
    expect((await adminPost(session, `/admin/leads/${lead.id}/undo-done`, {})).status).toBe(303);
    const kinds = (await messagesOfLead(lead.id)).filter((message) => message.kind === 'visit').map((message) => message.status);
    expect(kinds).toEqual(['cancelled', 'pending']);
    expect(await reminderOnPage(session.cookie, lead.id)).toContain('Waiting');
  }, 30_000);
});
