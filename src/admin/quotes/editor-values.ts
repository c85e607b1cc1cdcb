import type { QuoteWithLines } from '../../db/quotes';
import type { Lead } from '../../db/schema';
import { formatQuantity, poundsText } from '../../rules/money';
import { linesFromForm, QUOTE_VALID_DAYS } from '../../rules/quote-form';

/**
 * What the quote editor shows in its fields, as text: from a stored draft, from a lead ("Write a
 * quote"), or from a post the server refused (so nothing typed is lost).
 */
export interface EditorValues {
  fields: Record<string, string>;
  lines: Record<string, string>[];
}

export function valuesOfQuote({ quote, lines }: QuoteWithLines): EditorValues {
  return {
    fields: {
      customerName: quote.customerName,
      customerEmail: quote.customerEmail,
      customerPhone: quote.customerPhone,
      customerAddress: quote.customerAddress,
      service: quote.service,
      business: quote.business ? 'on' : '',
      validDays: String(quote.validDays),
      notes: quote.notes,
      depositKind: quote.depositPercent !== null ? 'percent' : quote.depositPence !== null ? 'amount' : 'none',
      deposit:
        quote.depositPercent !== null
          ? String(quote.depositPercent)
          : quote.depositPence !== null
            ? poundsText(quote.depositPence)
            : '',
    },
    lines: lines.map((line) => ({
      description: line.description,
      kind: line.kind,
      quantity: formatQuantity(line.quantityMilli),
      price: poundsText(line.unitPence),
      vat: line.vatRate,
      optional: line.optional ? 'on' : '',
      group: line.group,
    })),
  };
}

/** A new quote: the lead's customer and service, or nothing for a walk-in; the service's "from" price as a first line. */
export function valuesOfLead(
  lead: Lead | undefined,
  firstLine: { description: string; pence: number } | undefined,
  vatRegistered: boolean,
): EditorValues {
  return {
    fields: {
      customerName: lead?.name ?? '',
      customerEmail: lead?.email ?? '',
      customerPhone: lead?.phone ?? '',
      customerAddress: lead?.address ?? '',
      service: lead?.service ?? '',
      business: '',
      validDays: String(QUOTE_VALID_DAYS),
      notes: '',
      depositKind: 'none',
      deposit: '',
    },
    lines: firstLine
      ? [
          {
            description: firstLine.description,
            kind: 'labour',
            quantity: '1',
            price: poundsText(firstLine.pence),
            vat: vatRegistered ? '20' : 'none',
          },
        ]
      : [],
  };
}

export function valuesOfPost(body: Record<string, unknown>): EditorValues {
  const fields: Record<string, string> = {};
  for (const name of [
    'customerName',
    'customerEmail',
    'customerPhone',
    'customerAddress',
    'service',
    'business',
    'validDays',
    'notes',
    'depositKind',
    'deposit',
  ]) {
    const value = body[name];
    fields[name] = typeof value === 'string' ? value : '';
  }
  return { fields, lines: linesFromForm(body) };
}

/** The fields the totals are worked out from, named as the form posts them (`editorTotals`). */
export function totalsFieldsOf(values: EditorValues): Record<string, string> {
  const fields: Record<string, string> = {
    depositKind: values.fields.depositKind ?? 'none',
    deposit: values.fields.deposit ?? '',
  };
  values.lines.forEach((line, index) => {
    for (const [name, value] of Object.entries(line)) fields[`line.${index}.${name}`] = value;
  });
  return fields;
}
