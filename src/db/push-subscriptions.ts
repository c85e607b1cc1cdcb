import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PushSubscriptionInput } from '../rules/push-subscription';
import type { D1Db as Db } from './client';
import { people, pushSubscriptions } from './schema';

/** The devices that take alerts (issue 36); each person's choice of them is `alertSettingsOf`. */

export const listSubscriptionsOf = (db: Db, personId: number) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.personId, personId)).orderBy(asc(pushSubscriptions.createdAt));

/** Everyone's devices with their person's name, for the owner (who may remove any). */
export const listAllSubscriptions = (db: Db) =>
  db
    .select({ subscription: pushSubscriptions, personName: people.name })
    .from(pushSubscriptions)
    .innerJoin(people, eq(people.id, pushSubscriptions.personId))
    .where(isNull(people.removedAt))
    .orderBy(asc(people.name), asc(pushSubscriptions.createdAt));

/** The sign-ins whose device has alerts on: one person's, or everyone's (null). */
export async function sessionsWithAlerts(db: Db, personId: number | null): Promise<Set<number>> {
  const rows = await db
    .select({ sessionId: pushSubscriptions.sessionId })
    .from(pushSubscriptions)
    .where(personId === null ? isNotNull(pushSubscriptions.sessionId) : eq(pushSubscriptions.personId, personId));
  return new Set(rows.flatMap((row) => (row.sessionId === null ? [] : [row.sessionId])));
}

export type SaveOutcome = 'saved' | 'too-many' | 'taken-by-other';

/**
 * Stores this browser's subscription for the person signed in on it, in this session (signing
 * the device out deletes it). A browser has one subscription: the same person linking it again
 * keeps its "Alerts on since" date and its "Last alert" time. Someone else may take it over (they
 * signed in on that browser) only by posting its current keys, which only that browser holds; a
 * post of another person's endpoint alone leaves their device theirs. A person keeps at most `max`
 * devices. The count, the owner check and the write are one statement, so requests sent at
 * once cannot pass the limit between a count and an insert (issue 47).
 */
export async function saveSubscription(
  db: Db,
  { personId, sessionId }: { personId: number; sessionId: number },
  input: PushSubscriptionInput,
  device: string,
  now: number,
  max: number,
): Promise<SaveOutcome> {
  const { endpoint, p256dh, auth } = input;
  const stored = await db.all<{ id: number }>(sql`
    insert into push_subscriptions (person_id, session_id, endpoint, p256dh, auth, device, created_at)
    select ${personId}, ${sessionId}, ${endpoint}, ${p256dh}, ${auth}, ${device}, ${now}
    where (select count(*) from push_subscriptions where person_id = ${personId} and endpoint <> ${endpoint}) < ${max}
    on conflict (endpoint) do update set
      person_id = excluded.person_id,
      session_id = excluded.session_id,
      p256dh = excluded.p256dh,
      auth = excluded.auth,
      device = excluded.device,
      created_at = case when push_subscriptions.person_id = excluded.person_id then push_subscriptions.created_at else excluded.created_at end,
      last_sent_at = case when push_subscriptions.person_id = excluded.person_id then push_subscriptions.last_sent_at else null end
    where push_subscriptions.person_id = excluded.person_id
      or (push_subscriptions.p256dh = excluded.p256dh and push_subscriptions.auth = excluded.auth)
    returning id`);
  if (stored.length === 1) return 'saved';
  const [holder] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  const othersWithoutKeys = holder && holder.personId !== personId && (holder.p256dh !== p256dh || holder.auth !== auth);
  return othersWithoutKeys ? 'taken-by-other' : 'too-many';
}

/** Removes a device: the person's own, or anyone's when `personId` is null (the owner). False when none matched. */
export async function removeSubscription(db: Db, id: number, personId: number | null): Promise<boolean> {
  const condition =
    personId === null
      ? eq(pushSubscriptions.id, id)
      : and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.personId, personId));
  const removed = await db.delete(pushSubscriptions).where(condition).returning({ id: pushSubscriptions.id });
  return removed.length === 1;
}

/** The push service says this subscription is gone (404, 410): it goes, with its queued alerts. */
export const forgetSubscription = (db: Db, id: number) => db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
