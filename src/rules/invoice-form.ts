import * as v from 'valibot';
import { MAX_TERMS_DAYS } from './invoice-terms';
import { parsePence, type VatRate } from './money';
import type { LineKind } from './money-lines';
import { linesFromForm, QUOTE_LIMITS, quoteLineSchema } from './quote-form';
import { text } from './validation';

/**
 * The owner's invoice draft form, for the server (and any island): the customer, the lines as in
 * quotes (`line.N.field`, the same limits, without optional lines or alternatives: an invoice bills
 * what was done), the day the work was done, the payment terms and the notes. Browser-safe.
 */

export interface InvoiceLineInput {
  description: string;
  kind: LineKind;
  quantityMilli: number;
  unitPence: number;
  vatRate: VatRate;
  /** VAT set on the line rather than worked out (a deposit's part, or taking one off); only the server sets it. */
  vatPence?: number | null;
}

const invoiceLineSchema = v.pipe(
  quoteLineSchema,
  v.transform(
    ({ description, kind, quantityMilli, unitPence, vatRate }): InvoiceLineInput => ({
      description,
      kind,
      quantityMilli,
      unitPence,
      vatRate,
    }),
  ),
);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const invoiceFormSchema = v.object({
  customerName: text("customer's name", QUOTE_LIMITS.name, "Please enter the customer's name.", true),
  customerEmail: v.pipe(
    text("customer's email", QUOTE_LIMITS.email, "Please enter the customer's email address.", true),
    v.email('Please enter a valid email address, like name@example.com.'),
  ),
  customerAddress: v.optional(text('address', QUOTE_LIMITS.address, null, false), ''),
  business: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => value !== ''),
  ),
  termsDays: v.pipe(
    v.optional(v.string(), '14'),
    v.transform((value) => Number(value === '' ? '14' : value)),
    v.integer('Please give the payment terms as a whole number of days (0 for on completion).'),
    v.minValue(0, 'Please give the payment terms as a whole number of days (0 for on completion).'),
    v.maxValue(MAX_TERMS_DAYS, `Payment terms are at most ${MAX_TERMS_DAYS} days.`),
  ),
  suppliedOn: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.check(
      (value: string) => value === '' || (DAY.test(value) && !Number.isNaN(Date.parse(value))),
      'Please give the day the work was done as a date.',
    ),
  ),
  notes: v.optional(text('notes', QUOTE_LIMITS.notes, null, false), ''),
  lines: v.pipe(
    v.array(invoiceLineSchema),
    v.maxLength(QUOTE_LIMITS.lines, `An invoice has at most ${QUOTE_LIMITS.lines} lines.`),
  ),
});

export type InvoiceForm = v.InferOutput<typeof invoiceFormSchema>;

/** What a form post holds, ready for the schema. */
export function invoiceFormInput(body: Record<string, unknown>): Record<string, unknown> {
  const field = (name: string) => (typeof body[name] === 'string' ? body[name] : undefined);
  return {
    customerName: field('customerName'),
    customerEmail: field('customerEmail'),
    customerAddress: field('customerAddress'),
    business: field('business'),
    termsDays: field('termsDays'),
    suppliedOn: field('suppliedOn'),
    notes: field('notes'),
    lines: linesFromForm(body).map(({ optional: _o, group: _g, ...line }) => line),
  };
}

/** The part-credit form: what is taken back, as one line before VAT at one of the invoice's rates. */
export const partCreditSchema = v.object({
  description: text('description', QUOTE_LIMITS.lineText, 'Please say what the credit is for.', false),
  amount: v.pipe(
    v.optional(v.string(), ''),
    v.transform(parsePence),
    v.check((pence): pence is number => pence !== null && pence > 0, 'Please give the amount to credit, like 40 or 12.50.'),
    v.transform((pence) => pence as number),
  ),
  reason: v.optional(text('reason', 500, null, true), ''),
});
