import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { chunksOf } from './d1-limits';
import {
  checklistTemplates,
  type SiteAnswer,
  type SiteEvent,
  type SiteMedia,
  type SiteNote,
  type SiteSignature,
  siteAnswers,
  siteEvents,
  siteMedia,
  siteNotes,
  siteSettings,
  siteSignatures,
} from './schema';

/**
 * The engineer's items on a job in D1 (issue 50). Every insert is keyed on the item's key and
 * does nothing when it is there already: the answer says whether this call stored it, so an item
 * replayed by the phone's queue, or sent twice by a double tap, is stored once.
 */

/** What every item carries. */
export interface ItemBase {
  itemKey: string;
  leadId: string;
  personId: number;
  createdAt: number;
}

export const stored = (rows: readonly unknown[]) => rows.length > 0;

export async function insertSiteNote(db: Db, item: ItemBase & Pick<SiteNote, 'found' | 'done' | 'recommended'>) {
  return stored(await db.insert(siteNotes).values(item).onConflictDoNothing().returning({ itemKey: siteNotes.itemKey }));
}

export async function insertSiteMedia(
  db: Db,
  item: ItemBase & Pick<SiteMedia, 'key' | 'kind' | 'stage' | 'contentType' | 'bytes'>,
) {
  return stored(await db.insert(siteMedia).values(item).onConflictDoNothing().returning({ itemKey: siteMedia.itemKey }));
}

export async function insertSiteAnswer(
  db: Db,
  item: ItemBase & Pick<SiteAnswer, 'questionId' | 'question' | 'answer' | 'forCustomer'>,
) {
  return stored(await db.insert(siteAnswers).values(item).onConflictDoNothing().returning({ itemKey: siteAnswers.itemKey }));
}

export async function insertSiteSignature(db: Db, item: ItemBase & Pick<SiteSignature, 'key' | 'typedName' | 'notPresent'>) {
  return stored(
    await db.insert(siteSignatures).values(item).onConflictDoNothing().returning({ itemKey: siteSignatures.itemKey }),
  );
}

/** Whether the engineer has tapped "Finished" on this job (its report is then the customer's). */
export async function isWorkFinished(db: Db, leadId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(siteEvents)
    .where(and(eq(siteEvents.leadId, leadId), eq(siteEvents.kind, 'finished')))
    .limit(1);
  return row !== undefined;
}

/** Whether an upload with this key is stored already (media or signature): a replayed upload need not be read again. */
export async function itemStored(db: Db, itemKey: string): Promise<boolean> {
  const row = await db.get<{ found: number } | undefined>(sql`
    select 1 as found from site_media where item_key = ${itemKey}
    union all select 1 from site_signatures where item_key = ${itemKey} limit 1`);
  return row !== undefined && row !== null;
}

/** Everything sent from site for a lead, oldest first. */
export interface SiteRecord {
  events: SiteEvent[];
  /** The notes as they stand: the latest saved (each save is the whole of the job's notes, issue 57). */
  notes: SiteNote[];
  /** Every note saved, oldest first (a person's export). */
  noteHistory: SiteNote[];
  media: SiteMedia[];
  /** The latest answer to each question. */
  answers: SiteAnswer[];
  signature: SiteSignature | undefined;
}

export async function siteRecordOf(db: Db, leadId: string): Promise<SiteRecord> {
  const [events, notes, media, allAnswers, signatures] = await db.batch([
    db.select().from(siteEvents).where(eq(siteEvents.leadId, leadId)).orderBy(asc(siteEvents.createdAt), sql`rowid`),
    db.select().from(siteNotes).where(eq(siteNotes.leadId, leadId)).orderBy(asc(siteNotes.createdAt), sql`rowid`),
    db.select().from(siteMedia).where(eq(siteMedia.leadId, leadId)).orderBy(asc(siteMedia.createdAt), sql`rowid`),
    db.select().from(siteAnswers).where(eq(siteAnswers.leadId, leadId)).orderBy(asc(siteAnswers.createdAt), sql`rowid`),
    db.select().from(siteSignatures).where(eq(siteSignatures.leadId, leadId)).orderBy(asc(siteSignatures.createdAt), sql`rowid`),
  ]);
  const latest = new Map<string, SiteAnswer>();
  for (const answer of allAnswers) {
    latest.delete(answer.questionId);
    latest.set(answer.questionId, answer);
  }
  return {
    events,
    notes: notes.slice(-1),
    noteHistory: notes,
    media,
    answers: [...latest.values()],
    signature: signatures.at(-1),
  };
}

