import { and, asc, eq, lt } from 'drizzle-orm';
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

export const insertChallenge = (db: Db, row: typeof webauthnChallenges.$inferInsert) => db.insert(webauthnChallenges).values(row);

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
  const [row] = await db.delete(webauthnChallenges).where(eq(webauthnChallenges.challenge, challenge)).returning();
  if (!row || row.purpose !== purpose || row.expiresAt <= now) return null;
  return { personId: row.personId };
}

export const deleteExpiredChallenges = (db: Db, now: number) =>
  db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));

export const deletePasskeysOf = (db: Db, personId: number) => db.delete(passkeys).where(eq(passkeys.personId, personId));
