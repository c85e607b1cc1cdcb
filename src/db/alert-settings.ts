import { and, eq, sql } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { type AlertSettings, alertSettings } from './schema';

/**
 * Each person's choice of alerts and their quiet hours (issue 36), saved only from a form read
 * from them as they are now: the version a form carries is the row's `updated_at` ('' before the
 * first save), and every save moves it on, so a form from another tab or device saved in between
 * changes nothing.
 */

export type AlertChoices = Omit<AlertSettings, 'personId' | 'updatedAt'>;

const DEFAULT_ALERT_SETTINGS = {
  newLeads: true,
  customerRequests: true,
  undelivered: true,
  quietFrom: null,
  quietTo: null,
} as const satisfies AlertChoices;

export interface StoredAlertSettings {
  choices: AlertChoices;
  /** What a form read from these settings carries: `updated_at`, or '' while nothing is saved. */
  version: string;
  /** When they were last saved; null while nothing is. */
  savedAt: number | null;
}

export async function alertSettingsOf(db: Db, personId: number): Promise<StoredAlertSettings> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.personId, personId));
  if (!row) return { choices: DEFAULT_ALERT_SETTINGS, version: '', savedAt: null };
  const { personId: _person, updatedAt, ...choices } = row;
  return { choices, version: String(updatedAt), savedAt: updatedAt };
}

/**
 * Saves `fields` (all the choices, or an engineer's quiet hours alone, the rest kept) if the
 * settings are still at `version`; false when they are not (nothing saved). One statement each
 * way, so two saves at once cannot both pass; `updated_at` always moves forward, even within
 * one millisecond, so no two saves share a version.
 */
export async function saveAlertSettingsIfCurrent(
  db: Db,
  personId: number,
  version: string,
  fields: Partial<AlertChoices>,
  now: number,
): Promise<boolean> {
  if (version === '') {
    const inserted = await db
      .insert(alertSettings)
      .values({ personId, ...fields, updatedAt: now })
      .onConflictDoNothing()
      .returning({ personId: alertSettings.personId });
    return inserted.length === 1;
  }
  if (!/^\d{1,15}$/.test(version)) return false;
  const updated = await db
    .update(alertSettings)
    .set({ ...fields, updatedAt: sql`max(${now}, ${alertSettings.updatedAt} + 1)` })
    .where(and(eq(alertSettings.personId, personId), eq(alertSettings.updatedAt, Number(version))))
    .returning({ personId: alertSettings.personId });
  return updated.length === 1;
}
