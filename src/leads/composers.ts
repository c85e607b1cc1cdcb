import type { Lead, LeadMessage, LeadMessageKind } from '../db/schema';
import type { Bindings } from '../env';
import type { EmailComposer, LeadMail } from '../outbox/deliver';
import { fromTheBusiness } from '../outbox/mailer';
import type { AlertPayload, LeadAlertComposer } from '../push/payload';
import { currentContent } from '../site-content/current';
import { confirmationEmailContent } from './confirmation-content';
import { leadEmailContent, serviceTitle, townFromAddress } from './email-content';

/**
 * The composers of a stored lead's own messages, handed to the outbox and the push queue with
 * them: its two e-mails, to the owner (Reply-To the customer) and to the customer (Reply-To the
 * business), and the alerts on the owner's phones of a new request and of an e-mail to its
 * customer that could not be delivered. Each is written when it is sent, from the site's content
 * as it is then.
 */

const ownerEmail: EmailComposer = async (env, lead, _message, { photoCount, now }) => {
  const content = await currentContent(env, now);
  return {
    to: { email: env.LEADS_TO_EMAIL },
    from: { email: env.LEADS_FROM_EMAIL, name: env.LEADS_FROM_NAME },
    replyTo: { email: lead.email, name: lead.name },
    ...leadEmailContent(lead, { photoCount, origin: env.SITE_ORIGIN, content }),
  };
};

const customerEmail: EmailComposer = async (env, lead, _message, { photoCount, now }) => {
  const content = await currentContent(env, now);
  const { site } = content;
  return {
    to: { email: lead.email, name: lead.name },
    ...fromTheBusiness(env, site),
    ...confirmationEmailContent(lead, { photoCount, origin: env.SITE_ORIGIN, content }),
  };
};

/** An alert about a lead opens the lead's page in the admin; one per lead and kind. */
const leadAlert = (lead: Lead, kind: string, title: string, body: string): AlertPayload => ({
  title,
  body,
  url: `/admin/leads/${lead.id}`,
  tag: `${kind}-${lead.id}`,
});

/** A new request: who, what and the town, with "As soon as possible" first when they asked for it. */
export const newLeadAlert: LeadAlertComposer = async (env, lead, now) => {
  const content = await currentContent(env, now);
  const asap = lead.bestTime === 'asap';
  const what = lead.kind === 'quote' ? serviceTitle(lead.service, content.services) : 'Message';
  const where = lead.address ? townFromAddress(lead.address, content.areas) : '';
  const title = `${asap ? 'As soon as possible: ' : ''}New request from ${lead.name}`;
  return leadAlert(lead, 'new-lead', title, where ? `${what}, ${where}` : what);
};

export const undeliveredAlert: LeadAlertComposer = (_env, lead) =>
  leadAlert(
    lead,
    'undelivered',
    `An e-mail to ${lead.name} could not be delivered`,
    'It failed after every retry: open the lead to call them instead.',
  );

/** The e-mails that go to the customer: one that fails for good is an alert on the owner's phones. */
const TO_CUSTOMER: ReadonlySet<LeadMessageKind> = new Set([
  'customer',
  'booking',
  'review',
  'reminder',
  'quote',
  'accepted',
  'quote-reminder',
  'on-my-way',
  'report',
]);

/**
 * The outbox's word that a lead's e-mail failed for good (the lead is kept). Loaded on first use:
 * the push code is not needed by a lead whose e-mails all go.
 */
export async function alertUndelivered(env: Bindings, lead: Lead, message: LeadMessage, now: number) {
  if (!TO_CUSTOMER.has(message.kind)) return;
  const { alertNow } = await import('../push/outbox');
  await alertNow(env, lead.id, 'undelivered', false, undeliveredAlert, now);
}

/** A stored lead's own messages, for their first tries and the admin's "Send again". */
export const STORED_LEAD_MAIL: LeadMail<Extract<LeadMessageKind, 'owner' | 'customer'>> = {
  composers: { owner: ownerEmail, customer: customerEmail },
  failedForGood: alertUndelivered,
};
