import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { newSignInChallenge } from '../../src/admin/auth/sign-in-challenge';
import { takeLogs } from '../support/console-guard';
import { postForm, request, type Session, sessionCookieOf, signIn } from './admin-helpers';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * Passkeys checked inside workerd (@oslojs/webauthn and WebCrypto): adding one, signing in with it, and every
 * bad answer (forged, replayed, expired, a challenge used twice, a wrong origin or RP ID)
 * refused with a 4xx that says why, with no session made and nothing stored.
 */

// The first request evaluates the WebAuthn library: slower than the 5 s default on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

async function addPasskey(session: Session, authenticator: SoftAuthenticator) {
  const options = await postForm(session, '/admin/api/passkeys/register/options', {});
  expect(options.status).toBe(200);
  const json = (await options.json()) as { challenge: string; rp: { id: string }; authenticatorSelection: object };
  expect(json.rp.id).toBe('www.example.com');
  const response = await authenticator.register(json);
  return postForm(session, '/admin/api/passkeys/register', { response: JSON.stringify(response) });
}

async function signInOptions(): Promise<{ challenge: string; rpId: string }> {
  const res = await request('/admin/api/passkeys/sign-in/options', { body: form({}) });
  expect(res.status).toBe(200);
  return (await res.json()) as { challenge: string; rpId: string };
}

const signInWith = (response: unknown, extra: Record<string, string> = {}) =>
  request('/admin/api/passkeys/sign-in', { body: form({ response: JSON.stringify(response), ...extra }) });

describe('the prompt to add a passkey', () => {
  it('shows on every page of a token session but Devices, where the passkey is added', async () => {
    const session = await signIn();
    for (const path of ['/admin/leads', '/admin/dashboard', '/admin/posts']) {
      const html = await (await request(path, { cookie: session.cookie })).text();
      expect(html, path).toContain('class="admin-passkey-prompt"');
      expect(html, path).toContain('href="/admin/devices#passkeys"');
    }
    expect(await (await request('/admin/devices', { cookie: session.cookie })).text()).not.toContain('admin-passkey-prompt');
  });

  it('goes from every page of that session once a passkey is added in it', async () => {
    const session = await signIn();
    const added = await addPasskey(session, await SoftAuthenticator.create());
    expect(added.status, await added.clone().text()).toBe(200);
    for (const path of ['/admin/leads', '/admin/dashboard', '/admin/posts']) {
      expect(await (await request(path, { cookie: session.cookie })).text(), path).not.toContain('admin-passkey-prompt');
    }
    // Another token session, on a device with no passkey yet, is still asked.
    const other = await signIn();
    expect(await (await request('/admin/leads', { cookie: other.cookie })).text()).toContain('admin-passkey-prompt');
  });
});

async function ownerWithPasskey() {
  const session = await signIn();
  const authenticator = await SoftAuthenticator.create();
  const added = await addPasskey(session, authenticator);
  expect(added.status, await added.clone().text()).toBe(200);
  return { session, authenticator };
}

