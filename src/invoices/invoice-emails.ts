import { d1Database } from '../db/client';
import { findInvoice, type InvoiceWithLines } from '../db/invoices';
import type { Lead, LeadMessage } from '../db/schema';
import type { Bindings } from '../env';
import { footerOf, requestLinks } from '../jobs/email-parts';
import { alertUndelivered } from '../leads/composers';
import type { EmailComposer, LeadMail } from '../outbox/deliver';
import { type Paragraph, renderEmail } from '../outbox/email-layout';
import { fromTheBusiness, type OutgoingEmail } from '../outbox/mailer';
import { stripeConfig } from '../payments/stripe-config';
import { daysBetween, formatUkDate, londonDay } from '../rules/invoice-dates';
import { amountDue, balanceLine } from '../rules/invoice-state';
import { type InvoiceReminder, type LatePayment, latePaymentOf, latePaymentWords, termsLabel } from '../rules/invoice-terms';
import { formatPence, formatQuantity, vatPercent } from '../rules/money';
import { invoiceTotals } from '../rules/money-lines';
import { currentContent } from '../site-content/current';
import { invoicingOf } from '../site-content/invoicing';
import type { ContentView } from '../site-content/view';
import { chargedLines } from './charged-lines';
import { creditNoteComposer } from './credit-note-email';
import { type Seller, sellerFor } from './seller';

/**
 * The invoice's e-mails to the customer, registered with the outbox like every domain's: the
 * invoice itself when issued (the whole document in the e-mail: every field a VAT invoice needs)
 * its reminders when due and 7 and 14 days overdue, and each credit note written on it
 * (`creditNoteComposer`). Each is written when sent; a reminder of
 * an invoice paid or credited by then is not sent (the outbox marks it cancelled).
 */

const REMINDER_WORDS: Record<InvoiceReminder, { subject: string; line: string }> = {
  due: { subject: 'Payment due today', line: 'A reminder that payment of this invoice is due today.' },
  'overdue-7': {
    subject: 'Overdue by 7 days',
    line: 'Our records show this invoice is 7 days overdue. Please pay it as soon as you can.',
  },
  'overdue-14': {
    subject: 'Overdue by 14 days',
    line: 'This invoice is now 14 days overdue. Please pay it, or reply to tell us if something is wrong.',
  },
};

/** The invoice as e-mail rows: the facts HMRC asks for, each line, the totals, and what is due. */
function invoiceRows(found: InvoiceWithLines, seller: Seller) {
  const { invoice } = found;
  const vat = invoice.vatRegistered;
  const lines = chargedLines(found);
  const totals = invoiceTotals(lines);
  const rows: (readonly [string, string])[] = [
    ['Invoice number', invoice.number ?? ''],
    ['Date of issue', invoice.issuedAt ? formatUkDate(invoice.issuedAt) : ''],
  ];
  if (vat) {
    rows.push(
      ['Time of supply', invoice.taxPointAt ? formatUkDate(invoice.taxPointAt) : 'The date the deposit is paid'],
      ['From', `${seller.name}, ${seller.address}`],
      ['VAT registration number', seller.vatNumber],
    );
  } else rows.push(['From', `${seller.name}, ${seller.address}`]);
  if (!(vat && invoice.simplified)) rows.push(['To', [invoice.customerName, invoice.customerAddress].filter(Boolean).join(', ')]);
  lines.forEach((line, index) => {
    const figures = totals.lines[index]!;
    const detail = `${formatQuantity(line.quantityMilli)} × ${formatPence(line.unitPence)}${vat ? `, VAT ${vatPercent(line.vatRate)}%` : ''}`;
    rows.push([`${line.description} (${detail})`, formatPence(vat && invoice.simplified ? figures.gross : figures.net)]);
  });
  if (vat) rows.push(['Net total', formatPence(totals.net)], ['VAT', formatPence(totals.vat)]);
  rows.push([vat ? 'Total including VAT' : 'Total', formatPence(totals.gross)]);
  if (invoice.lessDepositPence > 0) rows.push(['Less deposit paid', formatPence(invoice.lessDepositPence)]);
  if (invoice.amountPaidPence > 0) rows.push(['Paid', formatPence(invoice.amountPaidPence)]);
  if (invoice.amountCreditedPence > 0) rows.push(['Credited', formatPence(invoice.amountCreditedPence)]);
  const balance = balanceLine(invoice);
  rows.push([balance.term, formatPence(balance.pence)]);
  rows.push(['Payment due', invoice.dueAt ? formatUkDate(invoice.dueAt) : termsLabel(invoice.termsDays)]);
  return rows;
}

