import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, eventsOf, leadRow, messagesOfLead, statusPath } from './job-helpers';
import { mailFor } from './leads-helpers';

/**
 * Issue 57: a first booking today in a window already over (8am to 10am at 6:43pm) was taken, and
 * the customer and the engineer were e-mailed a time that had passed. It gets the form back with
 * the owner's choices and a message; nothing is written, nothing is queued.
 */

afterEach(() => {
  vi.useRealTimers();
});

const PAST = 'That time has already passed today. Choose a later window or another day.';

describe('a first booking in a window already over today', () => {
  it('is refused on the form, keeping what was typed, and writes and e-mails nothing', async () => {
    // 6:43pm GMT on Tuesday 12 January 2027.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-12T18:43:00Z'));
    const session = await signIn();
    const t = crypto.randomUUID().slice(0, 8);
    const lead = await insertLead({
      name: `Pat Past-${t}`,
      email: `pat.${t}@example.org`,
      service: 'drain-unblocking',
      address: '3 Bay Road, Poole BH14 0AA',
    });
    const before = await leadRow(lead.id);
    const messages = await messagesOfLead(lead.id);
    const mails = await mailFor(lead.email);
    for (const fields of <Record<string, string>[]>[
      { day: '2027-01-12', window: '08-10' },
      { day: '2027-01-12', window: '16-18' },
      { day: '2027-01-12', window: 'custom', from: '17:00', to: '18:30' },
    ]) {
      const res = await adminPost(session, statusPath(lead.id), { status: 'booked', ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      const html = await res.text();
      expect(html).toContain(PAST);
      expect(html).toContain('value="2027-01-12"');
      if (fields.window === 'custom') {
        expect(html).toContain('value="17:00"');
        expect(html).toContain('value="18:30"');
      } else {
        expect(html).toMatch(new RegExp(`value="${fields.window}"[^>]*checked|checked[^>]*value="${fields.window}"`));
      }
    }
    expect(await leadRow(lead.id)).toEqual(before);
    expect(await eventsOf(lead.id)).toEqual([]);
    expect(await messagesOfLead(lead.id)).toEqual(messages);
    expect(await mailFor(lead.email)).toEqual(mails);

    // A window not over yet today is taken.
    const later = await adminPost(session, statusPath(lead.id), {
      status: 'booked',
      day: '2027-01-12',
      window: 'custom',
      from: '18:30',
      to: '20:00',
    });
    expect(later.status).toBe(303);
    expect((await leadRow(lead.id)).jobStatus).toBe('booked');
  }, 30_000);
});
