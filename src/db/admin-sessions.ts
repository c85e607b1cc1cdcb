import { and, eq, inArray, isNotNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { D1Db as D1 } from './client';
import { type AdminSessionRow, adminSessions, type Person, people, pushSubscriptions } from './schema';

/** The admin's sessions in D1 (`createSession` says what they are). */

export interface NewSession {
  secretHash: string;
  personId: number;
  device: string;
  method: AdminSessionRow['method'];
  remember: boolean;
}

export async function insertSession(db: D1, fields: NewSession, now: number): Promise<AdminSessionRow> {
  const [row] = await db
    .insert(adminSessions)
    .values({ ...fields, createdAt: now, lastUsedAt: now })
    .returning();
  return row!;
}

/** A session and its person (who may have been removed: the caller refuses those). */
export async function findSession(db: D1, secretHash: string): Promise<{ session: AdminSessionRow; person: Person } | null> {
  const [row] = await db
    .select({ session: adminSessions, person: people })
    .from(adminSessions)
    .innerJoin(people, eq(people.id, adminSessions.personId))
    .where(eq(adminSessions.secretHash, secretHash))
    .limit(1);
  return row ?? null;
}

export const touchSession = (db: D1, id: number, now: number) =>
  db.update(adminSessions).set({ lastUsedAt: now }).where(eq(adminSessions.id, id));

/**
 * A passkey added in a session begun with the token: from then on the session counts as a
 * passkey's, so the prompt to add one (shown on every page of a token session) goes at once.
 */
export const markSessionPasskeyed = (db: D1, id: number) =>
  db
    .update(adminSessions)
    .set({ method: 'passkey' })
    .where(and(eq(adminSessions.id, id), eq(adminSessions.method, 'token')));

/**
 * Signing out deletes the session's row, and with it (ON DELETE CASCADE, 0015) the alerts that
 * device turned on in it: a device signed out, by itself, from Devices or by the owner, gets none.
 */
export const deleteSession = (db: D1, id: number) => db.delete(adminSessions).where(eq(adminSessions.id, id));

/**
 * A session that ran out is not a sign-out: its device keeps its alerts (let go of the session
 * first, so the cascade does not take them), or they would stop unseen on a phone not opened for
 * a while. The sessions named by `ended` go, in one batch with the letting go.
 */
async function expireSessions(db: D1, ended: SQL, alsoEnded?: SQL) {
  const [, gone] = await db.batch([
    db
      .update(pushSubscriptions)
      .set({ sessionId: null })
      .where(inArray(pushSubscriptions.sessionId, db.select({ id: adminSessions.id }).from(adminSessions).where(ended))),
    db
      .delete(adminSessions)
      .where(alsoEnded ? or(ended, alsoEnded) : ended)
      .returning({ id: adminSessions.id }),
  ]);
  return gone.length;
}

/** One session found past its limit (readSession): ended, its device's alerts kept. */
export const expireSession = (db: D1, id: number) => expireSessions(db, eq(adminSessions.id, id));

/** Ends one of a person's sessions; false when it is not theirs (or already ended). */
export async function endSessionOf(db: D1, personId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(adminSessions)
    .where(and(eq(adminSessions.id, id), eq(adminSessions.personId, personId)))
    .returning({ id: adminSessions.id });
  return gone.length > 0;
}

export async function endOtherSessions(db: D1, personId: number, keepId: number): Promise<number> {
  const gone = await db
    .delete(adminSessions)
    .where(and(eq(adminSessions.personId, personId), ne(adminSessions.id, keepId)))
    .returning({ id: adminSessions.id });
  return gone.length;
}

/** Every session of a person (the owner signing someone out everywhere). */
export const endSessionsOf = (db: D1, personId: number) => db.delete(adminSessions).where(eq(adminSessions.personId, personId));

export const listSessionsOf = (db: D1, personId: number) =>
  db.select().from(adminSessions).where(eq(adminSessions.personId, personId)).orderBy(sql`${adminSessions.lastUsedAt} DESC`);

/** Everyone's sessions, newest use first, for the owner's People page (a small team: capped all the same). */
export const listAllSessions = (db: D1, limit = 300) =>
  db.select().from(adminSessions).orderBy(sql`${adminSessions.lastUsedAt} DESC`).limit(limit);

/**
 * The cron's sweep: sessions past their idle or absolute limit (they are refused anyway; this
 * frees the rows; their devices keep their alerts), and removed people's (their alerts go too).
 */
export function deleteEndedSessions(db: D1, now: number, limits: { idle: number; rememberedIdle: number; absolute: number }) {
  return expireSessions(
    db,
    or(
      lt(adminSessions.createdAt, now - limits.absolute),
      and(eq(adminSessions.remember, false), lt(adminSessions.lastUsedAt, now - limits.idle)),
      lt(adminSessions.lastUsedAt, now - limits.rememberedIdle),
    )!,
    // A removed person's sessions are refused at once (`adminGuard`); the rows go here.
    inArray(adminSessions.personId, db.select({ id: people.id }).from(people).where(isNotNull(people.removedAt))),
  );
}
