import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { mayOpen } from '../../src/admin/auth/access';
import { createSession } from '../../src/admin/auth/session';
import { deleteEndedAdminSessions } from '../../src/scheduled';
import { takeLogs } from '../support/console-guard';
import { postForm, request, type Session, signIn, TOKEN, tag } from './admin-helpers';
import { mailFor } from './leads-helpers';

/** People and roles: invitations by e-mail (single use, 48 hours), office staff refused owner pages, removal. */

const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

async function invite(owner: Session, fields: Partial<Record<'name' | 'email' | 'role', string>> = {}) {
  const t = tag();
  const values = { name: `Office ${t}`, email: `office.${t}@example.org`, role: 'office', ...fields };
  const res = await postForm(owner, '/admin/people/invite', values);
  expect(res.status, await res.clone().text()).toBe(303);
  expect(res.headers.get('location')).toBe('/admin/people?notice=invited');
  const person = await env.DB.prepare('SELECT id, name, role FROM people WHERE email = ?')
    .bind(values.email)
    .first<{ id: number; name: string; role: 'owner' | 'office' }>();
  return { ...values, person: person! };
}

/** The link in the invitation e-mail the mail server received. */
async function inviteLink(email: string): Promise<string> {
  await vi.waitFor(async () => expect(await mailFor(email)).toHaveLength(1), { timeout: 5000 });
  const [mail] = await mailFor(email);
  const text = mail!.body.content.find((part) => part.type === 'text/plain')!.value;
  const link = /https:\/\/www\.example\.com(\/admin\/invite\/[\w-]{43})/.exec(text);
  expect(link, text).not.toBeNull();
  return link![1]!;
}

async function sessionOf(person: { id: number; name: string; role: 'owner' | 'office' }): Promise<Session> {
  const { value, session } = await createSession(env, TOKEN, { person, method: 'passkey', remember: false, device: 'Test' });
  return { cookie: `__Host-bcp_admin=${value}`, csrf: session.csrf };
}

