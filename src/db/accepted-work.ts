import { and, asc, desc, eq } from 'drizzle-orm';
import { type AcceptedLine, acceptedLines, choicesFromJson } from '../rules/accepted-work';
import type { D1Db as Db } from './client';
import { quoteAcceptances, quoteLines, quotes } from './schema';

/**
 * What the customer accepted, for the job sheet's doorstep view (issue 57): the lines of the lead's
 * latest accepted quote that their choices include, with quantities. The prices are read only to
 * settle the choices (`acceptedLines`) and never leave here.
 */
export async function acceptedWorkOfLead(db: Db, leadId: string): Promise<{ number: string; lines: AcceptedLine[] } | null> {
  const accepted = await db
    .select({ id: quotes.id, number: quotes.number, choices: quoteAcceptances.choices })
    .from(quoteAcceptances)
    .innerJoin(quotes, eq(quotes.id, quoteAcceptances.quoteId))
    .where(and(eq(quotes.leadId, leadId), eq(quotes.state, 'accepted')))
    .orderBy(desc(quoteAcceptances.acceptedAt))
    .limit(1)
    .get();
  if (!accepted) return null;
  const lines = await db.select().from(quoteLines).where(eq(quoteLines.quoteId, accepted.id)).orderBy(asc(quoteLines.position));
  return { number: accepted.number ?? '', lines: acceptedLines(lines, choicesFromJson(accepted.choices)) };
}
