import { type PricedLine, type QuoteChoices, quoteTotals } from './money-lines';

/**
 * The work a customer accepted, as the job sheet shows it on the doorstep (issue 57): the lines of
 * the accepted quote that the customer's choices include (the optional ones they ticked, the
 * alternative they took), each with its quantity, and never a price: the sheet is for whoever
 * goes, an engineer too.
 */
export interface AcceptedLine {
  description: string;
  quantityMilli: number;
  /** An optional line the customer ticked, or the alternative they took. */
  chosen: boolean;
}

export function acceptedLines(lines: readonly (PricedLine & { description: string })[], choices: QuoteChoices): AcceptedLine[] {
  const totals = quoteTotals(lines, choices);
  return lines.flatMap((line, index) =>
    totals.lines[index]?.included
      ? [{ description: line.description, quantityMilli: line.quantityMilli, chosen: line.optional || line.group !== '' }]
      : [],
  );
}

/** The choices recorded with an acceptance (JSON), or none when they cannot be read. */
export function choicesFromJson(json: string): QuoteChoices {
  try {
    const value = JSON.parse(json) as Partial<QuoteChoices> | null;
    const optional = Array.isArray(value?.optional) ? value.optional.filter((n): n is number => Number.isInteger(n)) : [];
    const groups: Record<string, number> = {};
    if (value?.groups && typeof value.groups === 'object') {
      for (const [group, index] of Object.entries(value.groups)) if (Number.isInteger(index)) groups[group] = index as number;
    }
    return { optional, groups };
  } catch {
    return { optional: [], groups: {} };
  }
}
