import type { QuoteLine, QuoteWithLines } from '../db/quotes';
import { depositOf, type QuoteChoices, quoteTotals, settleChoices } from '../rules/money-lines';
import { acceptanceHash } from './acceptance-hash';
import { EXPRESS_START_WORDING_VERSION } from './consumer-rights';

/**
 * The customer's choices read from their form (never trusted: settled against the quote's lines),
 * and the accepted version's record: everything they were shown, their choices, the totals the
 * server worked out, the terms, their typed name and the time, with its canonical form and hash.
 */

/** Checkboxes `optional` (a line's index each) and radios `group.<name>` (the index taken). */
export function choicesFromForm(
  lines: readonly QuoteLine[],
  body: Record<string, string | File | (string | File)[]>,
): QuoteChoices {
  const asIndexes = (value: unknown): number[] =>
    (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && /^\d{1,2}$/.test(v)).map(Number);
  const groups: Record<string, number> = {};
  for (const [key, value] of Object.entries(body)) {
    const match = /^group\.(.{1,20})$/.exec(key);
    const index = asIndexes(value)[0];
    if (match && index !== undefined) groups[match[1]!] = index;
  }
  return settleChoices(lines, { optional: asIndexes(body.optional), groups });
}

export interface AcceptanceInput {
  typedName: string;
  /** A consumer's answer to the express request; null for a business. */
  expressStart: boolean | null;
  choices: QuoteChoices;
  now: number;
}

export async function acceptanceRecord({ quote, lines }: QuoteWithLines, input: AcceptanceInput) {
  const choices = settleChoices(lines, input.choices);
  const totals = quoteTotals(lines, choices);
  const deposit = depositOf(totals.gross, quote);
  const { canonical, hash } = await acceptanceHash({
    quote: { number: quote.number ?? '', version: quote.version, id: quote.id },
    customer: {
      name: quote.customerName,
      email: quote.customerEmail,
      phone: quote.customerPhone,
      address: quote.customerAddress,
      business: quote.business,
    },
    vatRegistered: quote.vatRegistered,
    lines: lines.map((line, index) => ({
      description: line.description,
      kind: line.kind,
      quantityMilli: line.quantityMilli,
      unitPence: line.unitPence,
      vatRate: line.vatRate,
      optional: line.optional,
      group: line.group,
      ...totals.lines[index]!,
    })),
    choices: { optional: choices.optional, groups: choices.groups },
    totals: { net: totals.net, vat: totals.vat, gross: totals.gross },
    // The deposit asked, on the total accepted (a record without one has no key: its hash stays as it was).
    ...(deposit > 0 ? { deposit: { pence: deposit, percent: quote.depositPercent } } : {}),
    notes: quote.notes,
    terms: quote.terms,
    acceptedAt: new Date(input.now).toISOString(),
    typedName: input.typedName,
    expressStart: input.expressStart,
    wordingVersion: EXPRESS_START_WORDING_VERSION,
  });
  return {
    acceptedAt: input.now,
    typedName: input.typedName,
    choices: JSON.stringify(choices),
    netPence: totals.net,
    vatPence: totals.vat,
    grossPence: totals.gross,
    depositPence: deposit,
    terms: quote.terms,
    expressStart: input.expressStart,
    wordingVersion: EXPRESS_START_WORDING_VERSION,
    canonical,
    hash,
  };
}
