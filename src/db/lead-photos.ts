import { and, asc, eq, inArray } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { chunksOf } from './d1-limits';
import { type LeadPhoto, leadPhotos } from './schema';

/** The photos listed with each lead (the files themselves are in R2). */

/** Every photo of these leads, in the order each lead's were attached. */
export async function photosForLeads(db: Db, leadIds: readonly string[]): Promise<LeadPhoto[]> {
  const found: LeadPhoto[] = [];
  for (const ids of chunksOf([...new Set(leadIds)])) {
    found.push(
      ...(await db
        .select()
        .from(leadPhotos)
        .where(inArray(leadPhotos.leadId, ids))
        .orderBy(asc(leadPhotos.leadId), asc(leadPhotos.position))),
    );
  }
  return found;
}

export function findPhoto(db: Db, leadId: string, position: number): Promise<LeadPhoto | undefined> {
  return db
    .select()
    .from(leadPhotos)
    .where(and(eq(leadPhotos.leadId, leadId), eq(leadPhotos.position, position)))
    .get();
}
