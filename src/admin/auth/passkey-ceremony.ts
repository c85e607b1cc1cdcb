import { d1Database } from '../../db/client';
import {
  findPasskey,
  insertPasskey,
  insertRegisterChallenge,
  listPasskeysOf,
  markSignInChallengeUsed,
  recordPasskeyUse,
  signInChallengeUsed,
  takeChallenge,
} from '../../db/passkeys';
import { findPerson } from '../../db/people';
import type { Person } from '../../db/schema';
import type { Bindings } from '../../env';
import { errorText, log } from '../../log';
import { fromBase64Url, toBase64Url } from '../../rules/base64url';
import type { AuthenticationAnswer, RegistrationAnswer } from './passkey-verify';
import type { RelyingParty } from './relying-party';
import { adminToken } from './session';
import { CHALLENGE_MS, newSignInChallenge, signInChallengeExpiry } from './sign-in-challenge';

/**
 * The WebAuthn ceremonies: options for the browser, and its answers checked (./passkey-verify.ts, with
 * @oslojs/webauthn, imported here on demand so it is evaluated only when someone adds a passkey or
 * signs in with one). Adding a passkey (behind a session or an invitation) takes a D1 row as its
 * challenge, deleted by its answer; signing in (open to anyone) takes a signed challenge that
 * writes nothing until a passkey has answered it (./sign-in-challenge.ts). Either way a second
 * answer, or one after five minutes, is refused.
 */

const checks = () => import('./passkey-verify');
const TIMEOUT_MS = CHALLENGE_MS;
const newChallenge = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));

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
  const db = d1Database(env);
  const existing = await listPasskeysOf(db, person.id);
  const challenge = newChallenge();
  await insertRegisterChallenge(db, { challenge, personId: person.id, expiresAt: now + CHALLENGE_MS });
  // PublicKeyCredentialCreationOptionsJSON, as the browser library takes it.
  return {
    challenge,
    rp: { id: rp.id, name: rp.name },
    user: {
      id: toBase64Url(new TextEncoder().encode(`person-${person.id}`)),
      name: person.email ?? person.name,
      displayName: person.name,
    },
    pubKeyCredParams: [
      { type: 'public-key', alg: -7 },
      { type: 'public-key', alg: -257 },
    ],
    timeout: TIMEOUT_MS,
    attestation: 'none',
    excludeCredentials: existing.map((key) => ({ type: 'public-key', id: key.id })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  };
}

export async function verifyRegistration(
  env: Bindings,
  rp: RelyingParty,
  personId: number,
  response: RegistrationAnswer,
  device: string,
  now = Date.now(),
): Promise<CeremonyResult<{ id: string }>> {
  const db = d1Database(env);
  const challenge = challengeOf(response);
  const taken = challenge ? await takeChallenge(db, challenge, 'register', now) : null;
  if (!challenge || !taken || taken.personId !== personId) return refused(STALE);
  const { checkRegistration } = await checks();
  let credential: ReturnType<typeof checkRegistration>;
  try {
    credential = checkRegistration(response, challenge, rp);
  } catch (error) {
    log.warn('passkey registration refused', { error: errorText(error) });
    return refused('That passkey could not be checked: it was not made for this site or this request. Try again.');
  }
  if (await findPasskey(db, credential.id)) return refused('That passkey is already added.');
  await insertPasskey(db, {
    id: credential.id,
    personId,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports.join(' '),
    device,
    createdAt: now,
  });
  return { ok: true, value: { id: credential.id } };
}

export async function authenticationOptions(env: Bindings, rp: RelyingParty, now = Date.now()) {
  const challenge = await newSignInChallenge(adminToken(env)!, now);
  // PublicKeyCredentialRequestOptionsJSON: no allowCredentials, so the device offers its passkeys for this site.
  return { challenge, rpId: rp.id, timeout: TIMEOUT_MS, userVerification: 'required', allowCredentials: [] };
}

export async function verifyAuthentication(
  env: Bindings,
  rp: RelyingParty,
  response: AuthenticationAnswer,
  now = Date.now(),
): Promise<CeremonyResult<Person>> {
  const db = d1Database(env);
  const challenge = challengeOf(response);
  const expiresAt = challenge ? await signInChallengeExpiry(adminToken(env)!, challenge, now) : null;
  if (!challenge || expiresAt === null || (await signInChallengeUsed(db, challenge))) return refused(STALE);
  const passkey = await findPasskey(db, response.id);
  const person = passkey ? await findPerson(db, passkey.personId) : undefined;
  if (!passkey || !person) return refused('That passkey is not known here. Sign in with the admin token, or ask the owner.', 401);
  const { checkAuthentication } = await checks();
  let counter: number;
  try {
    counter = await checkAuthentication(response, challenge, rp, passkey);
  } catch (error) {
    log.warn('passkey sign-in refused', { error: errorText(error) });
    return refused('That passkey could not be checked: it was not made for this site or this request. Try again.', 401);
  }
  // Two answers to one challenge sent at once both get this far: only the first is recorded.
  if (!(await markSignInChallengeUsed(db, challenge, expiresAt))) return refused(STALE);
  await recordPasskeyUse(db, passkey.id, counter, now);
  return { ok: true, value: person };
}
