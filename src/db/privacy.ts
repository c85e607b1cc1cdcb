import { and, asc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { phoneDigitVariants, phoneMatchKey } from '../rules/phone';
import type { D1Db as Db } from './client';
import { chunksOf } from './d1-limits';
import {
  type Invoice,
  invoiceLines,
  invoices,
  type Lead,
  leadEvents,
  leadMessages,
  leadPhotos,
  leads,
  type Quote,
  quoteLines,
  quotes,
} from './schema';
import { siteRowDeletes } from './site-work';
import { phoneDigitsIn, storedPhoneDigits } from './stored-phone';

/** The owner's tools for a person's privacy requests in D1: find and delete their leads (subjectAccessExport words what is found). */

/** Who to look for: an e-mail address, a phone number, or both (checked by `validatePersonSearch`). */
export interface PersonSearch {
  email?: string;
  phone?: string;
}

/** SQLite's lower() folds ASCII only, so the search term is folded the same way. */
const asciiLower = (value: string) => value.replace(/[A-Z]/g, (ch) => ch.toLowerCase());

/** A search as stored values are compared with it: the e-mail trimmed and folded, the phone's digit forms ('' and [] when not given). */
function searchTerms(person: PersonSearch): { email: string; phones: string[] } {
  return {
    email: asciiLower(person.email?.trim() ?? ''),
    phones: person.phone?.trim() ? phoneDigitVariants(person.phone).filter((digits) => digits !== '') : [],
  };
}

/**
 * Every lead with this e-mail address (trimmed, ASCII case ignored) or this phone number (digits
 * compared; a UK number matches in its 0, +44, 0044 and +44 (0) forms), oldest first. With
 * neither, nothing: an empty search must never list everyone. Found through the leads' match keys
 * (`matchKeysOf`: the same rules, stored); a lead not keyed yet (the cron keys older
 * ones) is compared as before, found by its key's index too (its null entries).
 */
export async function findLeadsForPerson(db: Db, person: PersonSearch): Promise<Lead[]> {
  const { email, phones } = searchTerms(person);
  // The key's own folding (`matchKeysOf`), for the keyed leads.
  const emailKey = person.email?.trim().toLowerCase() ?? '';
  const phoneKey = person.phone?.trim() ? phoneMatchKey(person.phone) : '';
  const matches = [
    email
      ? or(eq(leads.matchEmail, emailKey), and(isNull(leads.matchEmail), sql`lower(trim(${leads.email})) = ${email}`))
      : undefined,
    phones.length > 0 && phoneKey
      ? or(
          eq(leads.matchPhone, phoneKey),
          and(isNull(leads.matchPhone), sql`${leads.phone} <> '' and ${storedPhoneDigits} in ${phones}`),
        )
      : undefined,
  ].filter((match) => match !== undefined);
  if (matches.length === 0) return [];
  return db
    .select()
    .from(leads)
    .where(or(...matches))
    .orderBy(asc(leads.createdAt), asc(leads.id));
}

/** A quote or invoice as the person search lists it. */
interface UnlinkedRecord<State extends string> {
  id: string;
  /** Null until sent (a quote) or issued (an invoice). */
  number: string | null;
  state: State;
  createdAt: number;
}

/** The quotes and invoices held for a person that no lead holds (`unlinkedMoneyOfPerson`). */
export interface UnlinkedMoney {
  quotes: UnlinkedRecord<Quote['state']>[];
  invoices: UnlinkedRecord<Invoice['state']>[];
}

/**
 * The quotes and invoices written for this person that no lead holds: a walk-in's quote not sent
 * yet (sending one gives it a lead), and the accepted quotes and issued invoices an erased lead
 * left behind for the accounting years. Matched as `findLeadsForPerson` matches a lead: the
 * e-mail trimmed with ASCII case ignored, the phone by its digits (a quote has one; an invoice
 * only an e-mail). Read down the lead indexes' null entries, oldest first.
 */
export async function unlinkedMoneyOfPerson(db: Db, person: PersonSearch): Promise<UnlinkedMoney> {
  const { email, phones } = searchTerms(person);
  const quoteMatches = [
    email ? sql`lower(trim(${quotes.customerEmail})) = ${email}` : undefined,
    phones.length > 0 ? and(ne(quotes.customerPhone, ''), inArray(phoneDigitsIn(quotes.customerPhone), phones)) : undefined,
  ].filter((match) => match !== undefined);
  if (quoteMatches.length === 0) return { quotes: [], invoices: [] };
  const [quoteRows, invoiceRows] = await db.batch([
    db
      .select({ id: quotes.id, number: quotes.number, state: quotes.state, createdAt: quotes.createdAt })
      .from(quotes)
      .where(and(isNull(quotes.leadId), or(...quoteMatches)))
      .orderBy(asc(quotes.createdAt), asc(quotes.id)),
    db
      .select({ id: invoices.id, number: invoices.number, state: invoices.state, createdAt: invoices.createdAt })
      .from(invoices)
      .where(and(isNull(invoices.leadId), email ? sql`lower(trim(${invoices.customerEmail})) = ${email}` : sql`0`))
      .orderBy(asc(invoices.createdAt), asc(invoices.id)),
  ]);
  return { quotes: quoteRows, invoices: invoiceRows };
}

/**
 * Deletes what of a person's unlinked quotes and invoices is no money record (a quote never
 * accepted, an invoice never issued: `unrecordedQuoteDeletes`), in one transaction; the rest stays
 * for the accounting years. Each is checked again to be unlinked: one sent since gained a lead,
 * whose own erasure decides.
 */
export async function deleteUnlinkedUnrecorded(db: Db, found: UnlinkedMoney): Promise<void> {
  const deletes = [
    ...chunksOf(found.quotes.map((quote) => quote.id)).flatMap((chunk) =>
      unrecordedQuoteDeletes(db, and(inArray(quotes.id, chunk), isNull(quotes.leadId))!),
    ),
    ...chunksOf(found.invoices.map((invoice) => invoice.id)).flatMap((chunk) =>
      unrecordedInvoiceDeletes(db, and(inArray(invoices.id, chunk), isNull(invoices.leadId))!),
    ),
  ];
  const [head, ...rest] = deletes;
  if (head) await db.batch([head, ...rest]);
}

/**
 * Deletes exactly these leads with their messages, their photos' rows and their quotes and
 * invoices that are no money record (`unrecordedMoneyDeletes`), in one transaction, and returns
 * how many leads existed. The rows that hang off a lead are deleted by name, not left to
 * the foreign keys' cascade, so nothing depends on SQLite's foreign_keys setting. The photos'
 * files are R2's: `eraseLeads` deletes those first.
 */
export async function deleteLeads(db: Db, ids: readonly string[]): Promise<number> {
  return (await deleteLeadRows(db, ids)).erased;
}

/**
 * deleteLeads, also returning the photo rows it deleted (their R2 keys): a small version listed
 * after the caller read the photos (the owner's browser drawing one at that moment) shows here.
 * `first` runs in the same transaction before the deletes (an erased visit's cancellation:
 * `cancellationInserts`).
 */
export async function deleteLeadRows(
  db: Db,
  ids: readonly string[],
  first: readonly BatchItem<'sqlite'>[] = [],
): Promise<{ erased: number; photos: { key: string; smallKey: string | null }[] }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { erased: 0, photos: [] };
  const hangers = [];
  const photoDeletes = [];
  const deletes = [];
  for (const chunk of chunksOf(unique)) {
    hangers.push(db.delete(leadMessages).where(inArray(leadMessages.leadId, chunk)));
    hangers.push(db.delete(leadEvents).where(inArray(leadEvents.leadId, chunk)));
    // What the engineer sent from site (issue 50); its files are R2's, deleted first by `eraseLeads`.
    hangers.push(...siteRowDeletes(db, chunk));
    hangers.push(...unrecordedQuoteDeletes(db, inArray(quotes.leadId, chunk)));
    hangers.push(...unrecordedInvoiceDeletes(db, inArray(invoices.leadId, chunk)));
    photoDeletes.push(
      db
        .delete(leadPhotos)
        .where(inArray(leadPhotos.leadId, chunk))
        .returning({ key: leadPhotos.key, smallKey: leadPhotos.smallKey }),
    );
    deletes.push(db.delete(leads).where(inArray(leads.id, chunk)).returning({ id: leads.id }));
  }
  const [head, ...rest] = [...first, ...hangers];
  const results = (await db.batch([head!, ...rest, ...photoDeletes, ...deletes])).slice(first.length);
  const photos = results
    .slice(hangers.length, hangers.length + photoDeletes.length)
    .flatMap((deleted) => deleted as { key: string; smallKey: string | null }[]);
  const erased = results
    .slice(hangers.length + photoDeletes.length)
    .reduce((total, deleted) => total + (deleted as unknown[]).length, 0);
  return { erased, photos };
}

