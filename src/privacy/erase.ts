import { d1Database } from '../db/client';
import { photosForLeads } from '../db/lead-photos';
import { deleteLeadRows } from '../db/privacy';
import { siteObjectKeys } from '../db/site-work';
import type { Bindings } from '../env';
import { deletePhotoObjects, photoObjectKeys } from '../leads/photo-store';
import { cancellationInserts } from './erasure-mail';

/**
 * Erases leads and everything stored with them: their photos (the R2 objects, each small version
 * included, and their rows), what the engineer sent from site (photos, videos, the signature), their e-mails in the outbox, and their quotes
 * never accepted and invoices never issued (an issued one is kept for the accounting years). The owner's "Delete" and "Erase",
 * and the retention cron, all come through here, so whatever a lead gains later is deleted in this
 * one place too. The photos' files go first: if R2 fails, the rows still list them and the next
 * try deletes them; the other order could leave files no row points to. A lead whose visit is
 * still ahead leaves one row behind, its customer's cancellation, until it is sent
 * (`cancellationInserts`: the caller sends it, or the cron). Returns how many of the leads
 * still existed.
 */
export async function eraseLeads(env: Bindings, ids: readonly string[], now = Date.now()): Promise<number> {
  if (ids.length === 0) return 0;
  const db = d1Database(env);
  const photos = await photosForLeads(db, ids);
  const deleted = new Set([...photoObjectKeys(photos), ...(await siteObjectKeys(db, ids))]);
  await deletePhotoObjects(env.MEDIA, [...deleted]);
  const cancellations = await cancellationInserts(env, db, ids, now);
  const { erased, photos: rows } = await deleteLeadRows(db, ids, cancellations);
  // A small version the owner's browser drew and listed between the read above and the rows'
  // deletion: its file goes too, or it would stay with no row pointing to it.
  const late = photoObjectKeys(rows).filter((key) => !deleted.has(key));
  if (late.length > 0) await deletePhotoObjects(env.MEDIA, late);
  return erased;
}
