import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import { MAX_ATTEMPTS } from '../../src/outbox/retry-rule';
import { ERASURE_MAIL_MAX_AGE_MS, sendDueErasureMails } from '../../src/privacy/erasure-mail';
import { allLogText, takeLogs } from '../support/console-guard';
import { request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { at, booked, calendarMails, expectCancelOf, newLead } from './calendar-mail-helpers';
import { adminPost, GO_ON, statusPath } from './job-helpers';
import { setRecipientMode } from './leads-helpers';
import { forgetAllDevices, pushesTo, readPush, subscribeDevice } from './push-helpers';

/**
 * Erasing a lead whose visit is still ahead (the owner's "Delete", a person's "Erase", the
 * retention cron): the
 * customer gets the same "Cancelled" e-mail as a visit marked lost, with the METHOD:CANCEL .ics of
 * the booking's UID one SEQUENCE higher, and nothing of them is left in any table once it is sent
 * or given up. A visit already over, or a lead never booked, sends nothing and says nothing.
 */

afterEach(() => {
  vi.useRealTimers();
});

type Lead = Awaited<ReturnType<typeof newLead>>;

/** Every row of every table, as text: where the person's details would show if anything kept them. */
async function everyRow(except = ''): Promise<string> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> ?",
  )
    .bind(except)
    .all<{ name: string }>();
  const rows = [];
  for (const { name } of tables.results) rows.push(...(await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results);
  return JSON.stringify(rows);
}

async function expectNothingLeftOf(lead: Lead) {
  const stored = await everyRow();
  for (const detail of [lead.email, lead.name, lead.address, lead.message]) expect(stored).not.toContain(detail);
  expect(allLogText()).not.toContain(lead.email);
  expect(allLogText()).not.toContain(lead.name);
}

const pendingCancellations = async () =>
  (await env.DB.prepare('SELECT attempts FROM erasure_mail').all<{ attempts: number }>()).results;

const WORDS =
  'The visit on Friday 14 May 2027, 10am to 12pm is still to come, so the customer is e-mailed that it is cancelled, with a calendar file that takes it out of their calendar.';

const deletePage = async (session: Session, lead: Lead) =>
  (await request(`/admin/leads/${lead.id}/delete`, { cookie: session.cookie })).text();

/** The page a redirect leads to, as the owner's browser shows it. */
const noticeAfter = async (session: Session, res: Response) =>
  (await request(res.headers.get('location')!, { cookie: session.cookie })).text();

const deleteLead = (session: Session, lead: Lead) => adminPost(session, `/admin/leads/${lead.id}/delete`, { confirm: 'yes' });

