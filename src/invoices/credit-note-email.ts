import { d1Database } from '../db/client';
import { findCreditNote } from '../db/invoice-records';
import { findInvoice } from '../db/invoices';
import { footerOf, requestLinks } from '../jobs/email-parts';
import type { EmailComposer } from '../outbox/deliver';
import { type Paragraph, renderEmail } from '../outbox/email-layout';
import { fromTheBusiness } from '../outbox/mailer';
import { formatUkDate } from '../rules/invoice-dates';
import { amountDue, refundOwed } from '../rules/invoice-state';
import { formatPence, formatQuantity, vatPercent } from '../rules/money';
import { currentContent } from '../site-content/current';
import { sellerFor } from './seller';

/**
 * A credit note's e-mail to the customer (issue 49), sent when it is written: the note as a
 * document (its number and date, the invoice it credits, the business and, when VAT-registered,
 * its VAT number, what is taken back line by line, the net, VAT and total), and what the invoice
 * still asks for after it. Written when sent, from the note as stored (`message.about` is its id).
 */
export const creditNoteComposer: EmailComposer = async (env, lead, message, { now }) => {
  const db = d1Database(env);
  const credit = await findCreditNote(db, message.about);
  if (!credit) return null;
  const [found, content, links] = await Promise.all([
    findInvoice(db, credit.note.invoiceId),
    currentContent(env, now),
    requestLinks(env, lead),
  ]);
  if (!found || found.invoice.leadId !== lead.id || !found.invoice.customerEmail) return null;
  const { invoice } = found;
  const { note } = credit;
  const seller = sellerFor(invoice, content);
  const vat = invoice.vatRegistered;
  const rows: (readonly [string, string])[] = [
    ['Credit note number', note.number],
    ['Date', formatUkDate(note.issuedAt)],
    ['Credits invoice', invoice.number ?? ''],
    ['From', `${seller.name}, ${seller.address}`],
  ];
  if (vat) rows.push(['VAT registration number', seller.vatNumber]);
  rows.push(['To', [invoice.customerName, invoice.customerAddress].filter(Boolean).join(', ')]);
  if (note.reason) rows.push(['Reason', note.reason]);
  for (const line of credit.lines) {
    const detail = `${formatQuantity(line.quantityMilli)} × ${formatPence(line.unitPence)}${vat ? `, VAT ${vatPercent(line.vatRate)}%` : ''}`;
    rows.push([line.description, detail]);
  }
  if (vat) rows.push(['Net credited', formatPence(note.netPence)], ['VAT credited', formatPence(note.vatPence)]);
  rows.push([vat ? 'Total credited including VAT' : 'Total credited', formatPence(note.grossPence)]);
  const owed = refundOwed(invoice);
  if (owed > 0) rows.push(['Refund owed to you', formatPence(owed)]);
  else rows.push([`Now due on invoice ${invoice.number ?? ''}`, formatPence(amountDue(invoice))]);
  const intro: Paragraph[] = [
    `Hello ${invoice.customerName},`,
    `We have credited ${formatPence(note.grossPence)} against invoice ${invoice.number ?? ''}. Here is the credit note for your records.`,
  ];
  if (owed > 0) intro.push(`You have paid ${formatPence(owed)} more than the invoice now asks, and we will refund it to you.`);
  if (links?.page) intro.push({ text: 'Your page with us', href: links.page });
  return {
    to: { email: invoice.customerEmail, name: invoice.customerName },
    ...fromTheBusiness(env, content.site),
    subject: `Credit note ${note.number} from ${content.site.name}`,
    ...renderEmail({
      heading: `Credit note ${note.number}`,
      intro,
      rows,
      longLabel: 'Questions',
      longText: `Reply to this e-mail, or call us on ${seller.phone}, quoting ${note.number}.`,
      footer: footerOf(content),
    }),
  };
};
