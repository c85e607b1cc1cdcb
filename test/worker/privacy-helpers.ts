import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { type Lead, leads, type NewLead } from '../../src/db/schema';

/** Shared by the privacy tests: leads written straight into the real local D1. */

export const db = drizzle(env.DB);

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** A unique marker per lead, so files sharing a database never confuse their rows. */
const tag = () => crypto.randomUUID().slice(0, 8);

export async function insertTestLead(fields: Partial<NewLead> = {}): Promise<Lead> {
  const t = tag();
  const now = Date.now();
  const [row] = await db
    .insert(leads)
    .values({
      id: crypto.randomUUID(),
      kind: 'contact',
      name: `Person ${t}`,
      email: `person.${t}@example.org`,
      phone: '',
      message: `Blocked drain ${t}`,
      status: 'sent',
      attempts: 1,
      createdAt: now,
      updatedAt: now,
      sentAt: now,
      ...fields,
    })
    .returning();
  return row!;
}

export async function storedIds(ids: readonly string[]): Promise<string[]> {
  const rows = await Promise.all(
    ids.map((id) => env.DB.prepare('SELECT id FROM leads WHERE id = ?').bind(id).first<{ id: string }>()),
  );
  return rows.filter((row) => row !== null).map((row) => row.id);
}

/** A person with a unique address and number, so rows from other tests never match. */
export function person() {
  const n = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
  const local = `ann.${crypto.randomUUID().slice(0, 8)}`;
  return { email: `${local}@example.org`, national: `01632 ${String(n).padStart(6, '0')}`, digits: String(n).padStart(6, '0') };
}
