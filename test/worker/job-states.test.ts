import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { request, type Session, signIn } from './admin-helpers';
import { adminPost, earlyToday, eventsOf, GO_ON, leadRow, messagesOfLead, statusPath, ukDay } from './job-helpers';
import { bookedLead, customerPost, requestPage } from './job-request-helpers';
import { ownerMailFor } from './leads-helpers';

// A visit booked for today is booked at 7am (earlyToday): a window already over would be refused.
afterEach(() => {
  vi.useRealTimers();
});

/**
 * A customer's cancel and rebook are states of the job (issue 33): what the customer, the lead
 * page, the inbox and the dashboard say afterwards, the confirm step, the words they may add and
 * what is refused.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const adminHtml = async (path: string) => (await request(path, { cookie: session.cookie })).text();
const surnameOf = (name: string) => name.split(' ')[1]!;

/** The dashboard's "Today" block, on its own. */
async function todayBlock(): Promise<string> {
  const html = await adminHtml('/admin/dashboard');
  const start = html.indexOf('id="do-now-today"');
  return html.slice(start, html.indexOf('id="do-now-tomorrow"', start));
}

/** The inbox row of this lead, found by its unique surname. */
async function inboxRow(name: string): Promise<string> {
  const html = await adminHtml(`/admin/leads?q=${encodeURIComponent(surnameOf(name))}`);
  const at = html.indexOf(name);
  expect(at).toBeGreaterThan(-1);
  return html.slice(at, html.indexOf('</li>', at));
}

