import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { type Lead, type LeadMessage, leadMessages, leadPhotos, leads, type NewLead } from '../../src/db/schema';

/** Shared by the privacy tests: leads written straight into the real local D1. */

export const db = drizzle(env.DB);

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** A unique marker per lead, so files sharing a database never confuse their rows. */
const tag = () => crypto.randomUUID().slice(0, 8);

type MessageFields = Partial<Pick<LeadMessage, 'status' | 'attempts' | 'lastError' | 'nextAttemptAt' | 'sentAt'>>;

/**
 * A lead straight into D1 with its owner's e-mail, sent (or as `owner` says), and a confirmation
 * when `customer` is given.
 */
export async function insertTestLead(
  fields: Partial<NewLead> = {},
  messages: { owner?: MessageFields; customer?: MessageFields } = {},
): Promise<Lead> {
  const t = tag();
  const now = Date.now();
  const id = fields.id ?? crypto.randomUUID();
  const message = (kind: 'owner' | 'customer', values: MessageFields = {}) =>
    db.insert(leadMessages).values({
      id: crypto.randomUUID(),
      leadId: id,
      kind,
      status: 'sent',
      attempts: 1,
      sentAt: now,
      createdAt: now,
      updatedAt: now,
      ...values,
    });
  const [[row]] = await db.batch([
    db
      .insert(leads)
      .values({
        id,
        kind: 'contact',
        name: `Person ${t}`,
        email: `person.${t}@example.org`,
        phone: '',
        message: `Blocked drain ${t}`,
        createdAt: now,
        updatedAt: now,
        ...fields,
      })
      .returning(),
    message('owner', messages.owner),
    ...(messages.customer ? [message('customer', messages.customer)] : []),
  ]);
  return row!;
}

/**
 * Photos for a lead as a submission from a browser with JavaScript leaves them: objects in R2
 * under leads/<id>/ (each photo and its small version) and their rows. Returns every object's key.
 */
export async function addTestPhotos(leadId: string, count: number): Promise<string[]> {
  const keys: string[] = [];
  const jpeg = { httpMetadata: { contentType: 'image/jpeg' } };
  for (let position = 1; position <= count; position++) {
    const hash = crypto.randomUUID().replace(/-/g, '');
    const key = `leads/${leadId}/${position}-${hash}.jpg`;
    const smallKey = `leads/${leadId}/${position}-small-${hash}.jpg`;
    await env.MEDIA.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, position]), jpeg);
    await env.MEDIA.put(smallKey, new Uint8Array([0xff, 0xd8, 0xff, 0xe1, position]), jpeg);
    await db.insert(leadPhotos).values({
      leadId,
      position,
      key,
      contentType: 'image/jpeg',
      bytes: 5,
      smallKey,
      smallType: 'image/jpeg',
      smallWidth: 480,
      smallHeight: 360,
    });
    keys.push(key, smallKey);
  }
  return keys;
}

/** Which of these R2 keys still exist. */
export async function storedObjects(keys: readonly string[]): Promise<string[]> {
  const found = await Promise.all(keys.map(async (key) => ((await env.MEDIA.head(key)) ? key : null)));
  return found.filter((key) => key !== null);
}

/** Rows left in the tables that hang off leads, for these lead ids. */
export async function leftovers(ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const marks = ids.map(() => '?').join(', ');
  const row = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM lead_messages WHERE lead_id IN (${marks})) + (SELECT count(*) FROM lead_photos WHERE lead_id IN (${marks})) AS n`,
  )
    .bind(...ids, ...ids)
    .first<{ n: number }>();
  return row!.n;
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
