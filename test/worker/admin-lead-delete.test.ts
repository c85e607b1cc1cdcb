import { beforeAll, describe, expect, it } from 'vitest';
import { allLogText, takeLogs } from '../support/console-guard';
import { expectAdminHeaders, postForm, request, type Session, signIn } from './admin-helpers';
import { addTestPhotos, insertTestLead, leftovers, storedIds, storedObjects } from './privacy-helpers';

/** Deleting one lead from the admin: a confirmation step, exactly one row gone, bad ids refused. */

let session: Session;

beforeAll(async () => {
  session = await signIn();
});

const deletePath = (id: string) => `/admin/leads/${id}/delete`;

describe('delete one lead', () => {
  it('links each lead page to its confirmation page, which names the lead', async () => {
    const lead = await insertTestLead({ createdAt: Date.parse('2099-01-01T00:00:00Z') });
    const page = await (await request(`/admin/leads/${lead.id}`, { cookie: session.cookie })).text();
    expect(page).toContain(`href="${deletePath(lead.id)}"`);
    const res = await request(deletePath(lead.id), { cookie: session.cookie });
    expect(res.status).toBe(200);
    expectAdminHeaders(res);
    const html = await res.text();
    expect(html).toContain(lead.name);
    expect(html).toContain('Yes, delete this lead and everything stored with it');
    expect(html).toContain(`action="${deletePath(lead.id)}"`);
    expect(html).toMatch(/name="_csrf" value="[^"]+"/);
  });

  it('refuses without the box ticked (400) and keeps the lead', async () => {
    const lead = await insertTestLead();
    const res = await postForm(session, deletePath(lead.id), {});
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Tick the box to confirm, then press Delete.');
    expect(await storedIds([lead.id])).toEqual([lead.id]);
  });

  it('deletes exactly that lead, says so, and logs its id and a count but nothing personal', async () => {
    const [lead, other] = await Promise.all([insertTestLead({ phone: '01632 960777' }), insertTestLead()]);
    const res = await postForm(session, deletePath(lead!.id), { confirm: 'yes' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/leads?notice=deleted');
    expect(await storedIds([lead!.id, other!.id])).toEqual([other!.id]);
    const page = await (await request('/admin/leads?notice=deleted', { cookie: session.cookie })).text();
    expect(page).toContain('The lead was deleted, with everything stored with it.');

    expect(takeLogs('info', 'admin deleted a lead')).toEqual([
      { level: 'info', msg: 'admin deleted a lead', id: lead!.id, count: 1 },
    ]);
    for (const secret of [lead!.name, lead!.email, '960777']) expect(allLogText()).not.toContain(secret);
  });

  it('deletes the lead’s photos in R2 and its e-mails with it', async () => {
    const lead = await insertTestLead({}, { customer: { status: 'retrying', nextAttemptAt: Date.now() + 60_000 } });
    const keys = await addTestPhotos(lead.id, 2);
    const res = await postForm(session, deletePath(lead.id), { confirm: 'yes' });
    expect(res.status).toBe(303);
    expect(await storedIds([lead.id])).toEqual([]);
    expect(await storedObjects(keys)).toEqual([]);
    expect(await leftovers([lead.id])).toBe(0);
    expect(takeLogs('info', 'admin deleted a lead')).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id, and deletes nothing', async () => {
    const lead = await insertTestLead();
    for (const id of [crypto.randomUUID(), 'not-a-lead', `${lead.id}x`, lead.id.toUpperCase()]) {
      expect((await request(deletePath(id), { cookie: session.cookie })).status, id).toBe(404);
      const res = await postForm(session, deletePath(id), { confirm: 'yes' });
      expect(res.status, id).toBe(404);
      expectAdminHeaders(res);
    }
    expect(await storedIds([lead.id])).toEqual([lead.id]);
  });

  it('refuses a post without the CSRF token (403) and keeps the lead', async () => {
    const lead = await insertTestLead();
    const res = await postForm(session, deletePath(lead.id), { confirm: 'yes' }, { csrf: null });
    expect(res.status).toBe(403);
    const wrong = await postForm(session, deletePath(lead.id), { confirm: 'yes' }, { csrf: 'not-the-token' });
    expect(wrong.status).toBe(403);
    expect(takeLogs('warn', 'admin form refused: CSRF token missing or wrong')).toHaveLength(2);
    expect(await storedIds([lead.id])).toEqual([lead.id]);
  });
});
