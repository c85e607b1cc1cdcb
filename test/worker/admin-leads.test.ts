import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAdminHeaders, postForm, request, type Session, signIn, tag } from './admin-helpers';
import { failedOwnerMail, insertLead, now, sentMail } from './admin-lead-fixtures';

/** The leads section: the list, one lead's page, mark handled. Resend is in admin-lead-resend.test.ts. */

let session: Session;

beforeAll(async () => {
  session = await signIn();
});

const leadRow = async (id: string) =>
  (await env.DB.prepare('SELECT handled_at FROM leads WHERE id = ?').bind(id).first<{ handled_at: number | null }>())!;

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
    const first = await insertLead({ handledAt: now() });
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
