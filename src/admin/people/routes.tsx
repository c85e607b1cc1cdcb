import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { endSessionOf, endSessionsOf, listAllSessions } from '../../db/admin-sessions';
import { handOverBookedJobs } from '../../db/assignment';
import { d1Database } from '../../db/client';
import { deleteInvitesOf, insertInvite, listOpenInvites, requeueOpenInviteMail } from '../../db/invites';
import { deletePasskeysOf } from '../../db/passkeys';
import { findPerson, findPersonByEmail, insertPerson, listPeople, markPersonRemoved, setPersonRole } from '../../db/people';
import { sessionsWithAlerts } from '../../db/push-subscriptions';
import type { Person } from '../../db/schema';
import { errorResponse } from '../../http/errors';
import { afterResponse } from '../../http/execution';
import { log } from '../../log';
import { mailerConfig } from '../../outbox/mailer';
import { LEASE_MS } from '../../outbox/retry-rule';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { adminToken } from '../auth/session';
import { noticeFrom } from '../shell/notice';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { deliverInvite } from './invite-mail';
import { INVITE_TTL_MS, inviteTokenFor, inviteTokenHash, newInviteNonce } from './invite-token';
import { PEOPLE_NOTICES, PeoplePage, type PeoplePageProps } from './PeoplePage';
import { type InviteValues, inviteSchema, readInvite } from './person-form';
import { renameFromForm } from './rename';

/** The owner's people page (owner only, as its access declares): invite, list, remove. */
export const peopleRoutes = new Hono<AdminEnv>();
/** Inviting and removing people is the owner's. */
declareAccess(peopleRoutes, { who: 'owner' });

type Ctx = Context<AdminEnv>;
const EMPTY: InviteValues = { name: '', email: '', role: 'office' };

async function renderPeople(c: Ctx, props: Partial<PeoplePageProps> = {}, status = 200) {
  const db = d1Database(c.env);
  const now = Date.now();
  const [people, invites, sessions, alertSessions] = await Promise.all([
    listPeople(db),
    listOpenInvites(db, now),
    listAllSessions(db),
    sessionsWithAlerts(db, null),
  ]);
  return renderAdmin(
    <PeoplePage
      csrf={c.var.session.csrf}
      selfId={c.var.person.id}
      people={people}
      invites={invites}
      sessions={sessions}
      alertSessions={alertSessions}
      values={EMPTY}
      {...props}
    />,
    signedIn(c, 'People', 'people'),
    status,
  );
}

peopleRoutes.get('/admin/people', (c) => renderPeople(c, { notice: noticeFrom(PEOPLE_NOTICES, c.req.query('notice')) }));

peopleRoutes.post('/admin/people/invite', async (c) => {
  const body = await c.req.parseBody();
  const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).slice(0, 1000) : '');
  const values = { name: field('name'), email: field('email'), role: field('role') };
  const checked = readInvite(values);
  if (!checked.ok) return renderPeople(c, { values, errors: checked.errors }, 400);
  const db = d1Database(c.env);
  if (await findPersonByEmail(db, checked.value.email)) {
    return renderPeople(c, { values, errors: { email: 'Someone with that e-mail address can already sign in.' } }, 409);
  }
  const now = Date.now();
  const person = await insertPerson(db, checked.value, now);
  const nonce = newInviteNonce();
  const token = await inviteTokenFor(adminToken(c.env)!, nonce);
  const willSend = mailerConfig(c.env) !== null;
  const invite = await insertInvite(
    db,
    {
      nonce,
      tokenHash: await inviteTokenHash(adminToken(c.env)!, token),
      personId: person.id,
      expiresAt: now + INVITE_TTL_MS,
      mailStatus: willSend ? 'pending' : 'skipped',
      mailNextAttemptAt: willSend ? now + LEASE_MS : null,
    },
    now,
  );
  await audit(c, 'person-invited', 'person', person.id);
  log.info('person invited', { person: person.id, invite: invite.id, role: person.role });
  if (willSend) afterResponse(c, deliverInvite(c.env, invite, person, c.var.content.site.name, now));
  else log.warn('invitation e-mail skipped: MAILCHANNELS_API_KEY is not set', { invite: invite.id });
  return c.redirect('/admin/people?notice=invited', 303);
});

const idParam = (raw: string | undefined) => (raw && /^[1-9]\d{0,12}$/.test(raw) ? Number(raw) : null);

