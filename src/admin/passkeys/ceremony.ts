import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { d1Database } from '../../db/client';
import { findPasskey, insertChallenge, insertPasskey, listPasskeysOf, recordPasskeyUse, takeChallenge } from '../../db/passkeys';
import { findPerson } from '../../db/people';
import type { Person } from '../../db/schema';
import type { Bindings } from '../../env';
import { errorText, log } from '../../log';
import { fromBase64Url, toBase64Url } from '../../rules/base64url';
import type { RelyingParty } from './relying-party';

/**
 * The WebAuthn ceremonies, with @simplewebauthn/server: imported here on demand, so the library
 * is evaluated only when someone adds a passkey or signs in with one, never for the site's pages
 * or the rest of the admin. Each challenge is a D1 row taken (deleted) by its answer: a second
 * answer, or one after five minutes, finds nothing.
 */

const CHALLENGE_MS = 5 * 60_000;
const library = () => import('@simplewebauthn/server');

export type CeremonyResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 401; error: string };

const refused = (error: string, status: 400 | 401 = 400): { ok: false; status: 400 | 401; error: string } => ({
  ok: false,
  status,
  error,
});

const STALE = 'That passkey request has expired or was already used. Try again.';

/** The challenge a response answers, read from its clientDataJSON (then checked by the library). */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | null {
  const raw = response.response?.clientDataJSON;
  if (typeof raw !== 'string' || raw.length > 4000) return null;
  const bytes = fromBase64Url(raw);
  if (!bytes) return null;
  try {
    const data = JSON.parse(new TextDecoder().decode(bytes)) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

/** A posted credential as JSON, or null when it is not one. */
export function parseCredential<T>(raw: unknown): T | null {
  if (typeof raw !== 'string' || raw.length > 20_000) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as T) : null;
  } catch {
    return null;
  }
}

export async function registrationOptions(env: Bindings, rp: RelyingParty, person: Person, now = Date.now()) {
  const { generateRegistrationOptions } = await library();
  const db = d1Database(env);
  const existing = await listPasskeysOf(db, person.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: person.email ?? person.name,
    userDisplayName: person.name,
    userID: new TextEncoder().encode(`person-${person.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.id })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await insertChallenge(db, {
    challenge: options.challenge,
    purpose: 'register',
    personId: person.id,
    expiresAt: now + CHALLENGE_MS,
  });
  return options;
}

export async function verifyRegistration(
  env: Bindings,
  rp: RelyingParty,
  personId: number,
  response: RegistrationResponseJSON,
  device: string,
  now = Date.now(),
): Promise<CeremonyResult<{ id: string }>> {
  const db = d1Database(env);
  const challenge = challengeOf(response);
  const taken = challenge ? await takeChallenge(db, challenge, 'register', now) : null;
  if (!challenge || !taken || taken.personId !== personId) return refused(STALE);
  const { verifyRegistrationResponse } = await library();
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!result.verified) {
      log.warn('passkey registration refused', { error: 'not verified' });
      return refused('That passkey could not be checked: it was not made for this site or this request. Try again.');
    }
    const { credential } = result.registrationInfo;
    if (await findPasskey(db, credential.id)) return refused('That passkey is already added.');
    await insertPasskey(db, {
      id: credential.id,
      personId,
      publicKey: toBase64Url(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(' '),
      device,
      createdAt: now,
    });
    return { ok: true, value: { id: credential.id } };
  } catch (error) {
    log.warn('passkey registration refused', { error: errorText(error) });
    return refused('That passkey could not be checked: it was not made for this site or this request. Try again.');
  }
}

export async function authenticationOptions(env: Bindings, rp: RelyingParty, now = Date.now()) {
  const { generateAuthenticationOptions } = await library();
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  await insertChallenge(d1Database(env), { challenge: options.challenge, purpose: 'sign-in', expiresAt: now + CHALLENGE_MS });
  return options;
}

export async function verifyAuthentication(
  env: Bindings,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  now = Date.now(),
): Promise<CeremonyResult<Person>> {
  const db = d1Database(env);
  const challenge = challengeOf(response);
  const taken = challenge ? await takeChallenge(db, challenge, 'sign-in', now) : null;
  if (!challenge || !taken) return refused(STALE);
  const passkey = await findPasskey(db, response.id);
  const person = passkey ? await findPerson(db, passkey.personId) : undefined;
  if (!passkey || !person) return refused('That passkey is not known here. Sign in with the admin token, or ask the owner.', 401);
  const publicKey = fromBase64Url(passkey.publicKey);
  if (!publicKey) return refused('That passkey is not known here.', 401);
  const { verifyAuthenticationResponse } = await library();
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(publicKey),
        counter: passkey.counter,
        transports: passkey.transports ? (passkey.transports.split(' ') as never) : undefined,
      },
    });
    if (!result.verified) {
      log.warn('passkey sign-in refused', { error: 'signature not verified' });
      return refused('That passkey could not be checked: it was not made for this site or this request. Try again.', 401);
    }
    await recordPasskeyUse(db, passkey.id, result.authenticationInfo.newCounter, now);
    return { ok: true, value: person };
  } catch (error) {
    log.warn('passkey sign-in refused', { error: errorText(error) });
    return refused('That passkey could not be checked: it was not made for this site or this request. Try again.', 401);
  }
}
