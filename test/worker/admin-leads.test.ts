import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '../../src/db/schema';
import { allLogText, takeLogs } from '../support/console-guard';
import { expectAdminHeaders, ORIGIN, postForm, request, type Session, signIn, tag } from './admin-helpers';
import { call, leadById, mailFor, setMailMode } from './leads-helpers';

/** The leads section: the list, resend through the real outbox and mail server, handled, CSV. */

let session: Session;

beforeAll(async () => {
  session = await signIn();
});

/** Far-future creation times keep this file's leads at the top of the newest-first list. */
let clock = Date.parse('2090-01-01T00:00:00Z');

async function insertLead(fields: Partial<Lead> = {}): Promise<Lead> {
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
    status: 'failed',
    attempts: 8,
    lastError: 'HTTP 400: invalid request',
    nextAttemptAt: null,
    createdAt: clock,
    updatedAt: clock,
    sentAt: null,
    handledAt: null,
    ...fields,
  } as Lead;
  await env.DB.prepare(
    `INSERT INTO leads (id, kind, name, email, phone, address, service, message, status, attempts, last_error,
      next_attempt_at, created_at, updated_at, sent_at, handled_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      lead.id,
      lead.kind,
      lead.name,
      lead.email,
      lead.phone,
      lead.address,
      lead.service,
      lead.message,
      lead.status,
      lead.attempts,
      lead.lastError,
      lead.nextAttemptAt,
      lead.createdAt,
      lead.updatedAt,
      lead.sentAt,
      lead.handledAt,
    )
    .run();
  return lead;
}

const resend = (id: string, back = '/admin/leads') => postForm(session, `/admin/leads/${id}/resend`, { back });

/** A resend through the Worker with other bindings (the shared mail server's mode is left alone). */
const resendWith = (id: string, bindings: Cloudflare.Env) =>
  call(
    `/admin/leads/${id}/resend`,
    {
      method: 'POST',
      headers: { Origin: ORIGIN, Cookie: session.cookie },
      body: new URLSearchParams({ _csrf: session.csrf, back: '/admin/leads' }),
      redirect: 'manual',
    },
    bindings,
  );

describe('the leads list', () => {
  it('shows leads newest first with their delivery, every field escaped', async () => {
    const older = await insertLead({ status: 'sent', attempts: 1, lastError: null, sentAt: clock });
    const newer = await insertLead({
      kind: 'quote',
      name: `<b>Eve</b> ${tag()}`,
      message: '<script>alert(1)</script>\nSecond line',
      service: 'cctv-drain-survey',
      address: '1 High St',
    });
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
    expect(html).toContain('Failed');
    expect(html).toContain('8 attempts. Last error: HTTP 400: invalid request');
    expect(html).toContain(`action="/admin/leads/${newer.id}/resend"`);
    expect(html).not.toContain(`action="/admin/leads/${older.id}/resend"`);
  });

  it('pages through many leads and filters them', async () => {
    const first = await insertLead({ handledAt: clock });
    for (let i = 0; i < 20; i++) await insertLead({ status: 'sent', lastError: null, attempts: 1 });
    const pageOne = await (await request('/admin/leads', { cookie: session.cookie })).text();
    expect(pageOne).not.toContain(first.email);
    expect(pageOne).toContain('href="/admin/leads?page=2" rel="next"');
    const pageTwo = await (await request('/admin/leads?page=2', { cookie: session.cookie })).text();
    expect(pageTwo).toContain(first.email);
    const problems = await (await request('/admin/leads?filter=problems', { cookie: session.cookie })).text();
    expect(problems).toContain(first.email);
    expect(problems).not.toContain('E-mail sent</span>');
    const unhandled = await (await request('/admin/leads?filter=unhandled&page=2', { cookie: session.cookie })).text();
    expect(unhandled).not.toContain(first.email);
  });
});

describe('resend', () => {
  it('e-mails a failed lead again now, through the mail server, and records it as sent', async () => {
    await fetch(`${env.MAILCHANNELS_API_URL}/__control`, { method: 'POST', body: JSON.stringify({ mode: 'accept' }) });
    const lead = await insertLead();
    const res = await resend(lead.id, '/admin/leads?page=2&filter=problems');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/leads?filter=problems&page=2&notice=sent');
    expect(await leadById(lead.id)).toMatchObject({ status: 'sent', attempts: 9, lastError: null, nextAttemptAt: null });
    const [mail, ...more] = await mailFor(lead.name);
    expect(more).toEqual([]);
    expect(mail!.body.subject).toBe(`New contact message from ${lead.name}`);
    expect(mail!.body.reply_to).toEqual({ email: lead.email, name: lead.name });
    const page = await (await request('/admin/leads?notice=sent', { cookie: session.cookie })).text();
    expect(page).toContain('The e-mail was sent again and the mail service accepted it.');
  });

  it('works for a lead that was skipped (no mail key at the time)', async () => {
    await setMailMode('accept');
    const lead = await insertLead({ status: 'skipped', attempts: 0, lastError: null });
    expect((await resend(lead.id)).headers.get('location')).toBe('/admin/leads?notice=sent');
    expect(await leadById(lead.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('records a refusal: the lead stays failed with the new error and one more attempt', async () => {
    const lead = await insertLead({ lastError: 'HTTP 400: old error' });
    // The stand-in server answers 404 under any other path: a permanent refusal.
    const res = await resendWith(lead.id, { ...env, MAILCHANNELS_API_URL: `${env.MAILCHANNELS_API_URL}/elsewhere` });
    expect(res.headers.get('location')).toBe('/admin/leads?notice=failed');
    const after = await leadById(lead.id);
    expect(after).toMatchObject({ status: 'failed', attempts: 9, nextAttemptAt: null });
    expect(after!.lastError).toMatch(/^HTTP 404/);
    expect(takeLogs('error', 'lead e-mail failed for good; the lead is kept')).toEqual([
      {
        level: 'error',
        msg: 'lead e-mail failed for good; the lead is kept',
        id: lead.id,
        attempts: 9,
        reason: after!.lastError,
      },
    ]);
    expect(takeLogs('info', 'admin resent a lead')).toEqual([
      { level: 'info', msg: 'admin resent a lead', id: lead.id, outcome: 'failed' },
    ]);
    expect(allLogText()).not.toContain(lead.email);
  });

  it('says so when no mail key is configured, and changes nothing', async () => {
    const lead = await insertLead();
    const res = await resendWith(lead.id, { ...env, MAILCHANNELS_API_KEY: undefined });
    expect(res.headers.get('location')).toBe('/admin/leads?notice=mail-off');
    expect(await leadById(lead.id)).toMatchObject({ status: 'failed', attempts: 8 });
  });

  it('leaves a lead that is not failed or skipped alone', async () => {
    const lead = await insertLead({ status: 'sent', attempts: 1, lastError: null, sentAt: clock });
    expect((await resend(lead.id)).headers.get('location')).toBe('/admin/leads?notice=not-resendable');
    expect(await mailFor(lead.name)).toEqual([]);
    expect((await resend('not-a-uuid')).headers.get('location')).toBe('/admin/leads?notice=missing');
  });

  it('needs the CSRF token', async () => {
    const lead = await insertLead();
    const res = await postForm(session, `/admin/leads/${lead.id}/resend`, {}, { csrf: null });
    expect(res.status).toBe(403);
    expect(await leadById(lead.id)).toMatchObject({ status: 'failed', attempts: 8 });
    expect(takeLogs('warn', 'admin form refused: CSRF token missing or wrong')).toEqual([
      { level: 'warn', msg: 'admin form refused: CSRF token missing or wrong', path: `/admin/leads/${lead.id}/resend` },
    ]);
  });
});

describe('mark handled', () => {
  it('sets and clears handled_at', async () => {
    const lead = await insertLead();
    const res = await postForm(session, `/admin/leads/${lead.id}/handled`, { handled: 'yes', back: '/admin/leads' });
    expect(res.headers.get('location')).toBe('/admin/leads?notice=handled');
    expect((await leadById(lead.id))!.handledAt).toBeGreaterThan(0);
    const html = await (await request('/admin/leads', { cookie: session.cookie })).text();
    expect(html).toContain('Mark not handled');
    const undo = await postForm(session, `/admin/leads/${lead.id}/handled`, { handled: 'no', back: '/admin/leads' });
    expect(undo.headers.get('location')).toBe('/admin/leads?notice=unhandled');
    expect((await leadById(lead.id))!.handledAt).toBeNull();
    const missing = await postForm(session, `/admin/leads/${crypto.randomUUID()}/handled`, { handled: 'yes' });
    expect(missing.headers.get('location')).toBe('/admin/leads?notice=missing');
  });
});
