import { sql } from 'drizzle-orm';
import type { TapChannel } from '../rules/tap-channels';
import type { D1Db as Db } from './client';
import { tapCounts } from './schema';

/** One tap more for this day, page and channel: one row each, created by the first tap. */
export async function countTap(db: Db, tap: { day: string; page: string; channel: TapChannel }): Promise<void> {
  await db
    .insert(tapCounts)
    .values({ ...tap, count: 1 })
    .onConflictDoUpdate({
      target: [tapCounts.day, tapCounts.page, tapCounts.channel],
      set: { count: sql`${tapCounts.count} + 1` },
    });
}