describe('inviting', () => {
  it('sends a single-use link by e-mail that opens the welcome page', async () => {
    const owner = await signIn();
    const invited = await invite(owner);
    expect(invited.person.role).toBe('office');
    const path = await inviteLink(invited.email);
    const page = await request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Welcome, ${invited.name}`);
    expect(html).toContain('data-island="PasskeyButton"');
    expect(html).toContain('Passkeys need JavaScript');
    // Until its script starts it cannot act, but it is marked to look ready, not greyed out (admin-people.css).
    expect(html).toMatch(/<button type="button" class="[^"]*" disabled="" data-starting="">Add a passkey and sign in<\/button>/);
    const people = await (await request('/admin/people', { cookie: owner.cookie })).text();
    expect(people).toContain(invited.name);
    expect(people).toContain('e-mail sent');
    expect(
      await env.DB.prepare("SELECT action FROM audit_log WHERE action = 'person-invited' AND object_id = ?")
        .bind(String(invited.person.id))
        .first(),
    ).not.toBeNull();
  });

  it('refuses a tampered, expired or used link with a page that says which, and changes nothing', async () => {
    const owner = await signIn();
    const invited = await invite(owner);
    const path = await inviteLink(invited.email);
    const tampered = `${path.slice(0, -3)}${path.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const challenges = await count('webauthn_challenges');
    for (const bad of [tampered, '/admin/invite/short', `${path}x`]) {
      const res = await request(bad);
      expect(res.status, bad).toBe(404);
      if (bad !== `${path}x`) expect(await res.text()).toContain('This invitation link is not valid');
      const api = await request(`/admin/api/invites/${tampered.split('/').pop()}/options`, { body: new FormData() });
      expect(api.status).toBe(404);
      expect((await api.json()) as object).toHaveProperty('error');
    }
    expect(await count('webauthn_challenges')).toBe(challenges);

    await env.DB.prepare('UPDATE invites SET expires_at = ? WHERE person_id = ?')
      .bind(Date.now() - 1, invited.person.id)
      .run();
    const expired = await request(path);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This invitation has expired');

    await env.DB.prepare('UPDATE invites SET expires_at = ?, used_at = ? WHERE person_id = ?')
      .bind(Date.now() + 60_000, Date.now(), invited.person.id)
      .run();
    const used = await request(path);
    expect(used.status).toBe(410);
    expect(await used.text()).toContain('This invitation was already used');
    const usedApi = await request(`${path.replace('/admin/invite/', '/admin/api/invites/')}/register`, {
      body: new URLSearchParams({ response: '{"id":"x"}' }),
    });
    expect(usedApi.status).toBe(410);
    expect(await count('passkeys')).toBe(0);
    expect(await count('webauthn_challenges')).toBe(challenges);
  });

  it.each([
    [{ name: '' }, 'Enter their name.'],
    [{ email: 'not-an-address' }, 'Enter an e-mail address like name@example.com.'],
    [{ role: 'admin' }, 'Choose a role: office, engineer or owner.'],
    [{ name: 'x'.repeat(81) }, 'Keep the name under 80 characters.'],
  ])('refuses the invitation form with %j (400) and adds nobody', async (fields, message) => {
    const owner = await signIn();
    const before = await count('people');
    const t = tag();
    const res = await postForm(owner, '/admin/people/invite', {
      name: `N ${t}`,
      email: `n.${t}@example.org`,
      role: 'office',
      ...fields,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await count('people')).toBe(before);
    expect(await count('invites')).toBeGreaterThanOrEqual(0);
  });

  it('refuses an address that can already sign in (409)', async () => {
    const owner = await signIn();
    const invited = await invite(owner);
    await inviteLink(invited.email);
    const before = await count('people');
    const res = await postForm(owner, '/admin/people/invite', {
      name: 'Again',
      email: invited.email.toUpperCase(),
      role: 'office',
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('Someone with that e-mail address can already sign in.');
    expect(await count('people')).toBe(before);
  });
});

describe('an invitation link that does not work', () => {
  it('explains and names the owner to ask, whatever is left of the link, instead of the sign-in page', async () => {
    const owner = await signIn();
    const invited = await invite(owner);
    const path = await inviteLink(invited.email);
    await env.DB.prepare("UPDATE people SET name = 'Mark Dawson' WHERE id = 1").run();
    try {
      for (const damaged of ['/admin/invite', `${path})`, `${path}/extra`, `${path.slice(0, -10)}%20x`]) {
        const res = await request(damaged);
        expect(res.status, damaged).toBe(404);
        const html = await res.text();
        expect(html, damaged).toContain('This invitation link is not valid');
        expect(html, damaged).toContain('ask Mark Dawson (the owner) to invite you again');
        expect(html, damaged).toContain('href="/admin/login"');
      }
      await env.DB.prepare('UPDATE invites SET expires_at = ? WHERE person_id = ?')
        .bind(Date.now() - 1, invited.person.id)
        .run();
      expect(await (await request(path)).text()).toContain('Ask Mark Dawson (the owner) to invite you again.');
    } finally {
      await env.DB.prepare("UPDATE people SET name = 'Owner' WHERE id = 1").run();
    }
    // An owner still called by the seed's placeholder name: the business is named instead.
    expect(await (await request('/admin/invite/short')).text()).toContain('ask the owner of ');
  });

  it('the plain-text e-mail gives the link once', async () => {
    const owner = await signIn();
    const invited = await invite(owner);
    const path = await inviteLink(invited.email);
    const [mail] = await mailFor(invited.email);
    const text = mail!.body.content.find((part) => part.type === 'text/plain')!.value;
    expect(text.split(path)).toHaveLength(2);
  });
});

describe("another person's devices", () => {
  it('the owner sees them on People and signs out one, then all; office staff cannot', async () => {
    const owner = await signIn();
    const invited = await invite(owner);
    await inviteLink(invited.email);
    const phone = await sessionOf(invited.person);
    const desk = await sessionOf(invited.person);
    const page = await (await request('/admin/people', { cookie: owner.cookie })).text();
    expect(page).toContain('Signed in on 2 devices');
    const ends = [...page.matchAll(new RegExp(`action="/admin/people/${invited.person.id}/sessions/(\\d+)/end"`, 'g'))];
    expect(ends).toHaveLength(2);
    expect(page).toContain(`Sign ${invited.name} out on every device`);

    // Office staff cannot sign anyone out (403, nothing changes).
    expect((await postForm(phone, `/admin/people/1/sessions/end-all`, {})).status).toBe(403);
    // Another person's session under the wrong person, or a made-up one: 404.
    expect((await postForm(owner, `/admin/people/1/sessions/${ends[0]![1]}/end`, {})).status).toBe(404);
    expect((await postForm(owner, `/admin/people/${invited.person.id}/sessions/999999/end`, {})).status).toBe(404);
    expect((await request('/admin/leads', { cookie: phone.cookie })).status).toBe(200);

    const phoneId = await env.DB.prepare('SELECT id FROM admin_sessions WHERE person_id = ? ORDER BY id LIMIT 1')
      .bind(invited.person.id)
      .first<{ id: number }>();
    const one = await postForm(owner, `/admin/people/${invited.person.id}/sessions/${phoneId!.id}/end`, {});
    expect(one.status).toBe(303);
    expect(one.headers.get('location')).toBe('/admin/people?notice=signed-out');
    expect((await request('/admin/leads', { cookie: phone.cookie })).status).toBe(303);
    expect((await request('/admin/leads', { cookie: desk.cookie })).status).toBe(200);

    await sessionOf(invited.person);
    const all = await postForm(owner, `/admin/people/${invited.person.id}/sessions/end-all`, {});
    expect(all.headers.get('location')).toBe('/admin/people?notice=signed-out-all');
    expect((await request('/admin/leads', { cookie: desk.cookie })).status).toBe(303);
    expect(await (await request('/admin/people', { cookie: owner.cookie })).text()).toContain('Not signed in on any device.');
    const line = await env.DB.prepare(
      "SELECT object_id FROM audit_log WHERE action = 'person-signed-out' ORDER BY id DESC",
    ).first();
    expect(line).toEqual({ object_id: String(invited.person.id) });
  });
});

describe('office staff', () => {
  const OWNER_PAGES = [
    '/admin/site',
    '/admin/site/facts',
    '/admin/people',
    '/admin/audit',
    '/admin/leads/person',
    '/admin/site/history',
    '/admin/on-site',
  ];

  it('work on leads, quotes, invoices, payments, the schedule, posts and media, and are refused owner pages with a 403 in words', async () => {
    const owner = await signIn();
    const invited = await invite(owner);
    await inviteLink(invited.email);
    const office = await sessionOf(invited.person);
    const officePages = ['/admin/dashboard', '/admin/leads', '/admin/quotes', '/admin/invoices'];
    for (const path of [...officePages, '/admin/schedule', '/admin/posts', '/admin/media', '/admin/devices']) {
      expect((await request(path, { cookie: office.cookie })).status, path).toBe(200);
    }
    // Recording a payment is the office's too: the route is declared for staff, not the owner only.
    expect(mayOpen('office', `/admin/invoices/${crypto.randomUUID()}/payments`)).toBe(true);
    // What the People page, the role form and the refusal say is what the routes allow (issue 57).
    const peoplePage = await (await request('/admin/people', { cookie: owner.cookie })).text();
    expect(peoplePage).toContain(
      'Office staff work on leads, quotes, invoices and payments, the schedule, posts and pictures; site content and settings, people, on-site checklists, exports, deleting or erasing leads and the audit log are the owner’s.',
    );
    expect(peoplePage).toContain('>Office: leads, quotes, invoices and payments, the schedule, posts and pictures</option>');
    expect(peoplePage).not.toContain('posts and pictures only');
    const nav = await (await request('/admin/leads', { cookie: office.cookie })).text();
    expect(nav).not.toContain('href="/admin/site"');
    expect(nav).not.toContain('href="/admin/audit"');
    // The inbox offers the owner's CSV only to the owner.
    expect(nav).not.toContain('href="/admin/leads.csv');
    expect(await (await request('/admin/leads', { cookie: owner.cookie })).text()).toContain('href="/admin/leads.csv');
    for (const path of OWNER_PAGES) {
      const res = await request(path, { cookie: office.cookie });
      expect(res.status, path).toBe(403);
      const html = await res.text();
      expect(html).toContain('This page is for the owner');
      expect(html).toContain(
        'You are signed in as office staff. You can work on leads, quotes, invoices and payments, the schedule, posts and pictures. Site content and settings, people, on-site checklists, exports, deleting or erasing leads and the audit log are for the owner.',
      );
    }
    const csv = await request('/admin/leads.csv', { cookie: office.cookie });
    expect(csv.status).toBe(403);
    expect(await csv.json()).toEqual({ error: 'Only the owner can do this.' });
    // A post to an owner page changes nothing.
    const revisions = await count('content_revisions');
    const people = await count('people');
    const lines = await count('audit_log');
    expect((await postForm(office, '/admin/site/history/0/restore', {})).status).toBe(403);
    expect(
      (await postForm(office, '/admin/people/invite', { name: 'X', email: `x.${tag()}@example.org`, role: 'owner' })).status,
    ).toBe(403);
    expect((await postForm(office, `/admin/people/1/remove`, {})).status).toBe(403);
    expect(await count('content_revisions')).toBe(revisions);
    expect(await count('people')).toBe(people);
    expect(await count('audit_log')).toBe(lines);
  });
});

describe('a new post', () => {
  it("is signed by whoever writes it: the office person's own name, the director's for the unnamed first owner", async () => {
    const owner = await signIn();
    const invited = await invite(owner);
    await inviteLink(invited.email);
    const office = await sessionOf(invited.person);
    const authorOf = async (session: Session) =>
      /<input[^>]*name="author"[^>]*value="([^"]*)"|<input[^>]*value="([^"]*)"[^>]*name="author"/
        .exec(await (await request('/admin/posts/new', { cookie: session.cookie })).text())
        ?.slice(1)
        .find(Boolean);
    expect(await authorOf(office)).toBe(invited.name);
    expect(await authorOf(owner)).toBe('Mark Dawson');
  });
});

describe('removing a person', () => {
  it('ends their sessions at once: their old cookie gets a 403 page in words and changes nothing', async () => {
    const owner = await signIn();
    const invited = await invite(owner);
    await inviteLink(invited.email);
    const office = await sessionOf(invited.person);
    expect((await request('/admin/leads', { cookie: office.cookie })).status).toBe(200);
    const res = await postForm(owner, `/admin/people/${invited.person.id}/remove`, {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/people?notice=removed');
    for (const path of ['/admin/leads', '/admin/dashboard', '/admin/devices']) {
      const after = await request(path, { cookie: office.cookie });
      expect(after.status, path).toBe(403);
      expect(after.headers.get('set-cookie')).toMatch(/^__Host-bcp_admin=; Max-Age=0;/);
      expect(await after.text()).toContain('Your access has been removed');
    }
    const posts = await count('posts');
    const lines = await count('audit_log');
    const post = await postForm(office, '/admin/posts', { title: 'Not allowed' }, { multipart: true });
    expect(post.status).toBe(403);
    const csv = await request('/admin/leads.csv', { cookie: office.cookie });
    expect(csv.status).toBe(403);
    expect(await csv.json()).toEqual({ error: 'Your access to this admin has been removed.' });
    expect(await count('posts')).toBe(posts);
    expect(await count('audit_log')).toBe(lines);
    // The retention run deletes the rows; the cookie then simply goes to sign-in.
    await deleteEndedAdminSessions(env);
    expect(await env.DB.prepare('SELECT id FROM admin_sessions WHERE person_id = ?').bind(invited.person.id).first()).toBeNull();
    expect((await request('/admin/leads', { cookie: office.cookie })).status).toBe(303);
    const page = await (await request('/admin/people', { cookie: owner.cookie })).text();
    expect(page).not.toContain(invited.name);
    // The same address can be invited again.
    await invite(owner, { email: invited.email });
  });

  it('refuses to remove yourself (400) or someone not there (404), and changes nothing', async () => {
    const owner = await signIn();
    const before = await count('people');
    const self = await postForm(owner, '/admin/people/1/remove', {});
    expect(self.status).toBe(400);
    expect(await self.text()).toContain('You cannot remove yourself.');
    expect((await postForm(owner, '/admin/people/999999/remove', {})).status).toBe(404);
    expect((await postForm(owner, '/admin/people/abc/remove', {})).status).toBe(404);
    expect(await count('people')).toBe(before);
    expect(takeLogs('warn', /./)).toEqual([]);
  });
});
