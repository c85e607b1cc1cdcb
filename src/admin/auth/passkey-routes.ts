import { type Context, Hono } from 'hono';
import { markSessionPasskeyed } from '../../db/admin-sessions';
import { d1Database } from '../../db/client';
import { deletePasskeyOf } from '../../db/passkeys';
import { findPerson } from '../../db/people';
import { errorResponse } from '../../http/errors';
import { log } from '../../log';
import { audit } from '../audit/audit';
import { ADMIN_HOME, DEVICES_PATH } from '../shell/home';
import { type AdminEnv, asAppContext } from '../shell/render';
import { declareAccess } from './access';
import { deviceName } from './device-name';
import { safeNext } from './guard';
import {
  authenticationOptions,
  parseCredential,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
} from './passkey-ceremony';
import { PASSKEY_API } from './passkey-paths';
import type { AuthenticationAnswer, RegistrationAnswer } from './passkey-verify';
import { relyingPartyFor } from './relying-party';
import { SIGN_IN_WINDOW_MS, signInAllowed } from './sign-in-limit';
import { startSession } from './start-session';

/**
 * The passkey endpoints the PasskeyButton island calls (form posts answered with JSON):
 * options, then the browser's response. Signing in is open (the challenge and the passkey are
 * the proof), so its options are limited per address like the token form and write nothing;
 * adding a passkey needs a session and its CSRF token (the guard checks both).
 */
export const passkeyRoutes = new Hono<AdminEnv>();
/** Signing in with a passkey is open; adding or removing one is for the signed-in person. */
declareAccess(passkeyRoutes, {
  who: 'engineer',
  except: { [PASSKEY_API.signInOptions]: 'open', [PASSKEY_API.signIn]: 'open' },
});

type Ctx = Context<AdminEnv>;

export const rpOf = (c: Ctx) => relyingPartyFor(c.env, c.req.url, `${c.var.content.site.shortName} admin`);
const body = (c: Ctx) => c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
/** A form post from another site never reaches here (csrf()); a fetch from one is refused too. */
const crossSite = (c: Ctx) => {
  const site = c.req.header('sec-fetch-site');
  return site !== undefined && site !== 'same-origin';
};
const refuse = (c: Ctx, status: 400 | 401 | 403, error: string) => c.json({ error }, status);

passkeyRoutes.post(PASSKEY_API.signInOptions, async (c) => {
  if (crossSite(c)) return refuse(c, 403, 'That request came from another site.');
  if (!(await signInAllowed(c.env, c.req.header('cf-connecting-ip') ?? 'unknown', Date.now(), 'passkey'))) {
    log.warn('admin passkey sign-in throttled');
    c.header('Retry-After', String(SIGN_IN_WINDOW_MS / 1000));
    return c.json({ error: 'Too many sign-in attempts. Wait a minute, then try again.' }, 429);
  }
  return c.json(await authenticationOptions(c.env, rpOf(c)));
});

passkeyRoutes.post(PASSKEY_API.signIn, async (c) => {
  if (crossSite(c)) return refuse(c, 403, 'That request came from another site.');
  const form = await body(c);
  const response = parseCredential<AuthenticationAnswer>(form.response);
  if (!response) return refuse(c, 400, 'That was not a passkey answer. Try again.');
  const result = await verifyAuthentication(c.env, rpOf(c), response);
  if (!result.ok) return refuse(c, result.status, result.error);
  const person = result.value;
  await startSession(c, { id: person.id, name: person.name, role: person.role }, 'passkey', form.remember === 'yes');
  const next = safeNext(typeof form.next === 'string' ? form.next : undefined);
  return c.json({ redirect: next ?? ADMIN_HOME });
});

passkeyRoutes.post(PASSKEY_API.registerOptions, async (c) => {
  const person = await findPerson(d1Database(c.env), c.var.person.id);
  if (!person) return refuse(c, 403, 'Sign in again.');
  return c.json(await registrationOptions(c.env, rpOf(c), person));
});

passkeyRoutes.post(PASSKEY_API.register, async (c) => {
  const response = parseCredential<RegistrationAnswer>((await body(c)).response);
  if (!response) return refuse(c, 400, 'That was not a passkey answer. Try again.');
  const device = deviceName(c.req.header('user-agent'));
  const result = await verifyRegistration(c.env, rpOf(c), c.var.person.id, response, device);
  if (!result.ok) return refuse(c, result.status, result.error);
  await audit(c, 'passkey-added', 'passkey', result.value.id);
  await markSessionPasskeyed(d1Database(c.env), c.var.session.id);
  return c.json({ redirect: `${DEVICES_PATH}?notice=passkey-added` });
});

/** A plain form on the Devices page; another person's passkey, or an unknown one, is a 404. */
passkeyRoutes.post(`${DEVICES_PATH}/passkeys/:id/remove`, async (c) => {
  const id = c.req.param('id');
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(id) || !(await deletePasskeyOf(d1Database(c.env), c.var.person.id, id))) {
    return errorResponse(asAppContext(c), 404);
  }
  await audit(c, 'passkey-removed', 'passkey', id);
  return c.redirect(`${DEVICES_PATH}?notice=passkey-removed`, 303);
});
