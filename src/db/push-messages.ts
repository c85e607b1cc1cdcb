import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import type { TryOutcome } from './lead-messages';
import {
  type AlertKind,
  type AlertSettings,
  alertSettings,
  type ErasureNotice,
  erasureNotice,
  type Lead,
  leads,
  type PushMessage,
  type PushSubscriptionRow,
  people,
  pushMessages,
  pushSubscriptions,
} from './schema';

/** The alerts' outbox in D1: one row per alert and device, each with its own delivery state. */

/** The alerts of one person's own jobs (given, moved, taken off): to their devices only, whatever their choices. */
const JOB_ALERT_KINDS = ['job-given', 'job-moved', 'job-off'] as const;
export type JobAlertKind = (typeof JOB_ALERT_KINDS)[number];
/** The inbox's alerts: to every device of everyone but engineers, as each person chose. */
export type InboxAlertKind = Exclude<AlertKind, JobAlertKind>;

/** Which alert_settings column switches each kind of alert on (no row: on). */
const WANTED_BY: Record<InboxAlertKind, string> = {
  'new-lead': 'new_leads',
  cancel: 'customer_requests',
  rebook: 'customer_requests',
  undelivered: 'undelivered',
  // A question about a quote, or its answer, is a customer's request like a cancel or a rebook.
  question: 'customer_requests',
  quote: 'customer_requests',
  // A customer paying (or a refund made in Stripe) is news of theirs like an answer to a quote.
  payment: 'customer_requests',
};

/** What an alert is about: a lead (by its id), or the notice an erased lead's given-up cancellation left. */
export type AlertAbout = string | { notice: string };

const aboutColumns = (about: AlertAbout) =>
  typeof about === 'string' ? { leadId: about, noticeId: null } : { leadId: null, noticeId: about.notice };

/** The alert rows about this lead or notice. */
function aboutIs(about: AlertAbout) {
  return typeof about === 'string' ? eq(pushMessages.leadId, about) : eq(pushMessages.noticeId, about.notice);
}

/**
 * Queues one alert per device of every present person who wants this kind, in one statement
 * (so it costs one round trip before the visitor's answer, whatever the number of devices).
 * The rows are leased until `leaseUntil`: the first try runs after the answer, the cron takes
 * over only if it never records an outcome. Returns how many were queued. Never to an engineer's
 * devices (one who was office staff may still have some): the alerts are the inbox's, not theirs.
 */
export async function queueAlertRows(
  db: Db,
  about: AlertAbout,
  kind: InboxAlertKind,
  urgent: boolean,
  now: number,
  leaseUntil: number,
) {
  const wanted = sql.raw(`coalesce(a.${WANTED_BY[kind]}, 1)`);
  const { leadId, noticeId } = aboutColumns(about);
  const result = await db.run(sql`
    insert into push_messages (id, subscription_id, lead_id, notice_id, kind, urgent, status, attempts, next_attempt_at, created_at, updated_at)
    select lower(hex(randomblob(16))), s.id, ${leadId}, ${noticeId}, ${kind}, ${urgent ? 1 : 0}, 'pending', 0, ${leaseUntil}, ${now}, ${now}
    from push_subscriptions s
    join people p on p.id = s.person_id and p.removed_at is null and p.role != 'engineer'
    left join alert_settings a on a.person_id = s.person_id
    where ${wanted} = 1`);
  return result.meta.changes ?? 0;
}

/**
 * queueAlertRows as one statement of a caller's D1 batch, so an alert that must not be lost is
 * queued with the change it is about or not at all: the rows are written only where `lead` (SQL
 * reading the lead's id where the change took) is not null. Leased like queueAlertRows' rows.
 */
export function alertRowsStatement(db: Db, lead: SQL, kind: InboxAlertKind, now: number, leaseUntil: number) {
  const wanted = sql.raw(`coalesce(a.${WANTED_BY[kind]}, 1)`);
  // Every column in the table's order (drizzle lists them all for an insert from a select).
  return db.insert(pushMessages).select(sql`
    select lower(hex(randomblob(16))), s.id, ${lead}, null, ${kind}, 0, 'pending', 0, null, ${leaseUntil}, null, ${now}, ${now}
    from push_subscriptions s
    join people p on p.id = s.person_id and p.removed_at is null and p.role != 'engineer'
    left join alert_settings a on a.person_id = s.person_id
    where ${wanted} = 1 and ${lead} is not null`);
}

/**
 * Queues an alert about a job for every device of the one person it concerns (an engineer's
 * too), leased as queueAlertRows' are; returns how many were queued.
 */
export async function queueJobAlertRows(
  db: Db,
  leadId: string,
  personId: number,
  kind: JobAlertKind,
  now: number,
  leaseUntil: number,
) {
  const result = await db.run(sql`
    insert into push_messages (id, subscription_id, lead_id, notice_id, kind, urgent, status, attempts, next_attempt_at, created_at, updated_at)
    select lower(hex(randomblob(16))), s.id, ${leadId}, null, ${kind}, 0, 'pending', 0, ${leaseUntil}, ${now}, ${now}
    from push_subscriptions s
    join people p on p.id = s.person_id and p.removed_at is null
    where s.person_id = ${personId}`);
  return result.meta.changes ?? 0;
}

