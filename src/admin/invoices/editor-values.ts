import type { InvoiceWithLines } from '../../db/invoices';
import type { QuoteWithLines } from '../../db/quotes';
import type { Lead } from '../../db/schema';
import { acceptedLinesOf, depositLinesOf } from '../../invoices/deposit-lines';
import { londonDay } from '../../rules/invoice-dates';
import type { InvoiceKind } from '../../rules/invoice-state';
import { formatQuantity, poundsText } from '../../rules/money';
import { linesFromForm } from '../../rules/quote-form';

/**
 * What the invoice editor shows, as text: from a stored draft, from a done job (its accepted
 * quote's lines as accepted, else its service at the owner's "from" price), from an accepted quote
 * (a deposit), or from a post the server refused (so nothing typed is lost). `link` is what the
 * new invoice is for: the job, the quote and the kind, carried as hidden fields.
 */
export interface InvoiceValues {
  fields: Record<string, string>;
  lines: Record<string, string>[];
  link: { leadId: string | null; quoteId: string | null; kind: InvoiceKind };
}

const FIELDS = ['customerName', 'customerEmail', 'customerAddress', 'business', 'termsDays', 'suppliedOn', 'notes'] as const;

type LineText = Pick<InvoiceWithLines['lines'][number], 'description' | 'kind' | 'quantityMilli' | 'unitPence' | 'vatRate'>;
const lineText = (line: LineText) => ({
  description: line.description,
  kind: line.kind,
  quantity: formatQuantity(line.quantityMilli),
  price: poundsText(line.unitPence),
  vat: line.vatRate,
});

export function valuesOfInvoice({ invoice, lines }: InvoiceWithLines): InvoiceValues {
  return {
    fields: {
      customerName: invoice.customerName,
      customerEmail: invoice.customerEmail,
      customerAddress: invoice.customerAddress,
      business: invoice.business ? 'on' : '',
      termsDays: String(invoice.termsDays),
      suppliedOn: invoice.suppliedAt === null ? '' : londonDay(invoice.suppliedAt),
      notes: invoice.notes,
    },
    lines: lines.map(lineText),
    link: { leadId: invoice.leadId, quoteId: invoice.quoteId, kind: invoice.kind },
  };
}

/** "Invoice this job": the job's customer, the day it was done, and its accepted quote's lines or its service. */
export function valuesForJob(
  lead: Lead,
  accepted: QuoteWithLines | undefined,
  serviceLine: { description: string; pence: number } | undefined,
  vatRegistered: boolean,
  termsDays: number,
): InvoiceValues {
  const quote = accepted?.quote;
  const lines = accepted
    ? acceptedLinesOf(accepted).map(lineText)
    : serviceLine
      ? [
          {
            description: serviceLine.description,
            kind: 'labour',
            quantity: '1',
            price: poundsText(serviceLine.pence),
            vat: vatRegistered ? '20' : 'none',
          },
        ]
      : [];
  return {
    fields: {
      customerName: quote?.customerName ?? lead.name,
      customerEmail: quote?.customerEmail ?? lead.email,
      customerAddress: quote?.customerAddress ?? lead.address,
      business: quote?.business ? 'on' : '',
      termsDays: String(termsDays),
      // The visit's day, else the day it was marked done.
      suppliedOn: lead.bookedDay ?? (lead.handledAt === null ? '' : londonDay(lead.handledAt)),
      notes: '',
    },
    lines,
    link: { leadId: lead.id, quoteId: quote?.id ?? null, kind: 'final' },
  };
}

/**
 * A deposit on an accepted quote: the deposit the customer accepted, one line per VAT rate of the
 * total they accepted (`depositLinesOf`). The server sets these lines on every save: they are shown,
 * not edited.
 */
export function valuesForDeposit(accepted: QuoteWithLines, termsDays: number): InvoiceValues {
  const { quote } = accepted;
  return {
    fields: {
      customerName: quote.customerName,
      customerEmail: quote.customerEmail,
      customerAddress: quote.customerAddress,
      business: quote.business ? 'on' : '',
      termsDays: String(termsDays),
      suppliedOn: '',
      notes: '',
    },
    lines: depositLinesOf(accepted).map(lineText),
    link: { leadId: quote.leadId, quoteId: quote.id, kind: 'deposit' },
  };
}

export function valuesOfPost(body: Record<string, unknown>, link: InvoiceValues['link']): InvoiceValues {
  const fields: Record<string, string> = {};
  for (const name of FIELDS) {
    const value = body[name];
    fields[name] = typeof value === 'string' ? value : '';
  }
  return { fields, lines: linesFromForm(body), link };
}