describe('adding a passkey', () => {
  it('stores it for the signed-in person and records it in the audit log', async () => {
    const before = await count('passkeys');
    const { authenticator } = await ownerWithPasskey();
    expect(await count('passkeys')).toBe(before + 1);
    const row = await env.DB.prepare('SELECT person_id, transports FROM passkeys WHERE id = ?').bind(authenticator.id).first();
    expect(row).toEqual({ person_id: 1, transports: 'internal' });
    const line = await env.DB.prepare("SELECT object_id FROM audit_log WHERE action = 'passkey-added' ORDER BY id DESC").first();
    expect(line).toEqual({ object_id: authenticator.id });
  });

  it('needs a session and its CSRF token', async () => {
    expect((await request('/admin/api/passkeys/register/options', { body: form({}) })).status).toBe(401);
    const session = await signIn();
    expect((await postForm(session, '/admin/api/passkeys/register/options', {}, { csrf: null })).status).toBe(403);
    takeLogs('warn', 'admin form refused: CSRF token missing or wrong');
  });

  it.each([
    ['a wrong origin', { origin: 'https://evil.example' }],
    ['a wrong RP ID', { rpId: 'evil.example' }],
    ['no user verification', { userVerified: false }],
  ])('refuses a registration with %s (400) and stores nothing', async (_name, overrides) => {
    const session = await signIn();
    const authenticator = await SoftAuthenticator.create();
    const options = (await (await postForm(session, '/admin/api/passkeys/register/options', {})).json()) as { challenge: string };
    const before = await count('passkeys');
    const res = await postForm(session, '/admin/api/passkeys/register', {
      response: JSON.stringify(await authenticator.register(options, overrides)),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/could not be checked/);
    expect(await count('passkeys')).toBe(before);
    expect(takeLogs('warn', 'passkey registration refused')).toHaveLength(1);
  });

  it('keeps only the newest few unanswered requests of a person, however often options are asked', async () => {
    const session = await signIn();
    const openOf = async () =>
      (await env.DB.prepare(`SELECT count(*) AS n FROM webauthn_challenges WHERE purpose = 'register'`).first<{ n: number }>())!
        .n;
    const before = await openOf();
    for (let i = 0; i < 12; i++) {
      expect((await postForm(session, '/admin/api/passkeys/register/options', {})).status).toBe(200);
    }
    expect(await openOf()).toBeLessThanOrEqual(before + 3);
    // The newest request still answers.
    expect((await addPasskey(session, await SoftAuthenticator.create())).status).toBe(200);
  });

  it('refuses an answer to a challenge it never gave, or gave to another person (400)', async () => {
    const session = await signIn();
    const authenticator = await SoftAuthenticator.create();
    const res = await postForm(session, '/admin/api/passkeys/register', {
      response: JSON.stringify(await authenticator.register({ challenge: 'bm90LWEtcmVhbC1jaGFsbGVuZ2U' })),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(
      'That passkey request has expired or was already used. Try again.',
    );
  });
});

describe('signing in with a passkey', () => {
  it('makes a session that opens the admin, remembered when asked', async () => {
    const { authenticator } = await ownerWithPasskey();
    const res = await signInWith(await authenticator.assert(await signInOptions()), { remember: 'yes', next: '/admin/leads' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ redirect: '/admin/leads' });
    expect(res.headers.get('set-cookie')).toContain('Max-Age=2592000');
    const cookie = sessionCookieOf(res);
    const page = await request('/admin/leads', { cookie });
    expect(page.status).toBe(200);
    // Signed in with a passkey: no prompt to add one.
    expect(await page.text()).not.toContain('admin-passkey-prompt');
    const line = await env.DB.prepare('SELECT action FROM audit_log ORDER BY id DESC').first();
    expect(line).toEqual({ action: 'signed-in' });
  });

  it('refuses a replayed answer: a challenge answers once (400), no session', async () => {
    const { authenticator } = await ownerWithPasskey();
    const answer = await authenticator.assert(await signInOptions());
    expect((await signInWith(answer)).status).toBe(200);
    const sessions = await count('admin_sessions');
    const replay = await signInWith(answer);
    expect(replay.status).toBe(400);
    expect(replay.headers.get('set-cookie')).toBeNull();
    expect(((await replay.json()) as { error: string }).error).toBe(
      'That passkey request has expired or was already used. Try again.',
    );
    expect(await count('admin_sessions')).toBe(sessions);
  });

  it('refuses a second answer to a used challenge, even freshly signed', async () => {
    const { authenticator } = await ownerWithPasskey();
    const options = await signInOptions();
    expect((await signInWith(await authenticator.assert(options))).status).toBe(200);
    const again = await signInWith(await authenticator.assert(options));
    expect(again.status).toBe(400);
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('refuses an expired challenge (400)', async () => {
    const { authenticator } = await ownerWithPasskey();
    // Signed here six minutes ago: five minutes are allowed.
    const options = {
      ...(await signInOptions()),
      challenge: await newSignInChallenge(env.ADMIN_TOKEN!, Date.now() - 6 * 60_000),
    };
    const res = await signInWith(await authenticator.assert(options));
    expect(res.status).toBe(400);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    ['forged (signed by another key)', async () => ({ signWith: await SoftAuthenticator.otherKey() })],
    ['from a wrong origin', async () => ({ origin: 'https://evil.example' })],
    ['for a wrong RP ID', async () => ({ rpId: 'evil.example' })],
    ['without user verification', async () => ({ userVerified: false })],
  ])('refuses an answer %s (401), no session, the passkey unchanged', async (_name, overrides) => {
    const { authenticator } = await ownerWithPasskey();
    const sessions = await count('admin_sessions');
    const before = await env.DB.prepare('SELECT counter, last_used_at FROM passkeys WHERE id = ?').bind(authenticator.id).first();
    const res = await signInWith(await authenticator.assert(await signInOptions(), await overrides()));
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(((await res.json()) as { error: string }).error).toMatch(/could not be checked/);
    expect(await count('admin_sessions')).toBe(sessions);
    expect(
      await env.DB.prepare('SELECT counter, last_used_at FROM passkeys WHERE id = ?').bind(authenticator.id).first(),
    ).toEqual(before);
    expect(takeLogs('warn', 'passkey sign-in refused')).toHaveLength(1);
  });

  it('refuses an answer whose counter went back (a cloned authenticator: 401)', async () => {
    const { authenticator } = await ownerWithPasskey();
    await env.DB.prepare('UPDATE passkeys SET counter = 1000 WHERE id = ?').bind(authenticator.id).run();
    const res = await signInWith(await authenticator.assert(await signInOptions()));
    expect(res.status).toBe(401);
    const [line] = takeLogs('warn', 'passkey sign-in refused');
    expect(String(line?.error)).toContain('counter went back');
  });

  it('refuses a passkey it does not know, and answers that are not passkey answers', async () => {
    const stranger = await SoftAuthenticator.create();
    const unknown = await signInWith(await stranger.assert(await signInOptions()));
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/not known here/);
    for (const bad of ['', 'not json', '{"no":"id"}', 'x'.repeat(30_000)]) {
      const res = await request('/admin/api/passkeys/sign-in', { body: form({ response: bad }) });
      expect(res.status, bad.slice(0, 20)).toBe(400);
    }
  });

  it("refuses a removed person's passkey", async () => {
    const owner = await signIn();
    const t = crypto.randomUUID().slice(0, 8);
    await postForm(owner, '/admin/people/invite', { name: `Temp ${t}`, email: `temp.${t}@example.org`, role: 'office' });
    const person = await env.DB.prepare('SELECT id FROM people WHERE email = ?')
      .bind(`temp.${t}@example.org`)
      .first<{ id: number }>();
    const authenticator = await SoftAuthenticator.create();
    await env.DB.prepare("INSERT INTO passkeys (id, person_id, public_key, device, created_at) VALUES (?, ?, 'AAAA', 'Test', 0)")
      .bind(authenticator.id, person!.id)
      .run();
    await postForm(owner, `/admin/people/${person!.id}/remove`, {});
    const res = await signInWith(await authenticator.assert(await signInOptions()));
    expect(res.status).toBe(401);
  });

  it('refuses a sign-in fetched from another site (403)', async () => {
    const res = await request('/admin/api/passkeys/sign-in/options', {
      body: form({}),
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
  });
});

describe('removing a passkey', () => {
  it("is a plain form on the Devices page; another person's passkey is a 404", async () => {
    const { session, authenticator } = await ownerWithPasskey();
    const page = await (await request('/admin/devices', { cookie: session.cookie })).text();
    expect(page).toContain(`action="/admin/devices/passkeys/${authenticator.id}/remove"`);
    expect((await postForm(session, '/admin/devices/passkeys/not-a-key/remove', {})).status).toBe(404);
    const res = await postForm(session, `/admin/devices/passkeys/${authenticator.id}/remove`, {});
    expect(res.status).toBe(303);
    expect(await env.DB.prepare('SELECT id FROM passkeys WHERE id = ?').bind(authenticator.id).first()).toBeNull();
    const denied = await signInWith(await authenticator.assert(await signInOptions()));
    expect(denied.status).toBe(401);
  });
});

describe('where the passkey code loads', () => {
  it('only the sign-in and devices pages carry the passkey island, and say passkeys need JavaScript', async () => {
    const session = await signIn();
    for (const [path, cookie] of [
      ['/admin/login', undefined],
      ['/admin/devices', session.cookie],
    ] as const) {
      const html = await (await request(path, { cookie })).text();
      expect(html, path).toContain('data-island="PasskeyButton"');
      expect(html, path).toContain('<noscript><p class="admin-notice admin-notice--info">Passkeys need JavaScript');
    }
    for (const [path, cookie] of [
      ['/admin/leads', session.cookie],
      ['/admin/posts', session.cookie],
    ] as const) {
      expect(await (await request(path, { cookie })).text(), path).not.toContain('PasskeyButton');
    }
  });

  it('no public page mentions it', async () => {
    for (const path of ['/', '/contact', '/free-quote', '/blog']) {
      const html = await (await request(path)).text();
      expect(html, path).not.toContain('PasskeyButton');
      expect(html, path).not.toContain('webauthn');
    }
  });
});
