import type { Context } from 'hono';
import { d1Database } from '../../db/client';
import type { AdminSessionRow } from '../../db/schema';
import { recordAudit } from '../audit/record';
import type { AdminEnv } from '../shell/render';
import { deviceName } from './device-name';
import { adminToken, createSession, type SignedInPerson, setSessionCookie } from './session';

/**
 * Every way in ends here: a session row for this device, its cookie, and an audit line. The
 * caller has proven who this is (the token, a passkey or an invitation's passkey).
 */
export async function startSession(
  c: Context<AdminEnv>,
  person: SignedInPerson,
  method: AdminSessionRow['method'],
  remember: boolean,
) {
  const token = adminToken(c.env)!;
  const { value, session } = await createSession(c.env, token, {
    person,
    method,
    remember,
    device: deviceName(c.req.header('user-agent')),
  });
  setSessionCookie(c, value, remember);
  await recordAudit(d1Database(c.env), {
    actor: person,
    action: method === 'token' ? 'signed-in-token' : method === 'invite' ? 'invite-accepted' : 'signed-in',
    objectType: 'session',
    objectId: session.id,
  });
  return session;
}