describe('erasing a lead whose visit is still ahead', () => {
  it('by "Delete": the confirmation says so, the customer is e-mailed the cancellation, and nothing of them is left', async () => {
    await at('2027-05-10T09:00:00Z');
    const session = await signIn();
    const lead = await booked(session, 'Edna', '2027-05-14', '10-12');
    expect(await deletePage(session, lead)).toContain(WORDS);

    const res = await deleteLead(session, lead);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/leads?notice=deleted-visit');
    expect(await noticeAfter(session, res)).toContain(
      'The lead was deleted, with everything stored with it. The customer is being e-mailed that the visit is cancelled',
    );
    const { cancel } = expectCancelOf(await calendarMails(lead.email), lead.email);
    expect(cancel.text).toContain('Your visit from BCP Drainage & Plumbing on Friday 14 May 2027, 10am to 12pm is cancelled.');
    expect(cancel.event.component.getFirstPropertyValue('location')).toBe(lead.address);
    expect(await pendingCancellations()).toEqual([]);
    await expectNothingLeftOf(lead);
  }, 30_000);

  it('by a person\'s "Erase": the same, for each of their leads with a visit ahead', async () => {
    await at('2027-05-10T09:00:00Z');
    const session = await signIn();
    const lead = await booked(session, 'Erin', '2027-05-14', '10-12');
    const found = await (await adminPost(session, '/admin/leads/person', { email: lead.email, phone: '' })).text();
    expect(found).toContain(WORDS);

    const res = await adminPost(session, '/admin/leads/person/erase', { email: lead.email, phone: '', confirm: 'yes' });
    expect(res.headers.get('location')).toBe('/admin/leads?notice=erased-visit&visits=1&count=1');
    expect(await noticeAfter(session, res)).toContain(
      'Deleted 1 lead. The customer is being e-mailed that the visit is cancelled, with a calendar file that removes it.',
    );
    expectCancelOf(await calendarMails(lead.email), lead.email);
    await expectNothingLeftOf(lead);
  }, 30_000);

  it('by a person\'s "Erase" of two visits ahead: the notice counts them', async () => {
    await at('2027-05-10T09:00:00Z');
    const session = await signIn();
    const first = await booked(session, 'Esme', '2027-05-14', '10-12');
    // The same person asked again, and that job was booked too.
    const second = await insertLead({
      name: first.name,
      email: first.email,
      service: 'drain-unblocking',
      address: first.address,
    });
    expect(
      (await adminPost(session, statusPath(second.id), { status: 'booked', day: '2027-05-17', window: '10-12', ...GO_ON }))
        .status,
    ).toBe(303);

    const res = await adminPost(session, '/admin/leads/person/erase', { email: first.email, phone: '', confirm: 'yes' });
    expect(res.headers.get('location')).toBe('/admin/leads?notice=erased-visit&visits=2&count=2');
    expect(await noticeAfter(session, res)).toContain(
      'Deleted 2 leads. The customer is being e-mailed that the 2 visits are cancelled, with calendar files that remove them.',
    );
    const cancelled = (await calendarMails(first.email)).filter((mail) => mail.method === 'CANCEL');
    expect(cancelled).toHaveLength(2);
    await expectNothingLeftOf(first);
  }, 30_000);

  it('by the retention cron: the customer is e-mailed the cancellation in the same run, and nothing of them is left', async () => {
    await at('2027-05-10T09:00:00Z');
    const session = await signIn();
    const lead = await booked(session, 'Ella', '2027-05-14', '10-12');
    // Received just over the unhandled retention (730 days) ago, and still booked: the cron's to erase.
    await env.DB.prepare('UPDATE leads SET created_at = ? WHERE id = ?')
      .bind(Date.now() - 731 * 86_400_000, lead.id)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/5 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);

    const { cancel } = expectCancelOf(await calendarMails(lead.email), lead.email);
    expect(cancel.text).toContain('Your visit from BCP Drainage & Plumbing on Friday 14 May 2027, 10am to 12pm is cancelled.');
    expect(takeLogs('info', 'leads deleted by retention')).toEqual([
      { level: 'info', msg: 'leads deleted by retention', count: 1 },
    ]);
    expect(await pendingCancellations()).toEqual([]);
    await expectNothingLeftOf(lead);
  }, 30_000);

  it('kept only while the mail server fails for a while; deleted once given up, or after a day', async () => {
    await at('2027-05-10T09:00:00Z');
    const session = await signIn();
    const lead = await booked(session, 'Elsa', '2027-05-14', '10-12');
    await setRecipientMode(lead.email, 'throttle');
    try {
      await deleteLead(session, lead);
      expect(await pendingCancellations()).toEqual([{ attempts: 1 }]);
      // The one place the person is still stored: the rendered e-mail, until it is sent or given up.
      expect(await everyRow()).toContain(lead.email);
      expect(await everyRow('erasure_mail')).not.toContain(lead.email);
      // Refused for good at the next try: the row goes.
      await setRecipientMode(lead.email, 'reject');
      expect(await sendDueErasureMails(env, Date.now() + 60 * 60_000)).toBe(1);
      expect(await pendingCancellations()).toEqual([]);
      await expectNothingLeftOf(lead);
      expect(takeLogs('warn', 'erased lead cancellation failed, will retry')).toHaveLength(1);
      expect(takeLogs('error', 'erased lead cancellation failed for good; deleted')).toHaveLength(1);

      // Never sent at all (the mail key gone): deleted after a day anyway.
      const other = await booked(session, 'Enid', '2027-05-14', '10-12');
      await setRecipientMode(other.email, 'throttle');
      await deleteLead(session, other);
      expect(await sendDueErasureMails(env, Date.now() + ERASURE_MAIL_MAX_AGE_MS + 1, null)).toBe(0);
      expect(await pendingCancellations()).toEqual([]);
      await expectNothingLeftOf(other);
      expect(takeLogs('warn', 'erased lead cancellation failed, will retry')).toHaveLength(1);
      await setRecipientMode(other.email, null);
    } finally {
      await setRecipientMode(lead.email, null);
    }
  }, 30_000);
});

