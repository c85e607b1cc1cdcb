import { eq } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import type { MatchKeys } from './returning';
import {
  type Lead,
  type LeadMessage,
  type LeadMessageKind,
  type LeadPhoto,
  leadMessages,
  leadPhotos,
  leads,
  type NewLead,
} from './schema';

/** Leads in D1: plain functions taking the database first. Their e-mails are in db/lead-messages.ts. */

/** Where the lead came from (`leadAttribution`); absent on leads stored without it. */
type AttributionColumns =
  | 'formPage'
  | 'previousPage'
  | 'referrerOrigin'
  | 'utmSource'
  | 'utmMedium'
  | 'utmCampaign'
  | 'utmTerm'
  | 'utmContent'
  | 'gclid'
  | 'source';

export type NewLeadFields = Pick<
  NewLead,
  'kind' | 'name' | 'email' | 'phone' | 'address' | 'service' | 'message' | 'bestTime' | 'areaCheck'
> &
  Partial<Pick<NewLead, AttributionColumns>>;

/** A photo already written to R2, to be listed with its lead. */
export type StoredPhoto = Omit<LeadPhoto, 'leadId'>;

export interface NewLeadOptions {
  id: string;
  now: number;
  /** The e-mails to queue, one message row each. */
  messages: readonly LeadMessageKind[];
  /** 'pending' when e-mail will be tried (`nextAttemptAt` is then the end of the request's own lease), 'skipped' without a mail key. */
  status: 'pending' | 'skipped';
  nextAttemptAt: number | null;
  photos: readonly StoredPhoto[];
}

/**
 * Stores a lead with its match keys (`matchKeysOf`), its queued messages and its photos'
 * rows in one batch (one transaction): all of them or, if D1 refuses any, none. If the request's first send never finishes, the cron takes
 * each message over once its lease (`nextAttemptAt`) has passed.
 */
export async function insertLead(
  db: Db,
  fields: NewLeadFields & MatchKeys,
  options: NewLeadOptions,
): Promise<{ lead: Lead; messages: LeadMessage[] }> {
  const { id, now } = options;
  const messageRows = options.messages.map((kind) => ({
    id: crypto.randomUUID(),
    leadId: id,
    kind,
    status: options.status,
    attempts: 0,
    nextAttemptAt: options.nextAttemptAt,
    createdAt: now,
    updatedAt: now,
  }));
  const lead = db
    .insert(leads)
    .values({ ...fields, id, createdAt: now, updatedAt: now })
    .returning();
  const statements = [
    ...(messageRows.length > 0 ? [db.insert(leadMessages).values(messageRows).returning()] : []),
    ...(options.photos.length > 0
      ? [db.insert(leadPhotos).values(options.photos.map((photo) => ({ ...photo, leadId: id })))]
      : []),
  ];
  const [[row], messages] = (await db.batch([lead, ...statements])) as [Lead[], LeadMessage[] | undefined];
  if (!row) throw new Error('insert returned no row');
  return { lead: row, messages: messages ?? [] };
}

export async function findLead(db: Db, id: string): Promise<Lead | undefined> {
  return db.select().from(leads).where(eq(leads.id, id)).get();
}
