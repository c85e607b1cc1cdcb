import { and, gte, lt, type SQL } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { leads } from './schema';

/**
 * The inbox finds a lead by the reference every e-mail quotes (leadReference: the id's first 8
 * characters, upper case), however the office types it: '7F3A2B1C', '7f3a 2b1c', 'ref. 7F3A2B1C',
 * '#7F3A2B1C'. Apart from the text search (searchWhere): a reference is a range of the primary key.
 */

const REFERENCE_TYPED = /^(?:ref(?:erence)?\.?:?\s*)?#?\s*([0-9a-f]{4})\s*([0-9a-f]{4})$/i;

/** The id's first 8 characters (lower case, as ids are stored) when the search is a reference. */
function referenceIn(q: string): string | undefined {
  const match = REFERENCE_TYPED.exec(q.trim());
  return match ? `${match[1]}${match[2]}`.toLowerCase() : undefined;
}

/** Ids starting with the reference: ids are UUIDs, whose 9th character is '-', below '.'. */
const idStartsWith = (prefix: string) => and(gte(leads.id, prefix), lt(leads.id, `${prefix}.`));

/** The leads a reference search finds; undefined when the search is not a reference. */
export function referenceWhere(q: string): SQL | undefined {
  const prefix = referenceIn(q);
  return prefix ? idStartsWith(prefix) : undefined;
}

/** The one lead with this reference, or null (none, or, as rarely as two ids share 8 characters, more). */
export async function leadIdByReference(db: Db, q: string): Promise<string | null> {
  const prefix = referenceIn(q);
  if (!prefix) return null;
  const rows = await db.select({ id: leads.id }).from(leads).where(idStartsWith(prefix)).limit(2);
  return rows.length === 1 ? rows[0]!.id : null;
}