export function findSiteMedia(db: Db, leadId: string, itemKey: string) {
  return db
    .select()
    .from(siteMedia)
    .where(and(eq(siteMedia.leadId, leadId), eq(siteMedia.itemKey, itemKey)))
    .get();
}

export function findSignature(db: Db, leadId: string, itemKey: string) {
  return db
    .select()
    .from(siteSignatures)
    .where(and(eq(siteSignatures.leadId, leadId), eq(siteSignatures.itemKey, itemKey)))
    .get();
}

/** The owner's choice of the report's photos: of the photos their form showed, the chosen in and the rest out. */
export async function chooseReportMedia(db: Db, leadId: string, shown: readonly string[], chosen: readonly string[]) {
  const picked = new Set(chosen);
  const statements = [];
  for (const inOrOut of [true, false]) {
    const keys = [...new Set(shown)].filter((key) => picked.has(key) === inOrOut);
    for (const chunk of chunksOf(keys)) {
      statements.push(
        db
          .update(siteMedia)
          .set({ inReport: inOrOut })
          .where(and(eq(siteMedia.leadId, leadId), inArray(siteMedia.itemKey, chunk))),
      );
    }
  }
  const [head, ...rest] = statements;
  if (head) await db.batch([head, ...rest]);
}

/** Whether a photo is in the customer's report: the owner's choice, or by default every "after" photo. */
export const inReport = (media: Pick<SiteMedia, 'inReport' | 'stage' | 'kind'>) =>
  media.kind === 'photo' && (media.inReport ?? media.stage === 'after');

/** Every R2 object the leads' site items hold (erasure deletes them with the rows). */
export async function siteObjectKeys(db: Db, leadIds: readonly string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const ids of chunksOf([...new Set(leadIds)])) {
    const [media, signatures] = await db.batch([
      db.select({ key: siteMedia.key }).from(siteMedia).where(inArray(siteMedia.leadId, ids)),
      db.select({ key: siteSignatures.key }).from(siteSignatures).where(inArray(siteSignatures.leadId, ids)),
    ]);
    keys.push(...media.map((row) => row.key), ...signatures.flatMap((row) => (row.key ? [row.key] : [])));
  }
  return keys;
}

/** The deletes of the leads' site rows, for the erasure's batch (`deleteLeadRows`). */
export const siteRowDeletes = (db: Db, ids: readonly string[]) => [
  db.delete(siteEvents).where(inArray(siteEvents.leadId, ids)),
  db.delete(siteNotes).where(inArray(siteNotes.leadId, ids)),
  db.delete(siteMedia).where(inArray(siteMedia.leadId, ids)),
  db.delete(siteAnswers).where(inArray(siteAnswers.leadId, ids)),
  db.delete(siteSignatures).where(inArray(siteSignatures.leadId, ids)),
];

/** Whether "Finished" marks the job done (the owner's setting; off until they turn it on). */
export async function finishMarksDone(db: Db): Promise<boolean> {
  const row = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).get();
  return row?.finishMarksDone ?? false;
}

export async function saveFinishMarksDone(db: Db, on: boolean, now: number) {
  await db
    .insert(siteSettings)
    .values({ id: 1, finishMarksDone: on, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.id, set: { finishMarksDone: on, updatedAt: now } });
}

export const checklistFor = (db: Db, service: string) =>
  db.select().from(checklistTemplates).where(eq(checklistTemplates.service, service)).get();

export const allChecklists = (db: Db) => db.select().from(checklistTemplates);

/** The owner's checklist saved only when the version their form read is still the stored one (0: none yet). */
export async function saveChecklist(
  db: Db,
  service: string,
  questions: string,
  readVersion: number,
  now: number,
): Promise<boolean> {
  if (readVersion === 0) {
    const rows = await db
      .insert(checklistTemplates)
      .values({ service, questions, version: 1, updatedAt: now })
      .onConflictDoNothing()
      .returning({ service: checklistTemplates.service });
    return rows.length > 0;
  }
  const rows = await db
    .update(checklistTemplates)
    .set({ questions, version: readVersion + 1, updatedAt: now })
    .where(and(eq(checklistTemplates.service, service), eq(checklistTemplates.version, readVersion)))
    .returning({ service: checklistTemplates.service });
  return rows.length > 0;
}
