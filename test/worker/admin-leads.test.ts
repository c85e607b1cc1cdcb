import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lead, LeadMessage } from '../../src/db/schema';
import { allLogText, takeLogs } from '../support/console-guard';
import { expectAdminHeaders, ORIGIN, postForm, request, type Session, signIn, tag } from './admin-helpers';
import { call, mailFor, messagesOf, ownerMessageOf, setMailMode } from './leads-helpers';

/** The leads section: the list, resend through the real outbox and mail server, handled, CSV. */

let session: Session;

beforeAll(async () => {
  session = await signIn();
});

/** Far-future creation times keep this file's leads at the top of the newest-first list. */
let clock = Date.parse('2090-01-01T00:00:00Z');

type MessageFields = Pick<LeadMessage, 'status' | 'attempts' | 'lastError' | 'nextAttemptAt' | 'sentAt'>;

/** The owner's e-mail of a lead given up on: the outbox's state the tests start from. */
const failedOwnerMail: MessageFields = {
  status: 'failed',
  attempts: 8,
  lastError: 'HTTP 400: invalid request',
  nextAttemptAt: null,
  sentAt: null,
};

/** A lead straight into D1, with its owner's e-mail (and a confirmation when given) in the outbox. */
async function insertLead(
  fields: Partial<Lead> = {},
  messages: { owner?: MessageFields; customer?: MessageFields } = { owner: failedOwnerMail },
): Promise<Lead> {
  const t = tag();
  clock += 60_000;
  const lead = {
    id: crypto.randomUUID(),
    kind: 'contact',
    name: `Lead ${t}`,
    email: `lead.${t}@example.org`,
    phone: '01632 960123',
    address: '',
    service: '',
    message: `Blocked drain ${t}`,
    createdAt: clock,
    updatedAt: clock,
    handledAt: null,
    bestTime: '',
    areaCheck: '',
    ...fields,
  } as Lead;
  const statements = [
    env.DB.prepare(
      `INSERT INTO leads (id, kind, name, email, phone, address, service, message, created_at, updated_at, handled_at, best_time, area_check)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      lead.id,
      lead.kind,
      lead.name,
      lead.email,
      lead.phone,
      lead.address,
      lead.service,
      lead.message,
      lead.createdAt,
      lead.updatedAt,
      lead.handledAt,
      lead.bestTime,
      lead.areaCheck,
    ),
    ...Object.entries(messages).map(([kind, m]) =>
      env.DB.prepare(
        `INSERT INTO lead_messages (id, lead_id, kind, status, attempts, last_error, next_attempt_at, sent_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(crypto.randomUUID(), lead.id, kind, m.status, m.attempts, m.lastError, m.nextAttemptAt, m.sentAt, clock, clock),
    ),
  ];
  await env.DB.batch(statements);
  return lead;
}

const leadRow = async (id: string) =>
  (await env.DB.prepare('SELECT handled_at FROM leads WHERE id = ?').bind(id).first<{ handled_at: number | null }>())!;

const sentMail = (at = clock): MessageFields => ({
  status: 'sent',
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  sentAt: at,
});

const resend = (id: string, back = '/admin/leads', kind = 'owner') =>
  postForm(session, `/admin/leads/${id}/messages/${kind}/resend`, { back });

/** A resend through the Worker with other bindings (the shared mail server's mode is left alone). */
const resendWith = (id: string, bindings: Cloudflare.Env) =>
  call(
    `/admin/leads/${id}/messages/owner/resend`,
    {
      method: 'POST',
      headers: { Origin: ORIGIN, Cookie: session.cookie },
      body: new URLSearchParams({ _csrf: session.csrf, back: '/admin/leads' }),
      redirect: 'manual',
    },
    bindings,
  );

describe('the leads list', () => {
  it('shows leads newest first with both e-mails, the new fields, every field escaped', async () => {
    const older = await insertLead({}, { owner: sentMail(), customer: sentMail() });
    const newer = await insertLead(
      {
        kind: 'quote',
        name: `<b>Eve</b> ${tag()}`,
        message: '<script>alert(1)</script>\nSecond line',
        service: 'cctv-drain-survey',
        address: '1 High St, Verwood BH31 7AA',
        bestTime: 'afternoon',
        areaCheck: 'outside',
      },
      { owner: failedOwnerMail, customer: { ...failedOwnerMail, attempts: 2, lastError: 'HTTP 500: customer side' } },
    );
    const res = await request('/admin/leads', { cookie: session.cookie });
    expect(res.status).toBe(200);
    expectAdminHeaders(res);
    const html = await res.text();
    expect(html.indexOf(newer.email)).toBeLessThan(html.indexOf(older.email));
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>Eve');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;\nSecond line');
    expect(html).toContain('Quote request');
    expect(html).toContain('CCTV Drain Survey');
    expect(html).toContain('Outside our areas');
    expect(html).toContain('OUTSIDE the areas we serve (BH31): confirm you can cover it');
    expect(html).toContain('<dt>Best time</dt><dd>Afternoon (12pm to 5pm)</dd>');
    expect(html).toContain(`Ref. ${newer.id.slice(0, 8).toUpperCase()}`);
    expect(html).toContain('E-mail to you');
    expect(html).toContain('Confirmation to the customer');
    expect(html).toContain('8 attempts. Last error: HTTP 400: invalid request');
    expect(html).toContain('2 attempts. Last error: HTTP 500: customer side');
    expect(html).toContain(`action="/admin/leads/${newer.id}/messages/owner/resend"`);
    expect(html).toContain(`action="/admin/leads/${newer.id}/messages/customer/resend"`);
    expect(html).not.toContain(`action="/admin/leads/${older.id}/messages/owner/resend"`);
    expect(html).toContain(`href="/admin/leads/${newer.id}"`);
  });

  it('pages through many leads and filters them', async () => {
    const first = await insertLead({ handledAt: clock });
    for (let i = 0; i < 20; i++) await insertLead({}, { owner: sentMail() });
    const pageOne = await (await request('/admin/leads', { cookie: session.cookie })).text();
    expect(pageOne).not.toContain(first.email);
    expect(pageOne).toContain('href="/admin/leads?page=2" rel="next"');
    const pageTwo = await (await request('/admin/leads?page=2', { cookie: session.cookie })).text();
    expect(pageTwo).toContain(first.email);
    const problems = await (await request('/admin/leads?filter=problems', { cookie: session.cookie })).text();
    expect(problems).toContain(first.email);
    expect(problems).not.toMatch(/E-mail to you<\/span><span class="admin-badge admin-badge--green">Sent/);
    const unhandled = await (await request('/admin/leads?filter=unhandled&page=2', { cookie: session.cookie })).text();
    expect(unhandled).not.toContain(first.email);
  });

  it('counts a lead whose confirmation alone failed as not delivered', async () => {
    const lead = await insertLead({}, { owner: sentMail(), customer: failedOwnerMail });
    const problems = await (await request('/admin/leads?filter=problems', { cookie: session.cookie })).text();
    expect(problems).toContain(lead.email);
  });
});