/** An alert that is due, with what it is sent to, what it is about, and its person's quiet hours. */
export interface DuePush {
  message: PushMessage;
  subscription: PushSubscriptionRow;
  /** One of the two, as the row says (its CHECK). */
  lead: Lead | null;
  notice: ErasureNotice | null;
  quiet: Pick<AlertSettings, 'quietFrom' | 'quietTo'>;
}

const dueSelect = (db: Db) =>
  db
    .select({
      message: pushMessages,
      subscription: pushSubscriptions,
      lead: leads,
      notice: erasureNotice,
      quietFrom: alertSettings.quietFrom,
      quietTo: alertSettings.quietTo,
    })
    .from(pushMessages)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushMessages.subscriptionId))
    .leftJoin(leads, eq(leads.id, pushMessages.leadId))
    .leftJoin(erasureNotice, eq(erasureNotice.id, pushMessages.noticeId))
    // A removed person's devices get nothing more (their queued alerts wait for their lead's deletion).
    // Nor does someone made an engineer after an inbox alert was queued for them (held through quiet
    // hours, or retrying): the office's alerts are never an engineer's; their own jobs' still come.
    .innerJoin(
      people,
      and(
        eq(people.id, pushSubscriptions.personId),
        isNull(people.removedAt),
        or(ne(people.role, 'engineer'), inArray(pushMessages.kind, [...JOB_ALERT_KINDS])),
      ),
    )
    .leftJoin(alertSettings, eq(alertSettings.personId, pushSubscriptions.personId));

type DueRow = Awaited<ReturnType<ReturnType<typeof dueSelect>['where']>>[number];
const asDue = ({ quietFrom, quietTo, ...rest }: DueRow): DuePush => ({ ...rest, quiet: { quietFrom, quietTo } });

/** Alerts waiting to be tried: never tried after a lost request, held through quiet hours, or waiting to retry. */
export async function listDuePushes(db: Db, now: number, limit: number): Promise<DuePush[]> {
  const rows = await dueSelect(db)
    .where(
      and(
        inArray(pushMessages.status, ['pending', 'retrying']),
        isNotNull(pushMessages.nextAttemptAt),
        lte(pushMessages.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(pushMessages.nextAttemptAt))
    .limit(limit);
  return rows.map(asDue);
}

/** The alerts about a lead (or notice) queued at `queuedAt` and not tried yet: the first try after the answer. */
export async function listQueuedPushes(
  db: Db,
  about: AlertAbout,
  queuedAt: number,
  /** One person's job alert of this kind; without: the inbox's alerts (queued at the same time, they are tried by their own callers). */
  job?: { kind: JobAlertKind; personId: number },
): Promise<DuePush[]> {
  const rows = await dueSelect(db).where(
    and(
      aboutIs(about),
      eq(pushMessages.createdAt, queuedAt),
      eq(pushMessages.status, 'pending'),
      job
        ? and(eq(pushMessages.kind, job.kind), eq(pushSubscriptions.personId, job.personId))
        : notInArray(pushMessages.kind, [...JOB_ALERT_KINDS]),
    ),
  );
  return rows.map(asDue);
}

/** Takes a due alert for one try (as claimMessage does for e-mails): only one cron run can win it. */
export async function claimPush(db: Db, message: PushMessage, now: number, leaseUntil: number): Promise<boolean> {
  if (message.nextAttemptAt === null) return false;
  const claimed = await db
    .update(pushMessages)
    .set({ nextAttemptAt: leaseUntil, updatedAt: now })
    .where(
      and(
        eq(pushMessages.id, message.id),
        inArray(pushMessages.status, ['pending', 'retrying']),
        eq(pushMessages.nextAttemptAt, message.nextAttemptAt),
      ),
    )
    .returning({ id: pushMessages.id });
  return claimed.length === 1;
}

/** Quiet hours: the alert waits, untried, until they end. */
export const holdPush = (db: Db, id: string, until: number, now: number) =>
  db.update(pushMessages).set({ nextAttemptAt: until, updatedAt: now }).where(eq(pushMessages.id, id));

export async function recordPushOutcome(db: Db, message: PushMessage, attempts: number, outcome: TryOutcome, now: number) {
  const statements = [
    db
      .update(pushMessages)
      .set({
        status: outcome.status,
        attempts,
        lastError: outcome.status === 'sent' ? null : outcome.error.slice(0, 200),
        nextAttemptAt: outcome.status === 'retrying' ? outcome.nextAttemptAt : null,
        sentAt: outcome.status === 'sent' ? now : null,
        updatedAt: now,
      })
      .where(eq(pushMessages.id, message.id)),
    db.update(pushSubscriptions).set({ lastSentAt: now }).where(eq(pushSubscriptions.id, message.subscriptionId)),
  ] as const;
  if (outcome.status === 'sent') await db.batch(statements);
  else await statements[0];
}
