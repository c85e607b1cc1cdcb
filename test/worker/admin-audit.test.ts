import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/admin/audit/record';
import { d1Database } from '../../src/db/client';
import { deleteAuditLinesPastRetention } from '../../src/scheduled';
import { createPost, postFields, postForm, request, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { postSite } from './site-helpers';

/** The audit log: a line per action that changes or exports data, with ids and never personal data. */

interface Line {
  actor_name: string;
  action: string;
  object_type: string | null;
  object_id: string | null;
}

const lastLines = async (n: number) =>
  (
    await env.DB.prepare('SELECT actor_name, action, object_type, object_id FROM audit_log ORDER BY id DESC LIMIT ?')
      .bind(n)
      .all<Line>()
  ).results;

describe('the audit log', () => {
  it("records sign-in, a post saved and deleted, a lead's status and note, exports, erasure and sign-out: ids only", async () => {
    const session = await signIn();
    expect((await lastLines(1))[0]).toMatchObject({ actor_name: 'Owner', action: 'signed-in-token', object_type: 'session' });

    const postId = await createPost(session, postFields());
    expect((await lastLines(1))[0]).toMatchObject({ action: 'post-saved', object_type: 'post', object_id: String(postId) });
    await postForm(session, `/admin/posts/${postId}/delete`, { confirm: 'yes' });
    expect((await lastLines(1))[0]).toMatchObject({ action: 'post-deleted', object_id: String(postId) });

    const lead = await insertLead();
    await postForm(session, `/admin/leads/${lead.id}/status`, { status: 'contacted' });
    expect((await lastLines(1))[0]).toMatchObject({
      action: 'lead-status-changed',
      object_type: 'lead',
      object_id: `${lead.id} contacted`,
    });
    const noted = await postForm(session, `/admin/leads/${lead.id}/notes`, { note: `Rang ${lead.name} back` });
    expect(noted.status).toBe(303);
    expect((await lastLines(1))[0]).toMatchObject({ action: 'lead-noted', object_type: 'lead', object_id: lead.id });

    const csv = await request('/admin/leads.csv', { cookie: session.cookie });
    expect(csv.status).toBe(200);
    await csv.text();
    expect((await lastLines(1))[0]).toMatchObject({ action: 'leads-exported' });

    const exported = await postForm(session, '/admin/leads/person/export', { email: lead.email, phone: '' });
    expect(exported.status).toBe(200);
    await exported.text();
    expect((await lastLines(1))[0]).toMatchObject({ action: 'person-exported', object_type: 'leads', object_id: lead.id });

    const erased = await postForm(session, '/admin/leads/person/erase', { email: lead.email, phone: '', confirm: 'yes' });
    expect(erased.status).toBe(303);
    // The lead is gone; its lines stay (they hold no personal data).
    expect(await env.DB.prepare('SELECT id FROM leads WHERE id = ?').bind(lead.id).first()).toBeNull();
    const leadLines = await env.DB.prepare('SELECT action FROM audit_log WHERE object_id LIKE ?').bind(`%${lead.id}%`).all();
    expect(leadLines.results.map((row) => row.action)).toEqual([
      'lead-status-changed',
      'lead-noted',
      'person-exported',
      'person-erased',
    ]);

    await postForm(session, '/admin/logout', {});
    expect((await lastLines(1))[0]).toMatchObject({ action: 'signed-out', object_type: 'session' });

    const everything = JSON.stringify((await env.DB.prepare('SELECT * FROM audit_log').all()).results);
    for (const personal of [lead.name, lead.email, lead.phone, lead.message]) expect(everything).not.toContain(personal);
  });

  it('records site content restored, with the revision', async () => {
    const session = await signIn();
    const res = await postSite(session, '/admin/site/history/0/restore', {});
    expect(res.status).toBe(303);
    expect((await lastLines(1))[0]).toMatchObject({ action: 'site-restored', object_type: 'content-revision' });
  });

  it('is shown to the owner, newest first, in words', async () => {
    const session = await signIn();
    const html = await (await request('/admin/audit', { cookie: session.cookie })).text();
    expect(html).toContain('<h1 class="admin-title">Audit log</h1>');
    expect(html).toContain('Signed in with the admin token');
    expect(html).toContain('never a customer');
    // A page past the oldest line (pages start from a line's time and id): nothing there.
    const page2 = await request('/admin/audit?page=999&after=0.0', { cookie: session.cookie });
    expect(page2.status).toBe(200);
    expect(await page2.text()).toContain('Nothing recorded yet.');
  });

  it('keeps lines two years, then the retention run deletes them', async () => {
    const db = d1Database(env);
    const now = Date.now();
    const day = 86_400_000;
    await recordAudit(
      db,
      { actor: { id: 1, name: 'Owner' }, action: 'post-saved', objectType: 'post', objectId: 'old-1' },
      now - 731 * day,
    );
    await recordAudit(
      db,
      { actor: { id: 1, name: 'Owner' }, action: 'post-saved', objectType: 'post', objectId: 'kept-1' },
      now - 729 * day,
    );
    expect(await deleteAuditLinesPastRetention(env, now)).toBeGreaterThanOrEqual(1);
    const ids = (await env.DB.prepare("SELECT object_id FROM audit_log WHERE object_id IN ('old-1', 'kept-1')").all()).results;
    expect(ids).toEqual([{ object_id: 'kept-1' }]);
  });
});
