import { and, eq, isNull } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { calendarFeeds, type people, people as peopleTable } from './schema';

/** The people's private calendar feeds: one per person, found by the hash of its token. */

/** Makes (or replaces) the person's feed: the old address stops answering at once. */
export async function replaceFeed(db: Db, personId: number, tokenHash: string, now: number): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ personId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.personId, set: { tokenHash, createdAt: now } });
}

export async function deleteFeed(db: Db, personId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.personId, personId));
}

export async function hasFeed(db: Db, personId: number): Promise<boolean> {
  return (
    (await db.select({ id: calendarFeeds.personId }).from(calendarFeeds).where(eq(calendarFeeds.personId, personId)).get()) !==
    undefined
  );
}

/** The person a feed belongs to, if the hash is a current feed's and the person not removed. */
export function personOfFeed(db: Db, tokenHash: string): Promise<typeof people.$inferSelect | undefined> {
  return db
    .select({
      id: peopleTable.id,
      name: peopleTable.name,
      email: peopleTable.email,
      role: peopleTable.role,
      createdAt: peopleTable.createdAt,
      removedAt: peopleTable.removedAt,
    })
    .from(calendarFeeds)
    .innerJoin(peopleTable, eq(peopleTable.id, calendarFeeds.personId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(peopleTable.removedAt)))
    .get();
}