const GIVEN_UP =
  'A customer whose details were erased could not be e-mailed that their visit on Friday 14 May 2027, 10am to 12pm is cancelled: it failed after every retry. If you still have their number, call them.';

const erasureNotices = async () => (await env.DB.prepare('SELECT * FROM erasure_notice').all()).results;

const page = async (session: Session, path: string) => (await request(path, { cookie: session.cookie })).text();

describe('a cancellation the mail server keeps refusing', () => {
  it('is given up after every retry, and the owner is told on the dashboard, the inbox and their phone, with nothing of the customer', async () => {
    await at('2027-05-10T09:00:00Z');
    await env.DB.prepare('DELETE FROM erasure_notice').run();
    const session = await signIn();
    const lead = await booked(session, 'Esme', '2027-05-14', '10-12');
    await forgetAllDevices();
    const device = await subscribeDevice(session);
    await setRecipientMode(lead.email, 'throttle');
    try {
      await deleteLead(session, lead);
      // The first try and seven retries, each past its backoff (at most two hours): all refused for now.
      let time = Date.now();
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        time += 3 * 60 * 60_000;
        expect(await sendDueErasureMails(env, time)).toBe(1);
      }
      expect(await pendingCancellations()).toEqual([]);
      expect(takeLogs('warn', 'erased lead cancellation failed, will retry')).toHaveLength(MAX_ATTEMPTS - 1);
      expect(takeLogs('error', 'erased lead cancellation failed for good; deleted')).toHaveLength(1);
    } finally {
      await setRecipientMode(lead.email, null);
    }
    // All the notice holds: the visit's day and hours.
    expect(await erasureNotices()).toEqual([
      { id: expect.any(String), visit_day: '2027-05-14', visit_from: '10:00', visit_to: '12:00', created_at: expect.any(Number) },
    ]);
    await expectNothingLeftOf(lead);

    for (const path of ['/admin/dashboard', '/admin/leads']) expect(await page(session, path)).toContain(GIVEN_UP);
    const [{ id }] = (await erasureNotices()) as [{ id: string }];
    // And on the owner's phone, as an e-mail to a customer that could not be delivered; tapped, it opens the dashboard.
    const pushes = await pushesTo(device);
    expect(pushes).toHaveLength(1);
    expect(await readPush(pushes[0]!, device)).toEqual({
      title: 'A cancellation could not be delivered',
      body: "The visit on Friday 14 May 2027, 10am to 12pm: the customer's details were erased. Call them if you still have their number.",
      url: '/admin/dashboard',
      tag: `undelivered-${id}`,
    });
    const done = await adminPost(session, `/admin/leads/erasure-notices/${id}/done`, { back: '/admin/dashboard' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/admin/dashboard');
    for (const path of ['/admin/dashboard', '/admin/leads']) expect(await page(session, path)).not.toContain(GIVEN_UP);
    expect(await erasureNotices()).toEqual([]);
    expect((await env.DB.prepare('SELECT id FROM push_messages WHERE notice_id = ?').bind(id).all()).results).toEqual([]);
    const line = await env.DB.prepare("SELECT object_type, object_id FROM audit_log WHERE action = 'erasure-notice-done'").all();
    expect(line.results).toEqual([{ object_type: 'notice', object_id: id }]);
  }, 30_000);

  it("tells nobody when given up after the visit's day is over", async () => {
    await at('2027-05-10T08:00:00Z');
    await env.DB.prepare('DELETE FROM erasure_notice').run();
    const session = await signIn();
    const lead = await booked(session, 'Etta', '2027-05-10', '10-12');
    await setRecipientMode(lead.email, 'throttle');
    try {
      await deleteLead(session, lead);
      await setRecipientMode(lead.email, 'reject');
      // 00:30 the next day, UK time.
      expect(await sendDueErasureMails(env, Date.parse('2027-05-10T23:30:00Z'))).toBe(1);
    } finally {
      await setRecipientMode(lead.email, null);
    }
    expect(takeLogs('warn', 'erased lead cancellation failed, will retry')).toHaveLength(1);
    expect(takeLogs('error', 'erased lead cancellation failed for good; deleted')).toHaveLength(1);
    expect(await pendingCancellations()).toEqual([]);
    expect(await erasureNotices()).toEqual([]);
  }, 30_000);

  it("is told until the visit's day is over, then deleted by the cron", async () => {
    await at('2027-05-14T21:00:00Z');
    await env.DB.prepare('DELETE FROM erasure_notice').run();
    await env.DB.prepare(
      "INSERT INTO erasure_notice (id, visit_day, visit_from, visit_to, created_at) VALUES (?, '2027-05-14', '10:00', '12:00', ?)",
    )
      .bind(crypto.randomUUID(), Date.now())
      .run();
    const session = await signIn();
    // 22:00 on the day, UK time: still shown, and kept by the cron.
    expect(await page(session, '/admin/dashboard')).toContain(GIVEN_UP);
    await sendDueErasureMails(env, Date.now());
    expect(await erasureNotices()).toHaveLength(1);
    // Past midnight: the cron deletes it.
    await sendDueErasureMails(env, Date.parse('2027-05-14T23:01:00Z'));
    expect(await erasureNotices()).toEqual([]);
  }, 30_000);
});

describe('erasing a lead marked lost whose cancellation is not yet sent', () => {
  it('still sends that cancellation, once', async () => {
    await at('2027-05-10T09:00:00Z');
    const session = await signIn();
    const lead = await booked(session, 'Lily', '2027-05-14', '10-12');
    await setRecipientMode(lead.email, 'throttle');
    try {
      await adminPost(session, `/admin/leads/${lead.id}/status`, { status: 'lost', lost_reason: 'went-elsewhere' });
      expect(takeLogs('warn', 'lead e-mail failed, will retry')).toHaveLength(1);
      await deleteLead(session, lead);
      expect(takeLogs('warn', 'erased lead cancellation failed, will retry')).toHaveLength(1);
      await setRecipientMode(lead.email, null);
      expect(await sendDueErasureMails(env, Date.now() + 60 * 60_000)).toBe(1);
    } finally {
      await setRecipientMode(lead.email, null);
    }
    const mails = await calendarMails(lead.email);
    // The booking, the two tries refused for a while, the one sent: all the same cancellation.
    expect(mails.map((mail) => mail.subject.split(':')[0])).toEqual(['Booked', 'Cancelled', 'Cancelled', 'Cancelled']);
    const [booking, cancel] = [mails[0]!, mails[3]!];
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.event.uid).toBe(booking.event.uid);
    expect(cancel.sequence).toBe(booking.sequence + 1);
    expect(await pendingCancellations()).toEqual([]);
    await expectNothingLeftOf(lead);
  }, 30_000);
});

