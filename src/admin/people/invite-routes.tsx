import { type Context, Hono } from 'hono';
import { d1Database } from '../../db/client';
import { findInvite, markInviteUsed } from '../../db/invites';
import { deletePasskeyOf } from '../../db/passkeys';
import type { Invite, Person } from '../../db/schema';
import { recordAudit } from '../audit/record';
import { declareAccess } from '../auth/access';
import { deviceName } from '../auth/device-name';
import { parseCredential, registrationOptions, verifyRegistration } from '../auth/passkey-ceremony';
import { inviteApi } from '../auth/passkey-paths';
import { rpOf } from '../auth/passkey-routes';
import type { RegistrationAnswer } from '../auth/passkey-verify';
import { adminToken } from '../auth/session';
import { startSession } from '../auth/start-session';
import { PasskeyButtonIsland } from '../devices/PasskeySection';
import { ADMIN_HOME } from '../shell/home';
import { MessagePage } from '../shell/MessagePage';
import { type AdminEnv, renderAdmin } from '../shell/render';
import { INVITE_TOKEN, inviteTokenHash } from './invite-token';

/**
 * An invitation's link: open without a session (its token is the proof), it lets the invited
 * person add a passkey, which signs them in. The link works once and for 48 hours; a tampered,
 * expired or used link gets a page that says which, and changes nothing.
 */
export const inviteRoutes = new Hono<AdminEnv>();
/** An invitation's link opens without a session: its token is its proof. */
declareAccess(inviteRoutes, { who: 'open' });

type Ctx = Context<AdminEnv>;
type Checked = { ok: true; invite: Invite; person: Person } | { ok: false; status: 404 | 410; heading: string; text: string };

const NOT_VALID: Checked = {
  ok: false,
  status: 404,
  heading: 'This invitation link is not valid',
  text: 'Check that you opened the whole link from the e-mail, or ask the owner to invite you again.',
};

async function checkInvite(c: Ctx, now = Date.now()): Promise<Checked> {
  const token = c.req.param('token') ?? '';
  if (!INVITE_TOKEN.test(token)) return NOT_VALID;
  const found = await findInvite(d1Database(c.env), await inviteTokenHash(adminToken(c.env)!, token));
  if (!found) return NOT_VALID;
  if (found.invite.usedAt !== null) {
    return {
      ok: false,
      status: 410,
      heading: 'This invitation was already used',
      text: 'Each link works once. Sign in with your passkey, or ask the owner to invite you again.',
    };
  }
  if (found.invite.expiresAt <= now) {
    return {
      ok: false,
      status: 410,
      heading: 'This invitation has expired',
      text: 'Invitation links work for 48 hours. Ask the owner to invite you again.',
    };
  }
  return { ok: true, ...found };
}

const title = (c: Ctx) => ({ title: 'Invitation', siteName: c.var.content.site.shortName });

inviteRoutes.get('/admin/invite/:token', async (c) => {
  const checked = await checkInvite(c);
  if (!checked.ok) {
    return renderAdmin(
      <MessagePage heading={checked.heading}>
        <p>{checked.text}</p>
      </MessagePage>,
      title(c),
      checked.status,
    );
  }
  const api = inviteApi(c.req.param('token'));
  return renderAdmin(
    <MessagePage heading={`Welcome, ${checked.person.name}`}>
      <p>
        {`You are invited to the ${c.var.content.site.shortName} admin. Add a passkey on this device: from then on you sign in with its fingerprint, face or screen lock, with nothing to type.`}
      </p>
      <PasskeyButtonIsland mode="register" label="Add a passkey and sign in" optionsUrl={api.options} verifyUrl={api.register} />
    </MessagePage>,
    title(c),
  );
});

const refuse = (c: Ctx, checked: Extract<Checked, { ok: false }>) =>
  c.json({ error: `${checked.heading}. ${checked.text}` }, checked.status);
const crossSite = (c: Ctx) => (c.req.header('sec-fetch-site') ?? 'same-origin') !== 'same-origin';

inviteRoutes.post('/admin/api/invites/:token/options', async (c) => {
  if (crossSite(c)) return c.json({ error: 'That request came from another site.' }, 403);
  const checked = await checkInvite(c);
  if (!checked.ok) return refuse(c, checked);
  return c.json(await registrationOptions(c.env, rpOf(c), checked.person));
});

inviteRoutes.post('/admin/api/invites/:token/register', async (c) => {
  if (crossSite(c)) return c.json({ error: 'That request came from another site.' }, 403);
  const checked = await checkInvite(c);
  if (!checked.ok) return refuse(c, checked);
  const response = parseCredential<RegistrationAnswer>(
    (await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)).response,
  );
  if (!response) return c.json({ error: 'That was not a passkey answer. Try again.' }, 400);
  const { person, invite } = checked;
  const result = await verifyRegistration(c.env, rpOf(c), person.id, response, deviceName(c.req.header('user-agent')));
  if (!result.ok) return c.json({ error: result.error }, result.status);
  const db = d1Database(c.env);
  // Two tabs answering at once: only one uses the link; the other's passkey is taken back.
  if (!(await markInviteUsed(db, invite.id, Date.now()))) {
    await deletePasskeyOf(db, person.id, result.value.id);
    return c.json({ error: 'This invitation was already used. Sign in with your passkey.' }, 410);
  }
  const actor = { id: person.id, name: person.name, role: person.role };
  await recordAudit(db, { actor, action: 'passkey-added', objectType: 'passkey', objectId: result.value.id });
  await startSession(c, actor, 'invite', false);
  return c.json({ redirect: ADMIN_HOME });
});
