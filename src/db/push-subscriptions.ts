import { and, asc, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { PushSubscriptionInput } from '../rules/push-subscription';
import type { D1Db as Db } from './client';
import { type AlertSettings, alertSettings, people, pushSubscriptions } from './schema';

/** The devices that take alerts, and each person's choice of alerts (issue 36). */

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

export type SaveOutcome = 'saved' | 'too-many';

/**
 * Stores this browser's subscription for the person signed in on it, in this session (signing
 * the device out deletes it). A browser has one subscription: if it was stored before (for this
 * person, or for someone who signed in on the same browser earlier), it now belongs to this
 * person and session with its current keys. The same person linking the same browser again keeps
 * its "Alerts on since" date and its "Last alert" time; someone else, taking the browser over, starts anew. A person may keep
 * at most `max` devices; the count is checked in the same statement as the insert.
 */
export async function saveSubscription(
  db: Db,
  { personId, sessionId }: { personId: number; sessionId: number },
  input: PushSubscriptionInput,
  device: string,
  now: number,
  max: number,
): Promise<SaveOutcome> {
  const [{ others }] = (await db
    .select({ others: count() })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.personId, personId), ne(pushSubscriptions.endpoint, input.endpoint)))) as [
    { others: number },
  ];
  if (others >= max) return 'too-many';
  const samePerson = sql`${pushSubscriptions.personId} = ${personId}`;
  await db
    .insert(pushSubscriptions)
    .values({ personId, sessionId, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, device, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        personId,
        sessionId,
        p256dh: input.p256dh,
        auth: input.auth,
        device,
        createdAt: sql`case when ${samePerson} then ${pushSubscriptions.createdAt} else ${now} end`,
        lastSentAt: sql`case when ${samePerson} then ${pushSubscriptions.lastSentAt} else null end`,
      },
    });
  return 'saved';
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

export const DEFAULT_ALERT_SETTINGS = {
  newLeads: true,
  customerRequests: true,
  undelivered: true,
  quietFrom: null,
  quietTo: null,
} as const satisfies Omit<AlertSettings, 'personId' | 'updatedAt'>;

export type AlertChoices = Omit<AlertSettings, 'personId' | 'updatedAt'>;

export async function alertSettingsOf(db: Db, personId: number): Promise<AlertChoices> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.personId, personId));
  return row ?? DEFAULT_ALERT_SETTINGS;
}

export async function saveAlertSettings(db: Db, personId: number, choices: AlertChoices, now: number) {
  await db
    .insert(alertSettings)
    .values({ personId, ...choices, updatedAt: now })
    .onConflictDoUpdate({ target: alertSettings.personId, set: { ...choices, updatedAt: now } });
}
