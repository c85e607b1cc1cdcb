import { d1Database } from '../db/client';
import {
  type AlertAbout,
  claimPush,
  type DuePush,
  holdPush,
  type InboxAlertKind,
  type JobAlertKind,
  listDuePushes,
  listQueuedPushes,
  queueAlertRows,
  queueJobAlertRows,
  recordPushOutcome,
} from '../db/push-messages';
import { forgetSubscription } from '../db/push-subscriptions';
import type { Bindings } from '../env';
import { errorText, log } from '../log';
import { LEASE_MS, outcomeFor, RETRY_BATCH } from '../outbox/retry-rule';
import { quietUntil } from '../rules/quiet-hours';
import { type PushConfig, pushConfig } from './config';
import type { AlertComposers, AlertPayload, LeadAlertComposer, NoticeAlertComposer } from './payload';

/**
 * Alerts go the way e-mails do (deliverMessage): stored first, one row per alert and
 * device, tried after the visitor's answer, retried by the cron with the same backoff until
 * MAX_ATTEMPTS. A push service's 404 or 410 means the device has unsubscribed: its row goes at
 * once (and its queued alerts with it). An alert due in its person's quiet hours waits until
 * they end, unless it is about an "as soon as possible" request. Nothing here ever throws into
 * a visitor's request, and no log line carries the endpoint, the lead's details or the payload.
 * What an alert says is written when it is sent, by the composer its caller hands in: the queue
 * carries alerts, it does not word them.
 */

export type PushOutcome = 'sent' | 'retrying' | 'failed' | 'gone' | 'held';

/** The longest a title or body may be: a lock screen shows less; the payload stays far under 4 KB. */
const MAX_LINE = 200;
const line = (text: string) => (text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text);
/** An alert as it is sent: whoever wrote it, its title and body within the longest line. */
const withinLimits = (payload: AlertPayload): AlertPayload => ({
  ...payload,
  title: line(payload.title),
  body: line(payload.body),
});

/** Writes the alert a due row is, as what it is about stands now. */
type WriteAlert = (due: DuePush) => AlertPayload | Promise<AlertPayload>;

/** The composer of alerts queued together: about a lead, of the kind queued; about a notice, the notice's. */
type ComposerFor<A extends AlertAbout> = A extends string ? LeadAlertComposer : NoticeAlertComposer;

/** Any due row, by the table of every composer (the cron's retries). */
const byTable =
  (env: Bindings, composers: AlertComposers, now: number): WriteAlert =>
  ({ message, lead, notice }) =>
    lead ? composers.lead[message.kind](env, lead, now) : composers.notice(notice!);

/** The rows queued about one lead or notice, by the one composer their caller hands in. */
function byComposer<A extends AlertAbout>(env: Bindings, about: A, compose: ComposerFor<A>, now: number): WriteAlert {
  // ComposerFor ties the composer to `about`; TypeScript cannot follow that into the branches.
  if (typeof about === 'string') return ({ lead }) => (compose as LeadAlertComposer)(env, lead!, now);
  return ({ notice }) => (compose as NoticeAlertComposer)(notice!);
}

/** A log line's name for what an alert is about: random ids only. */
const aboutFields = (about: AlertAbout) => (typeof about === 'string' ? { id: about } : { notice: about.notice });

/**
 * Queues an alert about a lead for every device that wants it; returns when it is queued (the
 * time the caller passes to deliverQueuedAlerts), or null when alerts are off or D1 refused.
 * A failure here is logged and swallowed: the lead and its e-mails are already safe.
 */
export async function queueAlerts(env: Bindings, about: AlertAbout, kind: InboxAlertKind, urgent: boolean, now = Date.now()) {
  if (!pushConfig(env)) return null;
  try {
    const queued = await queueAlertRows(d1Database(env), about, kind, urgent, now, now + LEASE_MS);
    if (queued > 0) log.info('alerts queued', { ...aboutFields(about), kind, devices: queued });
    return queued > 0 ? now : null;
  } catch (error) {
    log.error('alerts could not be queued', { ...aboutFields(about), kind, error: errorText(error) });
    return null;
  }
}

