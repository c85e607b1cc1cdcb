import type { D1Db as Db } from '../db/client';
import { erasureNoticeInsert } from '../db/erasure-notices';
import type { ErasureMail, ErasureNotice } from '../db/schema';
import type { Bindings } from '../env';
import { ADMIN_HOME } from '../http/paths';
import type { NoticeAlertComposer } from '../push/payload';
import { bookingWords } from '../rules/job-status';
import { londonDay } from '../rules/uk-time';

/**
 * An erased lead's cancellation that failed for good (`sendDueErasureMails`) leaves the
 * owner a notice: the customer was not told their visit is off, and their details are gone with
 * the lead, so the owner is asked to ring them if they still have the number. It is the visit's
 * day and hours and nothing else: no name, number, address or e-mail, in the row, the page or a
 * log. Shown on the dashboard and the inbox, and sent to the phones as the alert of an e-mail to a
 * customer that could not be delivered, until someone marks it dealt with, or the visit's day is
 * over (the cron deletes it then): after that there is nothing left to warn the customer of.
 */

/**
 * The notice a given-up cancellation leaves (its id, and its insert for the give-up's batch);
 * null for a visit whose day is already over, or a row from before visits were stored.
 */
export function noticeInsert(db: Db, row: ErasureMail, now: number) {
  if (!row.visitDay || !row.visitFrom || !row.visitTo || row.visitDay < londonDay(now)) return null;
  const id = crypto.randomUUID();
  const insert = erasureNoticeInsert(db, {
    id,
    visitDay: row.visitDay,
    visitFrom: row.visitFrom,
    visitTo: row.visitTo,
    createdAt: now,
  });
  return { id, insert };
}

/** The same on the phones of everyone who takes the "e-mail not delivered" alert; loaded on first use, like the lead outbox's. */
export async function alertNotice(env: Bindings, id: string, now: number) {
  const { alertNow } = await import('../push/outbox');
  await alertNow(env, { notice: id }, 'undelivered', false, noticeAlert, now);
}

type NoticeVisit = Pick<ErasureNotice, 'visitDay' | 'visitFrom' | 'visitTo'>;

/** The notice's visit, as the owner reads a booking ("Friday 14 May 2027, 10am to 12pm"). */
const noticeVisitWords = (notice: NoticeVisit) =>
  bookingWords({ day: notice.visitDay, from: notice.visitFrom, to: notice.visitTo });

/** What the owner is told: in the words of an e-mail to a customer that failed after every retry. */
export const noticeWords = (notice: NoticeVisit) =>
  `A customer whose details were erased could not be e-mailed that their visit on ${noticeVisitWords(notice)} is cancelled: it failed after every retry. If you still have their number, call them.`;

/** The notice's alert: the visit's day and hours only, as the lead and its customer are gone. Opens the dashboard, which shows the notice. */
export const noticeAlert: NoticeAlertComposer = (notice) => ({
  title: 'A cancellation could not be delivered',
  body: `The visit on ${noticeVisitWords(notice)}: the customer's details were erased. Call them if you still have their number.`,
  url: ADMIN_HOME,
  tag: `undelivered-${notice.id}`,
});
