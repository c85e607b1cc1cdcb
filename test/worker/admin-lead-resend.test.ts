import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { allLogText, takeLogs } from '../support/console-guard';
import { ORIGIN, postForm, request, type Session, signIn } from './admin-helpers';
import { failedOwnerMail, insertLead, sentMail } from './admin-lead-fixtures';
import { call, mailFor, messagesOf, ownerMessageOf, setMailMode } from './leads-helpers';

/** Resend from the admin: one message at a time, through the real outbox and mail server. */

let session: Session;

beforeAll(async () => {
  session = await signIn();
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

describe('resend', () => {
  it('e-mails a failed message again now, through the mail server, and records it as sent', async () => {
    await setMailMode('accept');
    const lead = await insertLead();
    // Back to the page the form was on: its filter, its number and where it starts (a keyset page).
    const res = await resend(lead.id, `/admin/leads?page=2&status=undelivered&after=${lead.createdAt}.${lead.id}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `/admin/leads?status=undelivered&page=2&after=${lead.createdAt}.${lead.id}&notice=sent`,
    );
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
