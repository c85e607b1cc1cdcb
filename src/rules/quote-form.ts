import * as v from 'valibot';
import { formatCount } from './count';
import { formatPence, parsePence, parseQuantity, VAT_RATES, type VatRate } from './money';
import { type DepositAsked, defaultChoices, LINE_KINDS, type LineKind, type PricedLine, quoteTotals } from './money-lines';
import { text } from './validation';

/**
 * The owner's quote form, one valibot schema for the server and the island: the customer, the
 * lines (at most 50, each at most 2,000 characters), the notes and how long it stands. The form
 * posts each line as `line.N.field`; `linesFromForm` gathers them in order. Browser-safe.
 */
export const QUOTE_LIMITS = {
  lines: 50,
  lineText: 2000,
  notes: 5000,
  name: 100,
  email: 254,
  phone: 32,
  address: 300,
  /** £100,000 a unit and 10,000 units: every product stays an exact integer. */
  unitPence: 10_000_000,
  quantityMilli: 10_000_000,
  validDays: 365,
  /** A fixed deposit: at most £100,000. */
  depositPence: 10_000_000,
} as const;

/** How a deposit is asked for on the form: none, a fixed amount in pounds, or a percent of the total. */
const DEPOSIT_KINDS = ['none', 'amount', 'percent'] as const;

export const QUOTE_VALID_DAYS = 30;

export interface QuoteLineInput extends PricedLine {
  description: string;
  kind: LineKind;
}

const LINE_FIELDS = ['description', 'kind', 'quantity', 'price', 'vat', 'optional', 'group'] as const;
type RawLine = Partial<Record<(typeof LINE_FIELDS)[number], string>>;

/** The posted `line.N.field` values in line order, blank lines (no description, no price) left out. */
export function linesFromForm(body: Record<string, unknown>): RawLine[] {
  const byIndex = new Map<number, RawLine>();
  for (const [key, value] of Object.entries(body)) {
    const match = /^line\.(\d{1,3})\.([a-z]+)$/.exec(key);
    if (!match || typeof value !== 'string') continue;
    const field = match[2] as keyof RawLine;
    if (!LINE_FIELDS.includes(field)) continue;
    const index = Number(match[1]);
    byIndex.set(index, { ...byIndex.get(index), [field]: value });
  }
  return [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, line]) => line)
    .filter((line) => (line.description ?? '').trim() !== '' || (line.price ?? '').trim() !== '');
}

const quantity = v.pipe(
  v.optional(v.string(), '1'),
  v.transform((value) => parseQuantity(value === '' ? '1' : value)),
  v.check(
    (milli): milli is number => milli !== null && milli <= QUOTE_LIMITS.quantityMilli,
    'Please give a quantity, like 1 or 2.5.',
  ),
  v.transform((milli) => milli as number),
);

const unitPence = v.pipe(
  v.optional(v.string(), ''),
  v.transform(parsePence),
  v.check(
    (pence): pence is number => pence !== null && pence <= QUOTE_LIMITS.unitPence,
    'Please give a price, like 85 or 12.50.',
  ),
  v.transform((pence) => pence as number),
);

export const quoteLineSchema = v.pipe(
  v.object({
    description: text('line', QUOTE_LIMITS.lineText, 'Please describe the line.', false),
    kind: v.optional(v.picklist(LINE_KINDS, 'Please choose what the line is.'), 'labour'),
    quantity,
    price: unitPence,
    vat: v.optional(v.picklist(VAT_RATES, 'Please choose the VAT rate.'), '20'),
    optional: v.optional(v.string(), ''),
    group: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(20, 'Please keep the group name short.')),
  }),
  v.transform(
    (line): QuoteLineInput => ({
      description: line.description,
      kind: line.kind,
      quantityMilli: line.quantity,
      unitPence: line.price,
      vatRate: line.vat as VatRate,
      optional: line.optional !== '' && line.group === '',
      group: line.group,
    }),
  ),
);

const customerText = (label: string, max: number, required: string | null) => text(label, max, required, true);