/** One try of one alert this caller holds. Never throws. */
async function deliverPush(
  env: Bindings,
  due: DuePush,
  config: PushConfig,
  write: WriteAlert,
  now = Date.now(),
): Promise<PushOutcome | null> {
  const { message, subscription, lead, notice } = due;
  const db = d1Database(env);
  const about = lead ? lead.id : { notice: notice!.id };
  const fields = { ...aboutFields(about), alert: message.kind, device: subscription.id, attempts: message.attempts + 1 };
  try {
    const until = message.urgent ? null : quietUntil(due.quiet.quietFrom, due.quiet.quietTo, now);
    if (until !== null) {
      await holdPush(db, message.id, until, now);
      log.info('alert held for quiet hours', { ...fields, until });
      return 'held';
    }
    // The encryption library is loaded when an alert is sent, not by every request that queues one.
    const [payload, { sendPush }] = await Promise.all([write(due), import('./send')]);
    const result = await sendPush(subscription, withinLimits(payload), config, message.urgent);
    if (!result.ok && result.gone) {
      await forgetSubscription(db, subscription.id);
      log.info('alert device removed: its push service says it is gone', { ...fields, reason: result.reason });
      return 'gone';
    }
    const attempts = message.attempts + 1;
    // The e-mails' one retry rule (`outcomeFor`, `backoffMs`): 429 and 5xx again with backoff, others failed.
    const outcome = outcomeFor(attempts, result, now);
    await recordPushOutcome(db, message, attempts, outcome, now);
    if (outcome.status === 'sent') log.info('alert sent', fields);
    else if (outcome.status === 'retrying') log.warn('alert failed, will retry', { ...fields, reason: outcome.error });
    else log.error('alert failed for good', { ...fields, reason: outcome.error });
    return outcome.status;
  } catch (error) {
    // D1 failed while recording: the lease runs out and the cron tries again.
    log.error('alert delivery could not be recorded', { ...fields, error: errorText(error) });
    return null;
  }
}

/** The first try of the alerts just queued about a lead or notice (run after the answer), written by `compose`. */
export async function deliverQueuedAlerts<A extends AlertAbout>(
  env: Bindings,
  about: A,
  queuedAt: number | null,
  compose: ComposerFor<A>,
  now = Date.now(),
) {
  const config = pushConfig(env);
  if (!config || queuedAt === null) return [];
  try {
    const queued = await listQueuedPushes(d1Database(env), about, queuedAt);
    const write = byComposer(env, about, compose, now);
    return await Promise.all(queued.map((due) => deliverPush(env, due, config, write, now)));
  } catch (error) {
    log.error('queued alerts could not be read', { ...aboutFields(about), error: errorText(error) });
    return [];
  }
}

/** Queues and at once tries the alerts about a lead or notice: for work already running after an answer (or in the cron). */
export async function alertNow<A extends AlertAbout>(
  env: Bindings,
  about: A,
  kind: InboxAlertKind,
  urgent: boolean,
  compose: ComposerFor<A>,
  now = Date.now(),
) {
  return deliverQueuedAlerts(env, about, await queueAlerts(env, about, kind, urgent, now), compose, now);
}

/**
 * An alert about a job to the one person it concerns, on each of their devices with alerts on,
 * queued and tried at once (work already running after an answer). Never throws.
 */
export async function alertPersonNow(
  env: Bindings,
  leadId: string,
  personId: number,
  kind: JobAlertKind,
  compose: LeadAlertComposer,
  now = Date.now(),
) {
  const config = pushConfig(env);
  if (!config) return [];
  const db = d1Database(env);
  try {
    const queued = await queueJobAlertRows(db, leadId, personId, kind, now, now + LEASE_MS);
    if (queued === 0) return [];
    log.info('alerts queued', { id: leadId, kind, devices: queued });
    const due = await listQueuedPushes(db, leadId, now, { kind, personId });
    const write = byComposer(env, leadId, compose, now);
    return await Promise.all(due.map((item) => deliverPush(env, item, config, write, now)));
  } catch (error) {
    log.error('alerts could not be queued', { id: leadId, kind, error: errorText(error) });
    return [];
  }
}

/** The cron's work: claim due alerts and try each again, each written by its kind's composer. */
export async function retryDuePushes(env: Bindings, composers: AlertComposers, now = Date.now()) {
  const config = pushConfig(env);
  if (!config) return [];
  const db = d1Database(env);
  const due = await listDuePushes(db, now, RETRY_BATCH);
  const write = byTable(env, composers, now);
  const outcomes: (PushOutcome | null)[] = [];
  for (const item of due) {
    if (!(await claimPush(db, item.message, now, now + LEASE_MS))) continue;
    outcomes.push(await deliverPush(env, item, config, write, now));
  }
  if (due.length > 0) log.info('alert retry run', { due: due.length, tried: outcomes.length });
  return outcomes;
}
