import { drizzle } from 'drizzle-orm/d1';
import { deleteLeads } from '../db/privacy';
import type { Bindings } from '../env';

/**
 * Erases leads and everything stored with them. The owner's "Delete" and "Erase all" both come
 * through here, so whatever a lead gains later (photos in R2, queued messages) is deleted in this
 * one place too. Today a lead is its row alone: its e-mail outbox state lives on that row.
 * Returns how many of the leads still existed.
 */
export async function eraseLeads(env: Pick<Bindings, 'DB'>, ids: readonly string[]): Promise<number> {
  return deleteLeads(drizzle(env.DB), ids);
}