/**
 * Of these quotes (a lead's, or a person's unlinked ones), those that are no money record, with
 * their lines: every quote but an accepted one. Accepted quotes stay, kept by the accounting
 * retention (`deleteAcceptedQuotesBefore`), and no longer point at an erased lead. Lines first,
 * so the foreign keys hold whatever their setting.
 */
function unrecordedQuoteDeletes(db: Db, scope: SQL) {
  const going = and(scope, ne(quotes.state, 'accepted'));
  return [
    db.delete(quoteLines).where(inArray(quoteLines.quoteId, db.select({ id: quotes.id }).from(quotes).where(going))),
    db.delete(quotes).where(going),
  ];
}

/**
 * The same for invoices: every one never issued (a draft: no number, no tax point, only the
 * customer's name, address and e-mail waiting) goes with its lines; an issued one stays for the
 * accounting years (`deleteInvoicesBefore`).
 */
function unrecordedInvoiceDeletes(db: Db, scope: SQL) {
  const going = and(scope, eq(invoices.state, 'draft'), isNull(invoices.issuedAt));
  return [
    db.delete(invoiceLines).where(inArray(invoiceLines.invoiceId, db.select({ id: invoices.id }).from(invoices).where(going))),
    db.delete(invoices).where(going),
  ];
}