describe('the customer cancels', () => {
  it('asks first: a page with the visit, an optional reason and "Keep my booking", changing nothing', async () => {
    const { lead, token } = await bookedLead(session);
    const page = await (await requestPage(`/r/${token}`)).text();
    expect(page).toContain(`href="/r/${token}/cancel"`);
    const res = await requestPage(`/r/${token}/cancel`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('Cancel your visit?');
    expect(html).toContain(', 10am to 12pm');
    expect(html).toContain(`action="/r/${token}/cancel"`);
    expect(html).toMatch(/<textarea[^>]*name="words"[^>]*maxLength="500"|<textarea[^>]*maxlength="500"[^>]*name="words"/i);
    expect(html).toContain('Yes, cancel the visit');
    expect(html).toMatch(new RegExp(`href="/r/${token}" [^>]*>Keep my booking<`));
    expect((await leadRow(lead.id)).jobStatus).toBe('booked');
    expect(await eventsOf(lead.id)).toHaveLength(1);
  });

  it('cancelled: the customer page, the lead page, the inbox and the owner e-mail say so; Today drops it', async () => {
    earlyToday();
    const { lead, token } = await bookedLead(session, '08-10', ukDay(0));
    expect(await todayBlock()).toContain(lead.name);
    const res = await customerPost(token, 'cancel', { words: '  Fixed it myself,\r\nthank you  ' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/r/${token}?done=cancel`);

    const row = await leadRow(lead.id);
    expect(row.jobStatus).toBe('cancelled');
    expect(row.handledAt).not.toBeNull();
    const [, event] = await eventsOf(lead.id);
    expect(event).toMatchObject({
      kind: 'cancel',
      status: 'cancelled',
      actor: 'customer',
      detail: 'Fixed it myself,\nthank you',
    });

    const customer = await (await requestPage(`/r/${token}?done=cancel`)).text();
    expect(customer).toContain('Your visit is cancelled. Thank you for letting us know.');
    expect(customer).toContain('Cancelled: Your visit is cancelled.');
    expect(customer).not.toContain('Your visit is booked');
    expect(customer).not.toContain(`href="/r/${token}/cancel"`);
    expect(customer).not.toContain(`href="/r/${token}/rebook"`);

    const admin = await adminHtml(`/admin/leads/${lead.id}`);
    expect(admin).toContain('admin-badge--red">Cancelled<');
    expect(admin).toMatch(/The customer cancelled: \w+day \d+ \w+ \d{4}, 8am to 10am/);
    expect(admin).toContain('The customer cancelled the visit');
    expect(admin).toContain('Fixed it myself,\nthank you');
    expect(admin).not.toContain('lead-booking">Booked:');

    expect(await inboxRow(lead.name)).toContain('inbox-row__status--cancelled">Cancelled<');
    expect(await todayBlock()).not.toContain(lead.name);

    const [notice] = (await ownerMailFor(lead.name)).filter((mail) => mail.body.subject.includes('cancelled the visit'));
    const text = notice!.body.content.find((part) => part.type === 'text/plain')!.value;
    expect(text).toContain('Their words: Fixed it myself,');
  });

  it('refuses words over 500 characters or with control characters, with the form back and nothing recorded', async () => {
    const { lead, token } = await bookedLead(session);
    const long = await customerPost(token, 'cancel', { words: `Away ${'x'.repeat(500)}` });
    expect(long.status).toBe(422);
    const html = await long.text();
    expect(html).toContain('Please keep it to 500 characters or fewer.');
    expect(html).toContain('Away xxxx');
    const control = await customerPost(token, 'cancel', { words: 'Away\u0000\u001b[31m' });
    expect(control.status).toBe(422);
    expect(await control.text()).toContain('That text has characters we cannot keep.');
    expect((await leadRow(lead.id)).jobStatus).toBe('booked');
    expect(await eventsOf(lead.id)).toHaveLength(1);
    expect((await messagesOfLead(lead.id)).filter((message) => message.kind === 'notice')).toEqual([]);
  });

  it("sends a cancelled job's confirm pages back to its page", async () => {
    const { token } = await bookedLead(session);
    await customerPost(token, 'cancel');
    for (const request of ['cancel', 'rebook']) {
      const res = await requestPage(`/r/${token}/${request}`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/r/${token}`);
    }
  });
});

describe('the customer asks to rebook', () => {
  it('waits for a new time: said on every screen, still on the day with its mark, and cancellable', async () => {
    earlyToday();
    const { lead, token } = await bookedLead(session, '14-16', ukDay(0));
    expect((await customerPost(token, 'rebook', { words: 'Any morning next week' })).status).toBe(303);
    expect(await leadRow(lead.id)).toMatchObject({ jobStatus: 'rebook', handledAt: null });

    const customer = await (await requestPage(`/r/${token}`)).text();
    expect(customer).toContain('Asked to rebook: You asked for a new time.');
    expect(customer).toContain('Booking you asked to move');
    expect(customer).not.toContain(`href="/r/${token}/rebook"`);
    expect(customer).toContain(`href="/r/${token}/cancel"`);

    const admin = await adminHtml(`/admin/leads/${lead.id}`);
    expect(admin).toContain('admin-badge--amber">Asked to rebook<');
    expect(admin).toContain('The customer asked to move: ');
    expect(admin).toContain('Any morning next week');
    expect(admin).toContain('Change the booking');
    expect(await inboxRow(lead.name)).toContain('inbox-row__status--rebook">Asked to rebook<');
    const today = await todayBlock();
    expect(today).toContain(lead.name);
    expect(today).toContain('do-now__asked');

    expect((await customerPost(token, 'cancel')).headers.get('location')).toBe(`/r/${token}?done=cancel`);
    expect((await leadRow(lead.id)).jobStatus).toBe('cancelled');
  });

  it('ends when the owner books again: booked, a new booking e-mail, the customer page says booked', async () => {
    const { lead, token } = await bookedLead(session);
    await customerPost(token, 'rebook');
    const res = await adminPost(session, statusPath(lead.id), { status: 'booked', day: ukDay(5), window: '08-10', ...GO_ON });
    expect(res.status).toBe(303);
    expect(await leadRow(lead.id)).toMatchObject({ jobStatus: 'booked', bookedDay: ukDay(5) });
    expect((await messagesOfLead(lead.id)).filter((message) => message.kind === 'booking')).toHaveLength(2);
    expect(await (await requestPage(`/r/${token}`)).text()).toContain('Booked: Your visit is booked.');
  });
});

describe("the owner's moves from the customer's states", () => {
  it('books a cancelled job again, or marks it lost', async () => {
    const first = await bookedLead(session);
    await customerPost(first.token, 'cancel');
    const again = await adminPost(session, statusPath(first.lead.id), {
      status: 'booked',
      day: ukDay(2),
      window: '10-12',
      ...GO_ON,
    });
    expect(again.status).toBe(303);
    expect(await leadRow(first.lead.id)).toMatchObject({ jobStatus: 'booked', handledAt: null });

    const second = await bookedLead(session);
    await customerPost(second.token, 'cancel');
    expect((await adminPost(session, statusPath(second.lead.id), { status: 'lost', lost_reason: 'other' })).status).toBe(303);
    expect((await leadRow(second.lead.id)).jobStatus).toBe('lost');
  });

  it('cannot set rebook or cancelled itself, nor mark a cancelled job done', async () => {
    const { lead, token } = await bookedLead(session);
    for (const status of ['rebook', 'cancelled']) {
      const res = await adminPost(session, statusPath(lead.id), { status });
      expect(res.status).toBe(422);
      expect(await res.text()).toContain('A lead that is booked cannot be marked');
    }
    await customerPost(token, 'cancel');
    const done = await adminPost(session, statusPath(lead.id), { status: 'done' });
    expect(done.status).toBe(422);
    expect(await done.text()).toContain('A lead that is cancelled cannot be marked done.');
    expect((await leadRow(lead.id)).jobStatus).toBe('cancelled');
  });
});
