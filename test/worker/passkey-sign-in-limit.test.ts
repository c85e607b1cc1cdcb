import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { SIGN_IN_LIMIT } from '../../src/admin/auth/sign-in-limit';
import { takeLogs } from '../support/console-guard';
import { freshIp, postForm, request, signIn, signInRequest, TOKEN } from './admin-helpers';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * The passkey sign-in's options are open to anyone: they are limited per address like the token
 * form, and asking for them writes nothing, so no one can spend the D1 writes the lead forms need.
 */

vi.setConfig({ testTimeout: 45_000 });

const OPTIONS = '/admin/api/passkeys/sign-in/options';
const challengeRows = async () =>
  (await env.DB.prepare('SELECT count(*) AS n FROM webauthn_challenges').first<{ n: number }>())!.n;
/**
 * The local limiter counts in windows aligned to the wall clock's minutes: start well inside one,
 * so the 40 requests (about 2 s) are all counted in the same window.
 */
async function awayFromMinuteTurn() {
  const into = Date.now() % 60_000;
  if (into > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - into + 100));
}

const options = (ip: string) => request(OPTIONS, { body: new URLSearchParams({}), ip });

describe('asking for passkey sign-in options', () => {
  it('answers 429 after the limit, from one address, and stores no challenge', async () => {
    const before = await challengeRows();
    const ip = freshIp();
    await awayFromMinuteTurn();
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await options(ip));
    const statuses = answers.map((res) => res.status);
    expect(statuses).toEqual([...Array(SIGN_IN_LIMIT).fill(200), ...Array(40 - SIGN_IN_LIMIT).fill(429)]);
    const refused = answers.at(-1)!;
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({ error: 'Too many sign-in attempts. Wait a minute, then try again.' });
    for (const res of answers.slice(0, -1)) await res.body?.cancel();
    expect(takeLogs('warn', 'admin passkey sign-in throttled')).toHaveLength(40 - SIGN_IN_LIMIT);
    expect(await challengeRows()).toBe(before);

    // Another address is not held back, and the token form keeps its own count.
    expect((await options(freshIp())).status).toBe(200);
    expect((await signInRequest(TOKEN, ip)).status).toBe(303);
  });

  it('writes one row only once a passkey has answered, so the answer is accepted once', async () => {
    const session = await signIn();
    const authenticator = await SoftAuthenticator.create();
    const registration = (await (await postForm(session, '/admin/api/passkeys/register/options', {})).json()) as {
      challenge: string;
    };
    const added = await postForm(session, '/admin/api/passkeys/register', {
      response: JSON.stringify(await authenticator.register(registration)),
    });
    expect(added.status).toBe(200);

    const before = await challengeRows();
    const ip = freshIp();
    const given = (await (await options(ip)).json()) as { challenge: string };
    expect(await challengeRows()).toBe(before);
    const answer = new URLSearchParams({ response: JSON.stringify(await authenticator.assert(given)) });
    expect((await request('/admin/api/passkeys/sign-in', { body: answer, ip })).status).toBe(200);
    expect(await challengeRows()).toBe(before + 1);
  });

  it('refuses a challenge it did not sign, or one altered (400), and stores nothing', async () => {
    const session = await signIn();
    const authenticator = await SoftAuthenticator.create();
    const registration = (await (await postForm(session, '/admin/api/passkeys/register/options', {})).json()) as {
      challenge: string;
    };
    await postForm(session, '/admin/api/passkeys/register', {
      response: JSON.stringify(await authenticator.register(registration)),
    });
    const { challenge } = (await (await options(freshIp())).json()) as { challenge: string };
    const altered = `${challenge.slice(0, 30)}${challenge[30] === 'A' ? 'B' : 'A'}${challenge.slice(31)}`;
    const before = await challengeRows();
    for (const made of [altered, btoa('not-a-challenge-of-ours').replace(/=+$/, '')]) {
      const answer = new URLSearchParams({ response: JSON.stringify(await authenticator.assert({ challenge: made })) });
      const res = await request('/admin/api/passkeys/sign-in', { body: answer });
      expect(res.status).toBe(400);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(await res.json()).toEqual({ error: 'That passkey request has expired or was already used. Try again.' });
    }
    expect(await challengeRows()).toBe(before);
  });
});