/** The owner signs out one of another person's devices; their own are on Devices. Anyone else's, or a gone one, is a 404. */
peopleRoutes.post('/admin/people/:id/sessions/:session/end', async (c) => {
  const personId = idParam(c.req.param('id'));
  const sessionId = idParam(c.req.param('session'));
  if (personId === null || sessionId === null || personId === c.var.person.id) return errorResponse(asAppContext(c), 404);
  if (!(await endSessionOf(d1Database(c.env), personId, sessionId))) {
    return errorResponse(asAppContext(c), 404, 'That device is already signed out.');
  }
  await audit(c, 'session-ended', 'session', sessionId);
  return c.redirect('/admin/people?notice=signed-out', 303);
});

/** Every device of another person, at once (a lost phone, someone leaving). */
peopleRoutes.post('/admin/people/:id/sessions/end-all', async (c) => {
  const personId = idParam(c.req.param('id'));
  const db = d1Database(c.env);
  const person = personId === null ? undefined : await findPerson(db, personId);
  if (!person || person.id === c.var.person.id) return errorResponse(asAppContext(c), 404);
  await endSessionsOf(db, person.id);
  await audit(c, 'person-signed-out', 'person', person.id);
  return c.redirect('/admin/people?notice=signed-out-all', 303);
});

/**
 * Someone invited but not yet signed in gets their invitation again in their new role's words (the
 * e-mail they have names the old one); the cron retries it like any invitation e-mail.
 */
async function rewordOpenInvites(c: Ctx, person: Person) {
  if (!mailerConfig(c.env)) return;
  const now = Date.now();
  const requeued = await requeueOpenInviteMail(d1Database(c.env), person.id, now, now + LEASE_MS);
  for (const invite of requeued) {
    log.info('invitation e-mail re-worded for a new role', { invite: invite.id, role: person.role });
    afterResponse(c, deliverInvite(c.env, invite, person, c.var.content.site.name, now));
  }
}

/**
 * Another person's role: it applies from their next request (the guard reads it with the session).
 * Never one's own, so an owner cannot lock the admin out of its last owner by mistake.
 */
peopleRoutes.post('/admin/people/:id/role', async (c) => {
  const id = idParam(c.req.param('id'));
  const db = d1Database(c.env);
  const person = id === null ? undefined : await findPerson(db, id);
  if (!person) return errorResponse(asAppContext(c), 404, 'That person is not here (already removed?).');
  if (person.id === c.var.person.id)
    return renderPeople(c, { error: 'You cannot change your own role. Another owner can.' }, 400);
  const role = v.safeParse(inviteSchema.entries.role, (await c.req.parseBody()).role);
  if (!role.success) return renderPeople(c, { error: role.issues[0].message }, 400);
  if (role.output !== person.role) {
    await setPersonRole(db, person.id, role.output);
    await audit(c, 'person-role-changed', 'person', `${person.id} ${role.output}`);
    await rewordOpenInvites(c, { ...person, role: role.output });
  }
  return c.redirect('/admin/people?notice=role-changed', 303);
});

/** Anyone's name, the owner's own too (the first owner starts as a placeholder, 'Owner'). */
peopleRoutes.post('/admin/people/:id/name', async (c) => {
  const id = idParam(c.req.param('id'));
  if (id === null) return errorResponse(asAppContext(c), 404);
  const renamed = await renameFromForm(c, id, await c.req.parseBody());
  if (!renamed.ok) return renderPeople(c, { error: renamed.error }, renamed.status);
  return c.redirect('/admin/people?notice=renamed', 303);
});

/**
 * Removing a person ends their sessions at once (the guard refuses a removed person's cookie with
 * a page saying so; the cron deletes the rows) and deletes their passkeys and open invitations;
 * their audit lines stay. Their booked jobs become the remover's (handOverBookedJobs).
 */
peopleRoutes.post('/admin/people/:id/remove', async (c) => {
  const raw = c.req.param('id');
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const db = d1Database(c.env);
  const person = id === null ? undefined : await findPerson(db, id);
  if (!person) return errorResponse(asAppContext(c), 404, 'That person is not here (already removed?).');
  if (person.id === c.var.person.id) {
    return renderPeople(c, { error: 'You cannot remove yourself. Another owner can.' }, 400);
  }
  const now = Date.now();
  const [, handedOver] = await db.batch([
    markPersonRemoved(db, person.id, now),
    handOverBookedJobs(db, person.id, c.var.person.id, now),
  ]);
  await Promise.all([deletePasskeysOf(db, person.id), deleteInvitesOf(db, person.id)]);
  await audit(c, 'person-removed', 'person', person.id);
  return c.redirect(`/admin/people?notice=${handedOver.length > 0 ? 'removed-jobs-yours' : 'removed'}`, 303);
});
