import type { D1Db } from '../db/client';
import type { SiteAnswer } from '../db/schema';
import { inReport, siteRecordOf } from '../db/site-work';

/**
 * The customer's job report (issue 50), once the engineer tapped "Finished": the engineer's notes
 * (what was found, done and recommended), the photos the owner chose (by default every "after"
 * photo), the checklist answers the owner's checklist shows the customer, and the signature.
 * Nothing of the office's (its notes, the money, the e-mails) is in it.
 */
export interface JobReport {
  finishedAt: number;
  notes: { found: string[]; done: string[]; recommended: string[] };
  /** The chosen photos' item keys, in the order they were taken. */
  photos: string[];
  answers: Pick<SiteAnswer, 'questionId' | 'question' | 'answer'>[];
  signature: { itemKey: string; typedName: string; at: number; notPresent: boolean } | null;
}

export async function jobReportOf(db: D1Db, leadId: string): Promise<JobReport | null> {
  const record = await siteRecordOf(db, leadId);
  const finished = record.events.find((event) => event.kind === 'finished');
  if (!finished) return null;
  const pick = (field: 'found' | 'done' | 'recommended') => record.notes.map((note) => note[field]).filter(Boolean);
  const signature = record.signature;
  return {
    finishedAt: finished.createdAt,
    notes: { found: pick('found'), done: pick('done'), recommended: pick('recommended') },
    photos: record.media.filter(inReport).map((item) => item.itemKey),
    answers: record.answers
      .filter((answer) => answer.forCustomer)
      .map(({ questionId, question, answer }) => ({ questionId, question, answer })),
    signature: signature
      ? { itemKey: signature.itemKey, typedName: signature.typedName, at: signature.createdAt, notPresent: signature.notPresent }
      : null,
  };
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
