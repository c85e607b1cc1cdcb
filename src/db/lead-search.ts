import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { phoneDigits, phoneDigitVariants, phoneMatchKey } from '../rules/phone';
import { leads } from './schema';
import { storedPhoneDigits } from './stored-phone';

/**
 * The inbox's search, through indexes only: names, e-mails, addresses and messages through the
 * trigram index `leads_search` (migration 0022; any part of 3 or more characters, case ignored,
 * as a substring search would find it), an address also without its spaces (a postcode however
 * spaced), and a phone number or a whole e-mail address through the lead's match keys
 * (`matchKeysOf`). Leads not keyed yet (the cron keys older ones) are matched by
 * their phone's digits, as before: the match key's index finds them too (its null entries).
 */

/** The trigram index finds nothing shorter than a trigram. */
const TRIGRAM = 3;

/** A phrase for FTS5: the text in double quotes, its own double quotes doubled. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The FTS5 query: the text anywhere, or without spaces in the squeezed address. Control characters
 * (NUL above all, which FTS5 refuses inside a phrase) cannot be part of what a lead says, so they
 * part words as a space would.
 */
function searchIndexQuery(text: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is removed
  const q = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if ([...q].length < TRIGRAM) return undefined;
  const squeezed = q.replace(/\s+/g, '');
  return squeezed !== q && [...squeezed].length >= TRIGRAM ? `${phrase(q)} OR address_squeezed : ${phrase(squeezed)}` : phrase(q);
}

/**
 * The column contains the text, ASCII case ignored. instr(), not LIKE: D1 refuses a LIKE pattern
 * over 50 bytes (docs/decisions/034-d1-s-limits-and-queries-that-cannot-pass-them.md). Only for a search of one or two characters,
 * which the trigram index cannot answer: the list stops at its page, the count at its cap.
 */
const contains = (column: SQL, text: string) => sql`instr(lower(${column}), lower(${text})) > 0`;

function shortTextMatch(q: string): SQL | undefined {
  const squeezed = q.replace(/\s+/g, '');
  return or(
    contains(sql`${leads.name}`, q),
    contains(sql`${leads.email}`, q),
    contains(sql`${leads.message}`, q),
    contains(sql`replace(${leads.address}, ' ', '')`, squeezed),
  );
}

function textMatch(q: string): SQL | undefined {
  const query = searchIndexQuery(q);
  if (!query) return shortTextMatch(q);
  return sql`${leads}.rowid in (select rowid from leads_search where leads_search match ${query})`;
}

/** A whole e-mail address: the lead's key (a part of one is the trigram index's). */
function emailMatch(q: string): SQL | undefined {
  return q.includes('@') ? eq(leads.matchEmail, q.trim().toLowerCase()) : undefined;
}

/** A text with 7 or more digits is also a phone number, however written. */
function phoneMatch(q: string): SQL | undefined {
  if (phoneDigits(q).length < 7) return undefined;
  return or(
    eq(leads.matchPhone, phoneMatchKey(q)),
    and(isNull(leads.matchPhone), sql`${leads.phone} <> '' and ${storedPhoneDigits} in ${phoneDigitVariants(q)}`),
  );
}

/**
 * The trigram index's query when that index alone answers the search: a text of 3 or more
 * characters that is neither an e-mail address nor a phone number. Then its matches can be
 * counted in the index without reading a lead.
 */
export function indexOnlyQuery(q: string): string | undefined {
  return emailMatch(q) || phoneMatch(q) ? undefined : searchIndexQuery(q);
}

/** The leads the search finds; undefined for no search. */
export function searchWhere(q: string): SQL | undefined {
  if (!q) return undefined;
  return or(textMatch(q), emailMatch(q), phoneMatch(q));
}
