import { d1Database } from '../db/client';
import { findQuote } from '../db/quotes';
import { leadReference } from '../leads/lead-summary';
import type { EmailComposer } from '../outbox/deliver';
import { type Row, renderEmail } from '../outbox/email-layout';
import { formatPence } from '../rules/money';
import { currentContent } from '../site-content/current';

/**
 * The owner's e-mail of a customer's answer to a quote (accepted or declined on their page),
 * queued in the answer's own batch beside the phone alert, so neither is lost when the Worker
 * stops after the answer. Written from the quote as it is when sent: the accepted total and
 * deposit, or the customer's reason for declining.
 */
export const quoteAnswerComposer: EmailComposer = async (env, lead, message, { now }) => {
  const [found, content] = await Promise.all([findQuote(d1Database(env), message.about), currentContent(env, now)]);
  if (!found || found.quote.leadId !== lead.id) return null;
  const { quote, acceptance } = found;
  if (quote.state !== 'accepted' && quote.state !== 'declined') return null;
  const accepted = quote.state === 'accepted';
  const what = `${lead.name} ${accepted ? 'accepted' : 'declined'} quote ${quote.number ?? ''}`.trim();
  const rows: Row[] = [['Quote', `${quote.number ?? ''}${quote.version > 1 ? ` version ${quote.version}` : ''}`]];
  if (accepted && acceptance) {
    rows.push(['Accepted total', formatPence(acceptance.grossPence)]);
    if (acceptance.depositPence > 0) rows.push(['Deposit asked', formatPence(acceptance.depositPence)]);
    if (acceptance.expressStart !== null)
      rows.push(['Start within 14 days', acceptance.expressStart ? 'Yes, they asked us to' : 'No']);
  }
  if (!accepted && quote.declineReason) rows.push(['Their reason', quote.declineReason]);
  rows.push(['Phone', lead.phone || 'not given'], ['Reference', leadReference(lead.id)]);
  const admin = `${env.SITE_ORIGIN.replace(/\/+$/, '')}/admin/quotes/${quote.id}`;
  return {
    to: { email: env.LEADS_TO_EMAIL },
    from: { email: env.LEADS_FROM_EMAIL, name: env.LEADS_FROM_NAME },
    replyTo: { email: lead.email, name: lead.name },
    subject: `${what} (ref. ${leadReference(lead.id)})`,
    ...renderEmail({
      heading: what,
      intro: [{ text: 'Open the quote', href: admin }],
      rows,
      longLabel: 'What to do',
      longText: accepted ? 'Call or e-mail them to book the work.' : 'Call or e-mail them if you want to follow it up.',
      footer: `${content.site.name}. ${content.site.email.address}`,
    }),
  };
};
