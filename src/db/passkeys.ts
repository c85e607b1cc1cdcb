import { and, asc, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { type Passkey, passkeys, webauthnChallenges } from './schema';

export const listPasskeysOf = (db: Db, personId: number) =>
  db.select().from(passkeys).where(eq(passkeys.personId, personId)).orderBy(asc(passkeys.createdAt));

export async function findPasskey(db: Db, id: string): Promise<Passkey | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id)).limit(1);
  return row;
}

export const insertPasskey = (db: Db, row: typeof passkeys.$inferInsert) => db.insert(passkeys).values(row);

export const recordPasskeyUse = (db: Db, id: string, counter: number, now: number) =>
  db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id));

/** Removes one of a person's passkeys; false when it is not theirs. */
export async function deletePasskeyOf(db: Db, personId: number, id: string): Promise<boolean> {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.personId, personId)))
    .returning({ id: passkeys.id });
  return gone.length > 0;
}

/** How many registration challenges a person may hold unanswered at once (two tabs, a retry). */
const OPEN_REGISTRATIONS_PER_PERSON = 3;

/**
 * Stores a registration challenge, and drops that person's older unanswered ones beyond the
 * newest few: a session or an invitation link asked for options again and again adds no rows.
 */
export async function insertRegisterChallenge(
  db: Db,
  row: { challenge: string; personId: number; expiresAt: number },
): Promise<void> {
  await db.insert(webauthnChallenges).values({ ...row, purpose: 'register' });
  const mine = and(eq(webauthnChallenges.personId, row.personId), eq(webauthnChallenges.purpose, 'register'));
  const kept = db
    .select({ challenge: webauthnChallenges.challenge })
    .from(webauthnChallenges)
    .where(mine)
    .orderBy(desc(webauthnChallenges.expiresAt), sql`rowid desc`)
    .limit(OPEN_REGISTRATIONS_PER_PERSON);
  await db.delete(webauthnChallenges).where(and(mine, notInArray(webauthnChallenges.challenge, kept)));
}

/**
 * Takes a challenge: deleted in the same statement that reads it, so of two answers to one
 * challenge only the first finds it. Null when unknown, used, expired or for another purpose.
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: 'register' | 'sign-in',
  now: number,
): Promise<{ personId: number | null } | null> {
  // Only its own purpose: a sign-in challenge's "used" row is never taken by a registration.
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose)))
    .returning();
  if (!row || row.expiresAt <= now) return null;
  return { personId: row.personId };
}

/**
 * Sign-in challenges are not stored when given (each is signed instead): a row
 * records one only once an answer to it is verified, until it expires, so it answers once.
 */
export async function signInChallengeUsed(db: Db, challenge: string): Promise<boolean> {
  const [row] = await db
    .select({ challenge: webauthnChallenges.challenge })
    .from(webauthnChallenges)
    .where(eq(webauthnChallenges.challenge, challenge))
    .limit(1);
  return row !== undefined;
}

/** Records a verified answer's challenge as used: false when another answer to it got there first. */
export async function markSignInChallengeUsed(db: Db, challenge: string, expiresAt: number): Promise<boolean> {
  const added = await db
    .insert(webauthnChallenges)
    .values({ challenge, purpose: 'sign-in', expiresAt })
    .onConflictDoNothing()
    .returning({ challenge: webauthnChallenges.challenge });
  return added.length > 0;
}

export const deleteExpiredChallenges = (db: Db, now: number) =>
  db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));

export const deletePasskeysOf = (db: Db, personId: number) => db.delete(passkeys).where(eq(passkeys.personId, personId));
