import { and, asc, eq, sql } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { type Person, people, type Role } from './schema';

const present = sql`${people.removedAt} IS NULL`;

/** The name migration 0006 (and a token sign-in with no owner left) gives the first owner: a placeholder, not a person's name. */
export const PLACEHOLDER_OWNER_NAME = 'Owner';

/**
 * The person ADMIN_TOKEN signs in as: the first owner still here. Migration 0006 seeds one; if
 * every owner was removed (the page refuses to remove the last, but a database can be edited),
 * the token makes a new one, because the token is the way back in.
 */
export async function ownerForToken(db: Db, now: number): Promise<Person> {
  const [owner] = await db
    .select()
    .from(people)
    .where(and(eq(people.role, 'owner'), present))
    .orderBy(asc(people.id))
    .limit(1);
  if (owner) return owner;
  const [created] = await db.insert(people).values({ name: PLACEHOLDER_OWNER_NAME, role: 'owner', createdAt: now }).returning();
  return created!;
}

export const listPeople = (db: Db) => db.select().from(people).where(present).orderBy(asc(people.id));

/** The owners' names, for a page that must say whom to ask (a few rows: a small team). */
export async function ownerNames(db: Db): Promise<string[]> {
  const rows = await db
    .select({ name: people.name })
    .from(people)
    .where(and(eq(people.role, 'owner'), present))
    .orderBy(asc(people.id))
    .limit(5);
  return rows.map((row) => row.name);
}

export async function findPerson(db: Db, id: number): Promise<Person | undefined> {
  const [row] = await db
    .select()
    .from(people)
    .where(and(eq(people.id, id), present))
    .limit(1);
  return row;
}

export async function findPersonByEmail(db: Db, email: string): Promise<Person | undefined> {
  const [row] = await db.select().from(people).where(eq(people.email, email)).limit(1);
  return row;
}

export async function insertPerson(db: Db, fields: { name: string; email: string; role: Role }, now: number): Promise<Person> {
  const [row] = await db
    .insert(people)
    .values({ ...fields, createdAt: now })
    .returning();
  return row!;
}

/** A present person's new role. */
export const setPersonRole = (db: Db, id: number, role: Role) =>
  db
    .update(people)
    .set({ role })
    .where(and(eq(people.id, id), present));

/** Kept as a row (the audit log names them) with no e-mail, so the address can be invited again. */
export const markPersonRemoved = (db: Db, id: number, now: number) =>
  db.update(people).set({ removedAt: now, email: null }).where(eq(people.id, id));

/**
 * A present person's new name, only if their name is still the one the form was read with (the
 * form's version: a rename touches nothing else). False when someone renamed them meanwhile, or
 * they are gone; the check and the write are one statement.
 */
export async function renamePerson(db: Db, id: number, was: string, name: string): Promise<boolean> {
  const rows = await db
    .update(people)
    .set({ name })
    .where(and(eq(people.id, id), eq(people.name, was), present))
    .returning({ id: people.id });
  return rows.length > 0;
}
