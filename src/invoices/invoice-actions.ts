import { d1Database } from '../db/client';
import { type CreditLine, creditInvoice, issueInvoice } from '../db/invoice-moves';
import { depositsPaidOn, type InvoiceWithLines } from '../db/invoices';
import type { Invoice } from '../db/schema';
import type { Bindings } from '../env';
import { log } from '../log';
import { deliverJustQueued } from '../outbox/deliver-queued';
import { mailerConfig } from '../outbox/mailer';
import { addDays, londonDay, ukDayStart } from '../rules/invoice-dates';
import { invoiceTotals, maySimplify } from '../rules/invoice-money';
import { creditable } from '../rules/invoice-state';
import { dueDay, INVOICE_REMINDERS, taxPointDay } from '../rules/invoice-terms';
import { divideHalfUp } from '../rules/quote-money';
import { invoicingOf, vatRegisteredOf } from '../site-content/invoicing';
import type { ContentView } from '../site-content/view';
import { chargedLines } from './charged-lines';
import { INVOICE_MAIL } from './invoice-emails';
import { sellerOf } from './seller';

/**
 * What the owner does to an invoice past its draft, with what goes with it: the lead's timeline
 * entry and the customer's e-mails (the invoice at once, reminders when due and 7 and 14 days
 * overdue), queued in the same batch. Each answers the invoice as it now is, or undefined when it
 * had changed since it was read. Logs carry ids only.
 */

/** Reminders go at 9am UK time on their day. */
const REMINDER_HOUR_MS = 9 * 3_600_000;

function reminderMails(invoiceId: string, due: string, onCompletion: boolean) {
  return INVOICE_REMINDERS.filter(({ which }) => !(onCompletion && which === 'due')).map(({ which, days }) => ({
    kind: 'invoice-reminder' as const,
    dueAt: ukDayStart(addDays(due, days)) + REMINDER_HOUR_MS,
    about: `${invoiceId}:${which}`,
  }));
}

export async function issueToCustomer(
  env: Bindings,
  found: InvoiceWithLines,
  content: ContentView,
  actor: string,
  now = Date.now(),
) {
  const { invoice } = found;
  const db = d1Database(env);
  const vatRegistered = vatRegisteredOf(content.site);
  const totals = invoiceTotals(chargedLines({ ...found, invoice: { ...invoice, vatRegistered } }));
  const today = londonDay(now);
  const due = dueDay(today, invoice.termsDays);
  const taxPoint = taxPointDay(invoice.kind, today, invoice.suppliedAt === null ? null : londonDay(invoice.suppliedAt));
  const lessDepositPence =
    invoice.kind === 'final' && invoice.quoteId ? Math.min(await depositsPaidOn(db, invoice.quoteId), totals.gross) : 0;
  const issued = await issueInvoice(
    db,
    invoice,
    {
      issuedAt: now,
      dueAt: ukDayStart(due),
      taxPointAt: taxPoint === null ? null : taxPoint === today ? now : ukDayStart(taxPoint),
      vatRegistered,
      simplified: vatRegistered && maySimplify(totals.gross, invoicingOf(content.site).simplifiedInvoices),
      seller: JSON.stringify(sellerOf(content)),
      lessDepositPence,
      netPence: totals.net,
      vatPence: totals.vat,
      grossPence: totals.gross,
    },
    now,
    {
      actor,
      detail: { before: 'Invoice ', after: ' issued' },
      mails: [{ kind: 'invoice', dueAt: now, about: invoice.id }, ...reminderMails(invoice.id, due, invoice.termsDays === 0)],
      willSend: mailerConfig(env) !== null,
    },
  );
  if (issued) log.info('invoice issued', { id: issued.id });
  return issued;
}

/**
 * A credit note: the whole of what is left to credit (every line again), or part of it (one line
 * before VAT at the rate of the invoice's first line). Undefined when it changed since it was read
 * or the amount is more than is left.
 */
export async function creditNoteFor(
  env: Bindings,
  found: InvoiceWithLines,
  what: { whole: true; reason: string } | { whole: false; reason: string; description: string; netPence: number },
  actor: string,
  now = Date.now(),
) {
  const { invoice } = found;
  const charged = chargedLines(found);
  const lines: CreditLine[] = what.whole
    ? charged.map(({ description, kind, quantityMilli, unitPence, vatRate }) => ({
        description,
        kind,
        quantityMilli,
        unitPence,
        vatRate,
      }))
    : [
        {
          description: what.description,
          kind: 'other',
          quantityMilli: 1000,
          unitPence: what.netPence,
          vatRate: charged[0]?.vatRate ?? 'none',
        },
      ];
  const totals = invoiceTotals(lines);
  // A whole credit after part credits (or a deposit taken off) takes back only what is left.
  const gross = what.whole ? Math.min(totals.gross, creditable(invoice)) : totals.gross;
  const vat = gross === totals.gross ? totals.vat : divideHalfUp(totals.vat * gross, totals.gross);
  const id = crypto.randomUUID();
  const note = { id, reason: what.reason, netPence: gross - vat, vatPence: vat, grossPence: gross, lines };
  if (gross <= 0) return undefined;
  const done = await creditInvoice(d1Database(env), invoice, note, now, {
    actor,
    detail: { before: 'Credit note ', after: ` for invoice ${invoice.number ?? ''}` },
    // The customer is e-mailed the credit note as they were the invoice.
    mails: invoice.customerEmail ? [{ kind: 'credit-note', dueAt: now, about: id }] : [],
    willSend: mailerConfig(env) !== null,
  });
  if (done) log.info('credit note written', { id: invoice.id, creditNote: done.creditNoteId });
  return done;
}

/**
 * The first try of the invoice's e-mail just queued, or of a credit note's (`about`: its id); the
 * cron takes over if it never records an outcome.
 */
export async function deliverInvoiceMailNow(env: Bindings, invoice: Invoice, queuedAt: number, about = invoice.id) {
  if (!invoice.leadId) return;
  await deliverJustQueued(env, INVOICE_MAIL, { leadId: invoice.leadId, queuedAt, kinds: ['invoice', 'credit-note'], about });
}
