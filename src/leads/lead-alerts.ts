import type { Lead, LeadMessage, LeadMessageKind } from '../db/schema';
import type { Bindings } from '../env';
import { type AlertPayload, alertLine, type LeadAlertComposer } from '../push/payload';
import { currentContent } from '../site-content/current';
import { serviceTitle, townFromAddress } from './email-content';

/**
 * The alerts on the owner's phones that a lead itself sends: a new request, and an e-mail to its
 * customer that could not be delivered. Each opens the lead's page in the admin.
 */

const leadAlert = (lead: Lead, kind: string, title: string, body: string): AlertPayload => ({
  title: alertLine(title),
  body: alertLine(body),
  url: `/admin/leads/${lead.id}`,
  tag: `${kind}-${lead.id}`,
});

/** A new request: who, what and the town, with "As soon as possible" first when they asked for it. */
export const newLeadAlert: LeadAlertComposer = async (env, lead, now) => {
  const content = await currentContent(env, now);
  const asap = lead.bestTime === 'asap';
  const what = lead.kind === 'quote' ? serviceTitle(lead.service, content.services) : 'Message';
  const where = lead.address ? townFromAddress(lead.address, content.areas) : '';
  return leadAlert(
    lead,
    'new-lead',
    `${asap ? 'As soon as possible: ' : ''}New request from ${lead.name}`,
    where ? `${what}, ${where}` : what,
  );
};

export const undeliveredAlert: LeadAlertComposer = (_env, lead) =>
  leadAlert(
    lead,
    'undelivered',
    `An e-mail to ${lead.name} could not be delivered`,
    'It failed after every retry: open the lead to call them instead.',
  );

/** The e-mails that go to the customer: one that fails for good is an alert on the owner's phones. */
const TO_CUSTOMER: ReadonlySet<LeadMessageKind> = new Set(['customer', 'booking', 'review', 'reminder']);

/**
 * The outbox's word that a lead's e-mail failed for good (the lead is kept). Loaded on first use:
 * the push code is not needed by a lead whose e-mails all go.
 */
export async function alertUndelivered(env: Bindings, lead: Lead, message: LeadMessage, now: number) {
  if (!TO_CUSTOMER.has(message.kind)) return;
  const { alertNow } = await import('../push/outbox');
  await alertNow(env, lead.id, 'undelivered', false, undeliveredAlert, now);
}
