import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { PHONE_SEPARATORS } from '../rules/phone';
import { leads } from './schema';

/**
 * A lead's stored phone as SQL compares it: with every separator the forms accept removed, its
 * digits (the rule is `phoneDigits`). The owner's lead search and person search match
 * phoneDigitVariants against it.
 */
export const storedPhoneDigits = phoneDigitsIn(leads.phone);

/** Any stored phone column as SQL compares it (a quote's customer phone, too): its digits, as above. */
export function phoneDigitsIn(column: SQLiteColumn): SQL {
  return PHONE_SEPARATORS.reduce<SQL>((expr, ch) => sql`replace(${expr}, ${ch}, '')`, sql`${column}`);
}