describe('one lead on its own page', () => {
  it('is where the owner’s e-mail links to, and 404s for an unknown id', async () => {
    const lead = await insertLead({ bestTime: 'asap' }, { owner: sentMail(), customer: sentMail() });
    const res = await request(`/admin/leads/${lead.id}`, { cookie: session.cookie });
    expect(res.status).toBe(200);
    expectAdminHeaders(res);
    const html = await res.text();
    expect(html).toContain(lead.email);
    expect(html).toContain('As soon as possible');
    expect(html).toContain('← All leads');
    expect((await request(`/admin/leads/${crypto.randomUUID()}`, { cookie: session.cookie })).status).toBe(404);
    // 'person' is the privacy tool's page, never read as a lead.
    expect((await request('/admin/leads/person', { cookie: session.cookie })).status).toBe(200);
  });

  it('needs a session', async () => {
    const lead = await insertLead();
    const res = await request(`/admin/leads/${lead.id}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/login?next=${encodeURIComponent(`/admin/leads/${lead.id}`)}`);
  });
});

describe('resend', () => {
  it('e-mails a failed message again now, through the mail server, and records it as sent', async () => {
    await setMailMode('accept');
    const lead = await insertLead();
    const res = await resend(lead.id, '/admin/leads?page=2&filter=problems');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/leads?filter=problems&page=2&notice=sent');
    expect(await ownerMessageOf(lead.id)).toMatchObject({ status: 'sent', attempts: 9, lastError: null, nextAttemptAt: null });
    const [mail, ...more] = await mailFor(lead.name);
    expect(more).toEqual([]);
    expect(mail!.body.subject).toBe(`New contact message from ${lead.name}`);
    expect(mail!.body.reply_to).toEqual({ email: lead.email, name: lead.name });
    const page = await (await request('/admin/leads?notice=sent', { cookie: session.cookie })).text();
    expect(page).toContain('The e-mail was sent again and the mail service accepted it.');
  });

  it('acts on one message: resending the confirmation leaves the owner’s e-mail as it was', async () => {
    await setMailMode('accept');
    const lead = await insertLead({}, { owner: sentMail(), customer: failedOwnerMail });
    const res = await resend(lead.id, `/admin/leads/${lead.id}`, 'customer');
    expect(res.headers.get('location')).toBe(`/admin/leads/${lead.id}?notice=sent`);
    const { owner, customer } = await messagesOf(lead.id);
    expect(customer).toMatchObject({ status: 'sent', attempts: 9 });
    expect(owner).toMatchObject({ status: 'sent', attempts: 1 });
    const sent = await mailFor(lead.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.personalizations[0]!.to[0]!.email).toBe(lead.email);
    expect(takeLogs('info', 'admin resent a lead e-mail')).toEqual([
      { level: 'info', msg: 'admin resent a lead e-mail', id: lead.id, message: 'customer', outcome: 'sent' },
    ]);
  });

  it('works for a message that was skipped (no mail key at the time)', async () => {
    await setMailMode('accept');
    const lead = await insertLead(
      {},
      { owner: { status: 'skipped', attempts: 0, lastError: null, nextAttemptAt: null, sentAt: null } },
    );
    expect((await resend(lead.id)).headers.get('location')).toBe('/admin/leads?notice=sent');
    expect(await ownerMessageOf(lead.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('records a refusal: the message stays failed with the new error and one more attempt', async () => {
    const lead = await insertLead({}, { owner: { ...failedOwnerMail, lastError: 'HTTP 400: old error' } });
    // The stand-in server answers 404 under any other path: a permanent refusal.
    const res = await resendWith(lead.id, { ...env, MAILCHANNELS_API_URL: `${env.MAILCHANNELS_API_URL}/elsewhere` });
    expect(res.headers.get('location')).toBe('/admin/leads?notice=failed');
    const after = await ownerMessageOf(lead.id);
    expect(after).toMatchObject({ status: 'failed', attempts: 9, nextAttemptAt: null });
    expect(after!.lastError).toMatch(/^HTTP 404/);
    expect(takeLogs('error', 'lead e-mail failed for good; the lead is kept')).toEqual([
      {
        level: 'error',
        msg: 'lead e-mail failed for good; the lead is kept',
        id: lead.id,
        message: 'owner',
        attempts: 9,
        reason: after!.lastError,
      },
    ]);
    expect(takeLogs('info', 'admin resent a lead e-mail')).toEqual([
      { level: 'info', msg: 'admin resent a lead e-mail', id: lead.id, message: 'owner', outcome: 'failed' },
    ]);
    expect(allLogText()).not.toContain(lead.email);
  });

  it('says so when no mail key is configured, and changes nothing', async () => {
    const lead = await insertLead();
    const res = await resendWith(lead.id, { ...env, MAILCHANNELS_API_KEY: undefined });
    expect(res.headers.get('location')).toBe('/admin/leads?notice=mail-off');
    expect(await ownerMessageOf(lead.id)).toMatchObject({ status: 'failed', attempts: 8 });
  });

  it('leaves a message that is not failed or skipped alone', async () => {
    const lead = await insertLead({}, { owner: sentMail(), customer: sentMail() });
    expect((await resend(lead.id)).headers.get('location')).toBe('/admin/leads?notice=not-resendable');
    expect((await resend(lead.id, '/admin/leads', 'customer')).headers.get('location')).toBe(
      '/admin/leads?notice=not-resendable',
    );
    expect(await mailFor(lead.name)).toEqual([]);
    expect((await resend('not-a-uuid')).headers.get('location')).toBe('/admin/leads?notice=missing');
    expect((await resend(lead.id, '/admin/leads', 'someone')).headers.get('location')).toBe('/admin/leads?notice=missing');
  });

  it('needs the CSRF token', async () => {
    const lead = await insertLead();
    const res = await postForm(session, `/admin/leads/${lead.id}/messages/owner/resend`, {}, { csrf: null });
    expect(res.status).toBe(403);
    expect(await ownerMessageOf(lead.id)).toMatchObject({ status: 'failed', attempts: 8 });
    expect(takeLogs('warn', 'admin form refused: CSRF token missing or wrong')).toEqual([
      {
        level: 'warn',
        msg: 'admin form refused: CSRF token missing or wrong',
        path: `/admin/leads/${lead.id}/messages/owner/resend`,
      },
    ]);
  });
});

describe('mark handled', () => {
  it('sets and clears handled_at', async () => {
    const lead = await insertLead();
    const res = await postForm(session, `/admin/leads/${lead.id}/handled`, { handled: 'yes', back: '/admin/leads' });
    expect(res.headers.get('location')).toBe('/admin/leads?notice=handled');
    expect((await leadRow(lead.id)).handled_at).toBeGreaterThan(0);
    const html = await (await request('/admin/leads', { cookie: session.cookie })).text();
    expect(html).toContain('Mark not handled');
    const undo = await postForm(session, `/admin/leads/${lead.id}/handled`, { handled: 'no', back: '/admin/leads' });
    expect(undo.headers.get('location')).toBe('/admin/leads?notice=unhandled');
    expect((await leadRow(lead.id)).handled_at).toBeNull();
    const missing = await postForm(session, `/admin/leads/${crypto.randomUUID()}/handled`, { handled: 'yes' });
    expect(missing.headers.get('location')).toBe('/admin/leads?notice=missing');
  });
});
