import { d1Database } from '../db/client';
import { findLead } from '../db/leads';
import { paymentForNotice, paymentMailQueued } from '../db/payment-notices';
import type { Lead, LeadMessage } from '../db/schema';
import type { Bindings } from '../env';
import { footerOf } from '../jobs/email-parts';
import { alertUndelivered } from '../leads/composers';
import { leadReference } from '../leads/lead-summary';
import { deliverMessage, type EmailComposer, type LeadMail, ofKinds } from '../outbox/deliver';
import { type Row, renderEmail } from '../outbox/email-layout';
import { fromTheBusiness } from '../outbox/mailer';
import { deliverQueuedAlerts } from '../push/outbox';
import { formatUkDate, ukDayStart } from '../rules/invoice-dates';
import { amountDue } from '../rules/invoice-state';
import { formatPence } from '../rules/money';
import { PAYMENT_METHOD_WORDS } from '../rules/payment-method';
import { currentContent } from '../site-content/current';
import { paymentAlert } from './payment-alerts';

/**
 * The e-mails a payment sends, registered with the outbox like every domain's and queued in the
 * payment's own batch: the customer's receipt for every payment (by card on their page, or
 * recorded by hand by the owner), and the owner's e-mail of a card payment. Each is written from
 * the payment as recorded, with what was left to pay on the invoice once it was made.
 */

/** The message's payment, when it is a payment (not a refund) on this lead's invoice. */
async function paymentOf(env: Bindings, lead: Lead, message: LeadMessage) {
  const found = await paymentForNotice(d1Database(env), message.about);
  return found && found.invoice.leadId === lead.id && found.payment.amountPence > 0 ? found : null;
}

/** The facts of a payment, as the receipt and the owner's e-mail list them. */
function paymentRows(found: NonNullable<Awaited<ReturnType<typeof paymentForNotice>>>): Row[] {
  const { payment, invoice } = found;
  const due = amountDue({ ...invoice, amountPaidPence: found.paidUpToPence });
  return [
    ['Amount paid', formatPence(payment.amountPence)],
    ['Invoice', invoice.number ?? ''],
    ['Date', formatUkDate(ukDayStart(payment.paidOn))],
    ['Method', PAYMENT_METHOD_WORDS[payment.method]],
    ['Still to pay', due > 0 ? formatPence(due) : 'Nothing: the invoice is paid in full'],
  ];
}

const receiptComposer: EmailComposer = async (env, lead, message, { now }) => {
  const [found, content] = await Promise.all([paymentOf(env, lead, message), currentContent(env, now)]);
  if (!found) return null;
  const { invoice, payment } = found;
  const name = invoice.customerName || lead.name;
  return {
    to: { email: invoice.customerEmail || lead.email, name },
    ...fromTheBusiness(env, content.site),
    subject: `Receipt: ${formatPence(payment.amountPence)} paid on invoice ${invoice.number} to ${content.site.name}`,
    ...renderEmail({
      heading: `Thank you for your payment of ${formatPence(payment.amountPence)}`,
      intro: [`Hello ${name},`, `This is your receipt for a payment on invoice ${invoice.number}.`],
      rows: paymentRows(found),
      longLabel: 'Questions?',
      longText: `Reply to this e-mail or call us on ${content.site.phone.emergency.display}, quoting ${invoice.number}.`,
      footer: footerOf(content),
    }),
  };
};

const ownerComposer: EmailComposer = async (env, lead, message, { now }) => {
  const [found, content] = await Promise.all([paymentOf(env, lead, message), currentContent(env, now)]);
  if (!found) return null;
  const { invoice, payment } = found;
  const what = `${lead.name} paid ${formatPence(payment.amountPence)} on ${invoice.number}`;
  return {
    to: { email: env.LEADS_TO_EMAIL },
    from: { email: env.LEADS_FROM_EMAIL, name: env.LEADS_FROM_NAME },
    replyTo: { email: lead.email, name: lead.name },
    subject: `${what} (ref. ${leadReference(lead.id)})`,
    ...renderEmail({
      heading: what,
      intro: [{ text: 'Open the invoice', href: `${env.SITE_ORIGIN.replace(/\/+$/, '')}/admin/invoices/${invoice.id}` }],
      rows: [...paymentRows(found), ['Reference', leadReference(lead.id)]],
      longLabel: 'What to do',
      longText: 'Nothing: the payment is recorded on the invoice, and the customer has their receipt.',
      footer: footerOf(content),
    }),
  };
};

export const PAYMENT_MAIL: LeadMail<'receipt' | 'payment'> = {
  composers: { receipt: receiptComposer, payment: ownerComposer },
  failedForGood: alertUndelivered,
};

/** The first tries of what a payment's batch queued (after the answer): its e-mails and the owner's alerts. The cron retries. */
export async function tellPaymentNow(env: Bindings, leadId: string, queuedAt: number) {
  const db = d1Database(env);
  const [lead, messages] = await Promise.all([findLead(db, leadId), paymentMailQueued(db, leadId, queuedAt)]);
  if (!lead) return;
  await Promise.all([
    ...ofKinds(PAYMENT_MAIL, messages).map((message) => deliverMessage(env, PAYMENT_MAIL, lead, message, 0, queuedAt)),
    deliverQueuedAlerts(env, leadId, queuedAt, paymentAlert, queuedAt),
  ]);
}
