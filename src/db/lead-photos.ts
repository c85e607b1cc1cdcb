import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
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

/** A small version drawn later (by the owner's browser), for a photo that has none. */
export type SmallVersion = Required<{
  [K in 'smallKey' | 'smallType' | 'smallWidth' | 'smallHeight']: NonNullable<LeadPhoto[K]>;
}>;

/**
 * Lists this small version on the photo's row, only if the photo still exists and has none yet
 * (two views of the lead page may draw it at once). Returns whether the row took it.
 */
export async function recordSmallVersion(db: Db, leadId: string, position: number, small: SmallVersion): Promise<boolean> {
  const updated = await db
    .update(leadPhotos)
    .set(small)
    .where(and(eq(leadPhotos.leadId, leadId), eq(leadPhotos.position, position), isNull(leadPhotos.smallKey)))
    .returning({ position: leadPhotos.position });
  return updated.length === 1;
}
