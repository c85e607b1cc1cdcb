import { type D1Db, d1Database } from '../db/client';
import { creditedLinesOf, depositInvoicesOf } from '../db/deposit-invoices';
import { type CreditLine, creditInvoice, issueInvoice } from '../db/invoice-moves';
import type { InvoiceWithLines } from '../db/invoices';
import type { Invoice } from '../db/schema';
import type { Bindings } from '../env';
import { log } from '../log';
import { deliverJustQueued } from '../outbox/deliver-queued';
import { mailerConfig } from '../outbox/mailer';
import { addDays, londonDay, ukDayStart } from '../rules/invoice-dates';
import { creditable } from '../rules/invoice-state';
import { dueDay, INVOICE_REMINDERS, taxPointDay } from '../rules/invoice-terms';
import { divideHalfUp, VAT_RATE_LABELS } from '../rules/money';
import { invoiceTotals, maySimplify, partsLess } from '../rules/money-lines';
import { invoicingOf, vatRegisteredOf } from '../site-content/invoicing';
import type { ContentView } from '../site-content/view';
import { chargedLines } from './charged-lines';
import { lessDepositLines } from './deposit-lines';
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
  // A final invoice on a quote takes off what is left of each deposit invoiced on it, line by line.
  const deposits = invoice.kind === 'final' && invoice.quoteId ? await depositInvoicesOf(db, invoice.quoteId) : [];
  const lessDeposits = lessDepositLines(deposits);
  const lines = [...found.lines, ...lessDeposits];
  const totals = invoiceTotals(chargedLines({ invoice: { vatRegistered }, lines }));
  if (totals.gross < 0) return { refused: 'more-deposit' as const };
  const today = londonDay(now);
  const due = dueDay(today, invoice.termsDays);
  const taxPoint = taxPointDay(invoice.kind, today, invoice.suppliedAt === null ? null : londonDay(invoice.suppliedAt));
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
      lessDepositPence: 0,
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
    { from: found.lines.length, lines: lessDeposits },
  );
  if (issued) log.info('invoice issued', { id: issued.id });
  return issued;
}

/**
 * A credit note: the whole of what is left to credit (every line again; after part credits, what
 * is left at each VAT rate, so its lines add up to its total), or part of it (one line before VAT
 * at the rate of the invoice's first line). Undefined when it changed since it was read or the
 * amount is more than is left.
 */
export async function creditNoteFor(
  env: Bindings,
  found: InvoiceWithLines,
  what: { whole: true; reason: string } | { whole: false; reason: string; description: string; netPence: number },
  actor: string,
  now = Date.now(),
) {
  const { invoice } = found;
  const db = d1Database(env);
  const lines: CreditLine[] = what.whole
    ? await wholeCreditLines(db, found)
    : [
        {
          description: what.description,
          kind: 'other',
          quantityMilli: 1000,
          unitPence: what.netPence,
          vatRate: chargedLines(found)[0]?.vatRate ?? 'none',
        },
      ];
  const totals = invoiceTotals(lines);
  // An invoice from before deposits were lines (less_deposit_pence) is credited down to what it billed.
  const gross = what.whole ? Math.min(totals.gross, creditable(invoice)) : totals.gross;
  const vat = gross === totals.gross ? totals.vat : divideHalfUp(totals.vat * gross, totals.gross);
  const id = crypto.randomUUID();
  const note = { id, reason: what.reason, netPence: gross - vat, vatPence: vat, grossPence: gross, lines };
  if (gross <= 0) return undefined;
  const done = await creditInvoice(db, invoice, note, now, {
    actor,
    detail: { before: 'Credit note ', after: ` for invoice ${invoice.number ?? ''}` },
    // The customer is e-mailed the credit note as they were the invoice.
    mails: invoice.customerEmail ? [{ kind: 'credit-note', dueAt: now, about: id }] : [],
    willSend: mailerConfig(env) !== null,
  });
  if (done) log.info('credit note written', { id: invoice.id, creditNote: done.creditNoteId });
  return done;
}

/** Every line as charged; once part is credited, what is left at each rate, its VAT set. */
async function wholeCreditLines(db: D1Db, found: InvoiceWithLines): Promise<CreditLine[]> {
  const charged = chargedLines(found).map(({ description, kind, quantityMilli, unitPence, vatRate, vatPence }) => ({
    description,
    kind,
    quantityMilli,
    unitPence,
    vatRate,
    vatPence,
  }));
  if (found.invoice.amountCreditedPence === 0) return charged;
  const credited = chargedLines({ invoice: found.invoice, lines: await creditedLinesOf(db, found.invoice.id) });
  const left = partsLess(invoiceTotals(charged).byRate, invoiceTotals(credited).byRate);
  // A part credit is at one rate and may take more there than that rate billed: the rest then holds
  // a negative part at that rate, so the credit notes together take back each rate's VAT exactly.
  return left
    .filter((part) => part.net !== 0 || part.vat !== 0)
    .map((part) => ({
      description: `The rest of invoice ${found.invoice.number ?? ''}${left.length > 1 ? `, at ${VAT_RATE_LABELS[part.rate]}` : ''}`,
      kind: 'other',
      quantityMilli: 1000,
      unitPence: part.net,
      vatRate: part.rate,
      vatPence: part.vat,
    }));
}

/**
 * The first try of the invoice's e-mail just queued, or of a credit note's (`about`: its id); the
 * cron takes over if it never records an outcome.
 */
export async function deliverInvoiceMailNow(env: Bindings, invoice: Invoice, queuedAt: number, about = invoice.id) {
  if (!invoice.leadId) return;
  await deliverJustQueued(env, INVOICE_MAIL, { leadId: invoice.leadId, queuedAt, kinds: ['invoice', 'credit-note'], about });
}
