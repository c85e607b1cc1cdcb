import { defaultOwnerId, peopleNames } from '../db/assignment';
import type { D1Db } from '../db/client';
import { PLACEHOLDER_OWNER_NAME } from '../db/people';
import type { Lead, SiteAnswer, SiteMedia } from '../db/schema';
import { inReport, siteRecordOf } from '../db/site-work';

/**
 * The customer's job report (issue 50, a page of its own since issue 57), once "Finished" was
 * tapped: who went (the person given the job) and when they were there (the "Arrived" and
 * "Finished" taps), the notes (what was found, done and recommended), the photos the owner chose
 * (every "after" photo unless unticked), the checklist answers the owner's checklist shows the
 * customer, and the signature. Nothing of the office's (its notes, the money, the e-mails) is in it.
 */
export interface JobReport {
  finishedAt: number;
  /** The first "Arrived" tap before "Finished"; null when none was tapped. */
  arrivedAt: number | null;
  /** The name of the person given the job; null when there is only the placeholder owner's. */
  engineer: string | null;
  notes: { found: string[]; done: string[]; recommended: string[] };
  /** The chosen photos, in the order they were taken. */
  photos: { itemKey: string; stage: SiteMedia['stage'] }[];
  answers: Pick<SiteAnswer, 'questionId' | 'question' | 'answer'>[];
  signature: { itemKey: string; typedName: string; at: number; notPresent: boolean } | null;
}

export async function jobReportOf(db: D1Db, lead: Pick<Lead, 'id' | 'assignedTo'>): Promise<JobReport | null> {
  const [record, names, ownerId] = await Promise.all([siteRecordOf(db, lead.id), peopleNames(db), defaultOwnerId(db)]);
  const finished = record.events.find((event) => event.kind === 'finished');
  if (!finished) return null;
  const arrived = record.events.find((event) => event.kind === 'arrived' && event.createdAt <= finished.createdAt);
  const assignee = lead.assignedTo ?? ownerId;
  const name = assignee === null ? undefined : names.get(assignee)?.trim();
  const pick = (field: 'found' | 'done' | 'recommended') => record.notes.map((note) => note[field]).filter(Boolean);
  const signature = record.signature;
  return {
    finishedAt: finished.createdAt,
    arrivedAt: arrived?.createdAt ?? null,
    engineer: name && name !== PLACEHOLDER_OWNER_NAME ? name : null,
    notes: { found: pick('found'), done: pick('done'), recommended: pick('recommended') },
    photos: record.media.filter(inReport).map(({ itemKey, stage }) => ({ itemKey, stage })),
    answers: record.answers
      .filter((answer) => answer.forCustomer)
      .map(({ questionId, question, answer }) => ({ questionId, question, answer })),
    signature: signature
      ? { itemKey: signature.itemKey, typedName: signature.typedName, at: signature.createdAt, notPresent: signature.notPresent }
      : null,
  };
}

/**
 * What the report holds, in words, for its e-mail and the customer's page: 'our notes, 3 photos,
 * the checklist and your signature'. Only what is there: no photos chosen, none named. Empty
 * when it holds none of them.
 */
export function reportContentsWords(report: JobReport): string {
  const { notes, photos, answers, signature } = report;
  const parts = [
    notes.found.length + notes.done.length + notes.recommended.length > 0 ? 'our notes' : '',
    photos.length > 0 ? `${photos.length} ${photos.length === 1 ? 'photo' : 'photos'}` : '',
    answers.length > 0 ? 'the checklist' : '',
    signature && !signature.notPresent ? 'your signature' : '',
  ].filter(Boolean);
  if (parts.length < 2) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** A file of the report: a chosen photo or the signature, with its R2 key and type; null for anything else. */
export async function reportFileOf(
  db: D1Db,
  leadId: string,
  which: 'photo' | 'signature',
  itemKey: string,
): Promise<{ key: string; type: string } | null> {
  const record = await siteRecordOf(db, leadId);
  if (!record.events.some((event) => event.kind === 'finished')) return null;
  if (which === 'signature') {
    const signature = record.signature;
    return signature?.key && signature.itemKey === itemKey ? { key: signature.key, type: 'image/png' } : null;
  }
  const photo = record.media.find((item) => item.itemKey === itemKey && inReport(item));
  return photo ? { key: photo.key, type: photo.contentType } : null;
}
