import { and, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { D1Db as D1 } from './client';
import { type AdminSessionRow, adminSessions, type Person, people } from './schema';

/** The admin's sessions in D1 (src/admin/auth/session.ts says what they are). */

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

export const deleteSession = (db: D1, id: number) => db.delete(adminSessions).where(eq(adminSessions.id, id));

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

export const listSessionsOf = (db: D1, personId: number) =>
  db.select().from(adminSessions).where(eq(adminSessions.personId, personId)).orderBy(sql`${adminSessions.lastUsedAt} DESC`);

/** The cron's sweep: sessions past their idle or absolute limit (they are refused anyway; this frees the rows). */
export async function deleteEndedSessions(
  db: D1,
  now: number,
  limits: { idle: number; rememberedIdle: number; absolute: number },
) {
  const gone = await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.createdAt, now - limits.absolute),
        and(eq(adminSessions.remember, false), lt(adminSessions.lastUsedAt, now - limits.idle)),
        lt(adminSessions.lastUsedAt, now - limits.rememberedIdle),
        // A removed person's sessions are refused at once (src/admin/auth/guard.tsx); the rows go here.
        inArray(adminSessions.personId, db.select({ id: people.id }).from(people).where(isNotNull(people.removedAt))),
      ),
    )
    .returning({ id: adminSessions.id });
  return gone.length;
}