/** How to pay: by card on their page ("Pay now") when card payments are on, and by bank transfer where the owner gave details. */
function howToPay(found: InvoiceWithLines, seller: Seller, payPage: string | undefined): string {
  const { bank } = seller;
  const card = payPage ? `By card: press "Pay now" on your page with us, ${payPage}.` : '';
  if (!bank.accountNumber)
    return card || `Please ask us how to pay: ${seller.email} or ${seller.phone}. Quote ${found.invoice.number}.`;
  const transfer = `bank transfer to ${bank.accountName || seller.name}, sort code ${bank.sortCode}, account ${bank.accountNumber}. Please use ${found.invoice.number} as the reference.`;
  return card ? `${card} Or by ${transfer}` : `By ${transfer}`;
}

function invoiceEmail(
  env: Bindings,
  found: InvoiceWithLines,
  content: ContentView,
  page: string | undefined,
  words: { subject: string; line: string },
  late?: LatePayment,
): OutgoingEmail {
  const { invoice } = found;
  const seller = sellerFor(invoice, content);
  const intro: Paragraph[] = [`Hello ${invoice.customerName},`, words.line];
  if (late) intro.push(latePaymentWords(late));
  // Card payments on (Stripe set up) and something to pay: the customer's page, where "Pay now" is.
  const payPage = page && stripeConfig(env) !== null && amountDue(invoice) > 0 ? page : undefined;
  if (payPage) intro.push({ text: 'Pay now by card', href: payPage });
  else if (page) intro.push({ text: 'Your page with us', href: page });
  return {
    to: { email: invoice.customerEmail, name: invoice.customerName },
    ...fromTheBusiness(env, content.site),
    subject: `${words.subject}: invoice ${invoice.number} from ${content.site.name}`,
    ...renderEmail({
      heading: `Invoice ${invoice.number}`,
      intro,
      rows: invoiceRows(found, seller),
      longLabel: 'How to pay',
      longText: howToPay(found, seller, payPage),
      footer: footerOf(content),
    }),
  };
}

const owed = (found: InvoiceWithLines) => found.invoice.state === 'issued' || found.invoice.state === 'part_paid';

async function context(env: Bindings, lead: Lead, invoiceId: string, now: number) {
  const [found, content, links] = await Promise.all([
    findInvoice(d1Database(env), invoiceId),
    currentContent(env, now),
    requestLinks(env, lead),
  ]);
  return found && found.invoice.leadId === lead.id && found.invoice.number ? { found, content, page: links?.page } : null;
}

const issuedComposer: EmailComposer = async (env, lead, message: LeadMessage, { now }) => {
  const got = await context(env, lead, message.about, now);
  if (!got || got.found.invoice.state === 'draft') return null;
  return invoiceEmail(env, got.found, got.content, got.page, {
    subject: 'Your invoice',
    line: 'Thank you for choosing us. Here is your invoice.',
  });
};

const reminderComposer: EmailComposer = async (env, lead, message, { now }) => {
  const [invoiceId, which] = message.about.split(':') as [string, InvoiceReminder | undefined];
  if (!which || !(which in REMINDER_WORDS)) return null;
  const got = await context(env, lead, invoiceId, now);
  if (!got || !owed(got.found) || amountDue(got.found.invoice) === 0) return null;
  const { invoice } = got.found;
  // A business customer is told of the statutory claim when the owner turned it on (as the invoice shows it).
  const daysOverdue = invoice.dueAt === null ? 0 : daysBetween(londonDay(invoice.dueAt), londonDay(now));
  const late = latePaymentOf(invoice, invoicingOf(got.content.site), daysOverdue);
  return invoiceEmail(env, got.found, got.content, got.page, REMINDER_WORDS[which], late);
};

export const INVOICE_MAIL: LeadMail<'invoice' | 'invoice-reminder' | 'credit-note'> = {
  composers: { invoice: issuedComposer, 'invoice-reminder': reminderComposer, 'credit-note': creditNoteComposer },
  failedForGood: alertUndelivered,
};
