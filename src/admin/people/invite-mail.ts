import { d1Database } from '../../db/client';
import { claimInviteMail, listDueInvites, recordInviteMail } from '../../db/invites';
import type { Invite, Person } from '../../db/schema';
import type { Bindings } from '../../env';
import { errorText, log } from '../../log';
import { renderEmail } from '../../outbox/email-layout';
import { type MailerConfig, mailerConfig, type OutgoingEmail, sendEmail } from '../../outbox/mailer';
import { LEASE_MS, outcomeFor, RETRY_BATCH } from '../../outbox/retry-rule';
import { formatLondon } from '../../rules/uk-time';
import { currentContent } from '../../site-content/current';
import { adminToken } from '../auth/session';
import { invitePath, inviteTokenFor } from './invite-token';
import { OFFICE_WORK } from './role-words';

/**
 * An invitation's e-mail, through the same mailer and retry rule as a lead's (persist, then
 * send; the cron retries with backoff): its state is on the invitation's own row, so the leads'
 * outbox is untouched. Logs carry the invitation's id only, never the address.
 */

const ROLE_WORDS = {
  owner: 'an owner (everything)',
  office: `office staff (${OFFICE_WORK})`,
  engineer: 'an engineer (the jobs given to you)',
} as const;

async function invitationEmail(env: Bindings, invite: Invite, person: Person, siteName: string): Promise<OutgoingEmail | null> {
  const token = adminToken(env);
  if (!token || !person.email) return null;
  const link = `${new URL(env.SITE_ORIGIN).origin}${invitePath(await inviteTokenFor(token, invite.nonce))}`;
  const parts = renderEmail({
    heading: `You are invited to the ${siteName} admin`,
    intro: [
      `Hello ${person.name}, you have been invited to sign in to the ${siteName} website's admin as ${ROLE_WORDS[person.role]}.`,
      'Open this link on the phone or computer you will use, and add a passkey (your fingerprint, face or screen lock):',
      { text: link, href: link },
    ],
    rows: [['Link valid until', `${formatLondon(invite.expiresAt)} (UK time), once`]],
    longLabel: 'Not expecting this?',
    longText: 'Ignore this e-mail: nothing happens unless the link is opened and a passkey added.',
    footer: `${siteName} website admin`,
  });
  return {
    to: { email: person.email, name: person.name },
    from: { email: env.LEADS_FROM_EMAIL, name: siteName },
    subject: `Your invitation to the ${siteName} admin`,
    ...parts,
  };
}

/** One try of an invitation's e-mail that this caller holds; records the outcome. Never throws. */
export async function deliverInvite(
  env: Bindings,
  invite: Invite,
  person: Person,
  siteName: string,
  now = Date.now(),
  config = mailerConfig(env),
) {
  if (!config) return null;
  const attempts = invite.mailAttempts + 1;
  try {
    const email = await invitationEmail(env, invite, person, siteName);
    if (!email) return null;
    const outcome = outcomeFor(attempts, await sendEmail(email, config), now);
    await recordInviteMail(d1Database(env), invite.id, attempts, outcome);
    if (outcome.status === 'sent') log.info('invitation e-mail sent', { invite: invite.id, attempts });
    else if (outcome.status === 'retrying')
      log.warn('invitation e-mail failed, will retry', { invite: invite.id, reason: outcome.error });
    else log.error('invitation e-mail failed for good', { invite: invite.id, reason: outcome.error });
    return outcome;
  } catch (error) {
    log.error('invitation delivery could not be recorded', { invite: invite.id, error: errorText(error) });
    return null;
  }
}

/** The cron's part: invitation e-mails due again. */
export async function retryDueInvites(env: Bindings, now = Date.now(), config: MailerConfig | null = mailerConfig(env)) {
  if (!config) return 0;
  const db = d1Database(env);
  const siteName = (await currentContent(env, now)).site.name;
  let tried = 0;
  for (const { invite, person } of await listDueInvites(db, now, RETRY_BATCH)) {
    if (!(await claimInviteMail(db, invite, now, now + LEASE_MS))) continue;
    await deliverInvite(env, invite, person, siteName, now, config);
    tried += 1;
  }
  return tried;
}