/** The deposit's two fields, `depositKind` and `deposit`, as one: a percent from 1 to 100, or an amount of money. */
const depositSchema = v.pipe(
  v.object({
    kind: v.optional(v.picklist(DEPOSIT_KINDS, 'Please choose how the deposit is asked.'), 'none'),
    value: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20, 'Please give the deposit as a short number.')), ''),
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }): DepositAsked => {
    const { kind, value } = dataset.value;
    if (kind === 'none') return { depositPercent: null, depositPence: null };
    if (kind === 'percent') {
      const percent = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
      if (percent >= 1 && percent <= 100) return { depositPercent: percent, depositPence: null };
      addIssue({ message: 'Please give the deposit as a whole percent from 1 to 100, like 25.' });
      return NEVER;
    }
    const pence = parsePence(value);
    if (pence !== null && pence > 0 && pence <= QUOTE_LIMITS.depositPence) return { depositPercent: null, depositPence: pence };
    addIssue({ message: 'Please give the deposit in pounds, like 150 or 99.50, up to £100,000.' });
    return NEVER;
  }),
);

export const quoteFormSchema = v.object({
  customerName: customerText("customer's name", QUOTE_LIMITS.name, "Please enter the customer's name."),
  customerEmail: v.pipe(
    customerText("customer's email", QUOTE_LIMITS.email, "Please enter the customer's email address."),
    v.email('Please enter a valid email address, like name@example.com.'),
  ),
  customerPhone: v.optional(customerText("customer's phone", QUOTE_LIMITS.phone, null), ''),
  customerAddress: v.optional(text('address', QUOTE_LIMITS.address, null, false), ''),
  service: v.optional(customerText('service', 100, null), ''),
  business: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => value !== ''),
  ),
  validDays: v.pipe(
    v.optional(v.string(), String(QUOTE_VALID_DAYS)),
    v.transform((value) => Number(value === '' ? QUOTE_VALID_DAYS : value)),
    v.integer('Please give the days the quote stands as a whole number.'),
    v.minValue(1, 'A quote stands at least a day.'),
    v.maxValue(QUOTE_LIMITS.validDays, `A quote stands at most ${formatCount(QUOTE_LIMITS.validDays)} days.`),
  ),
  notes: v.optional(text('notes', QUOTE_LIMITS.notes, null, false), ''),
  lines: v.pipe(v.array(quoteLineSchema), v.maxLength(QUOTE_LIMITS.lines, `A quote has at most ${QUOTE_LIMITS.lines} lines.`)),
  deposit: depositSchema,
});

export type QuoteForm = v.InferOutput<typeof quoteFormSchema>;

/** What a form post holds, ready for the schema. */
export function quoteFormInput(body: Record<string, unknown>): Record<string, unknown> {
  const field = (name: string) => (typeof body[name] === 'string' ? body[name] : undefined);
  return {
    customerName: field('customerName'),
    customerEmail: field('customerEmail'),
    customerPhone: field('customerPhone'),
    customerAddress: field('customerAddress'),
    service: field('service'),
    business: field('business'),
    validDays: field('validDays'),
    notes: field('notes'),
    lines: linesFromForm(body),
    deposit: { kind: field('depositKind'), value: field('deposit') },
  };
}

/** A quote may be sent once it has a line; a draft may be saved with none. */
export const sendable = (form: Pick<QuoteForm, 'lines'>) => form.lines.length > 0;

/**
 * Why a fixed deposit cannot be asked: it is more than the quote's total as the customer first
 * reads it (nothing optional ticked). Undefined when it fits, or the deposit is a percent or none.
 */
export function depositOverTotal(draft: { lines: readonly PricedLine[] } & DepositAsked): string | undefined {
  if (draft.depositPence === null || draft.lines.length === 0) return undefined;
  const { gross } = quoteTotals(draft.lines, defaultChoices(draft.lines));
  if (draft.depositPence <= gross) return undefined;
  return `The deposit (${formatPence(draft.depositPence)}) is more than the quote's total (${formatPence(gross)}). Please ask a smaller deposit, or a percent.`;
}