describe('erasing sends nothing and says nothing extra', () => {
  it('for a visit already over', async () => {
    await at('2027-05-10T09:00:00Z');
    const session = await signIn();
    const lead = await booked(session, 'Orla', '2027-05-14', '10-12');
    // 12:01 BST on the day: the visit is over.
    await at('2027-05-14T11:01:00Z');
    const later = await signIn();
    expect(await deletePage(later, lead)).not.toContain('still to come');
    expect((await deleteLead(later, lead)).status).toBe(303);
    expect((await calendarMails(lead.email)).map((mail) => mail.subject)).toEqual([
      'Booked: Friday 14 May 2027, 10am to 12pm (BCP Drainage & Plumbing)',
    ]);
    expect(await pendingCancellations()).toEqual([]);
    await expectNothingLeftOf(lead);
  }, 30_000);

  it('for a lead never booked', async () => {
    await at('2027-05-10T09:00:00Z');
    const session = await signIn();
    const lead = await newLead('Nora');
    expect(await deletePage(session, lead)).not.toContain('still to come');
    const res = await deleteLead(session, lead);
    expect(res.headers.get('location')).toBe('/admin/leads?notice=deleted');
    expect(await calendarMails(lead.email)).toEqual([]);
    expect(await pendingCancellations()).toEqual([]);
    await expectNothingLeftOf(lead);
  }, 30_000);

  it('for a person\'s "Erase" of a lead never booked: the plain notice', async () => {
    await at('2027-05-10T09:00:00Z');
    const session = await signIn();
    const lead = await newLead('Nell');
    const res = await adminPost(session, '/admin/leads/person/erase', { email: lead.email, phone: '', confirm: 'yes' });
    expect(res.headers.get('location')).toBe('/admin/leads?notice=erased&count=1');
    const page = await noticeAfter(session, res);
    expect(page).toContain('Deleted 1 lead.');
    expect(page).not.toContain('visit is cancelled');
    expect(await calendarMails(lead.email)).toEqual([]);
    expect(await pendingCancellations()).toEqual([]);
    await expectNothingLeftOf(lead);
  }, 30_000);
});
