import type { LeadMessageKind } from '../db/schema';
import type { EmailComposer, LeadMail } from '../outbox/deliver';
import { currentContent } from '../site-content/current';
import { confirmationEmailContent } from './confirmation-content';
import { leadEmailContent } from './email-content';
import { alertUndelivered } from './lead-alerts';

/**
 * The two e-mails a lead sends when it is stored: to the owner (Reply-To the customer) and to the
 * customer (Reply-To the business), each written from the site's content as it is when it is sent.
 */

export const ownerEmail: EmailComposer = async (env, lead, _message, { photoCount, now }) => {
  const content = await currentContent(env, now);
  return {
    to: { email: env.LEADS_TO_EMAIL },
    from: { email: env.LEADS_FROM_EMAIL, name: env.LEADS_FROM_NAME },
    replyTo: { email: lead.email, name: lead.name },
    ...leadEmailContent(lead, { photoCount, origin: env.SITE_ORIGIN, content }),
  };
};

export const customerEmail: EmailComposer = async (env, lead, _message, { photoCount, now }) => {
  const content = await currentContent(env, now);
  const { site } = content;
  return {
    to: { email: lead.email, name: lead.name },
    from: { email: env.LEADS_FROM_EMAIL, name: site.name },
    replyTo: { email: site.email.address, name: site.name },
    ...confirmationEmailContent(lead, { photoCount, origin: env.SITE_ORIGIN, content }),
  };
};

/** A stored lead's own messages, for their first tries and the admin's "Send again". */
export const STORED_LEAD_MAIL: LeadMail<Extract<LeadMessageKind, 'owner' | 'customer'>> = {
  composers: { owner: ownerEmail, customer: customerEmail },
  failedForGood: alertUndelivered,
};
