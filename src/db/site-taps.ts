import { eq, sql } from 'drizzle-orm';
import { atOrAfter, TAP_KINDS, type TapKind, UNDO_MS } from '../rules/site-taps';
import type { D1Db as Db } from './client';
import { leadMessages, type SiteEvent, siteEvents } from './schema';
import { type ItemBase, stored } from './site-work';

/**
 * The three taps of a job sheet in D1 (issue 57): each stored only in its order and only once,
 * whatever key it comes with, the customer's e-mail it sends queued with it, and the latest undone
 * within its minute.
 */

/**
 * A customer e-mail sent once per lead (on my way, the report), queued in the same transaction as
 * its tap, only where that tap was stored and no e-mail of that kind was queued for the lead yet.
 */
function queueOnce(db: Db, item: ItemBase, kind: 'on-my-way' | 'report', about: string, status: 'pending' | 'skipped') {
  const { leadId, createdAt: now } = item;
  const due = status === 'pending' ? now : null;
  // Every column in the table's order (drizzle lists them all for an insert from a select).
  return db.insert(leadMessages).select(
    sql`select ${crypto.randomUUID()}, ${leadId}, ${kind}, ${status}, 0, null, ${due}, null, ${now}, ${now}, ${about}
        where not exists (select 1 from lead_messages where lead_id = ${leadId} and kind = ${kind})
        and exists (select 1 from site_events where item_key = ${item.itemKey})`,
  );
}

const kindsIn = (kinds: readonly TapKind[]) =>
  sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );

/**
 * "On my way", "Arrived" or "Finished", stored only in its order (`judgeTap` in rules/site-taps):
 * never after itself or a later tap, "Finished" only after "Arrived"; one conditional statement, so
 * two taps at once store one. With it, in one transaction, the customer's e-mail it sends (on my
 * way, the report) when it was stored and no e-mail of that kind was queued for the lead yet.
 */
export async function insertSiteEvent(
  db: Db,
  item: ItemBase & { kind: SiteEvent['kind'] },
  mail?: { kind: 'on-my-way' | 'report'; about: string; status: 'pending' | 'skipped' },
): Promise<boolean> {
  const { itemKey, leadId, personId, kind, createdAt } = item;
  const needsArrival =
    kind === 'finished' ? sql`and exists (select 1 from site_events where lead_id = ${leadId} and kind = 'arrived')` : sql``;
  const insert = db
    .insert(siteEvents)
    .select(
      sql`select ${itemKey}, ${leadId}, ${personId}, ${kind}, ${createdAt}
          where not exists (select 1 from site_events where lead_id = ${leadId} and kind in (${kindsIn(atOrAfter(kind))}))
          ${needsArrival}`,
    )
    .onConflictDoNothing()
    .returning({ itemKey: siteEvents.itemKey });
  if (!mail) return stored(await insert);
  const [rows] = await db.batch([insert, queueOnce(db, item, mail.kind, mail.about, mail.status)]);
  return stored(rows);
}

/** The taps made on a job, and whether one came with this key (the order rule reads them to say why a tap was not stored). */
export async function tapsMade(db: Db, leadId: string, itemKey: string): Promise<{ made: TapKind[]; seen: boolean }> {
  const rows = await db
    .select({ kind: siteEvents.kind, itemKey: siteEvents.itemKey })
    .from(siteEvents)
    .where(eq(siteEvents.leadId, leadId));
  return {
    made: TAP_KINDS.filter((kind) => rows.some((row) => row.kind === kind)),
    seen: rows.some((row) => row.itemKey === itemKey),
  };
}

/** The customer e-mail a tap queues, which its undo takes back while it has not gone. */
const TAP_MAIL: Partial<Record<TapKind, 'on-my-way' | 'report'>> = { 'on-my-way': 'on-my-way', finished: 'report' };

/**
 * Undoes the latest tap (`kind`, when no later one was made) if it was made at most a minute
 * before `at`: its row is deleted and, in the same transaction, its customer e-mail while that
 * has not been sent. Returns whether a tap was undone.
 */
export async function undoSiteTap(db: Db, leadId: string, kind: TapKind, at: number): Promise<boolean> {
  const later = atOrAfter(kind).filter((other) => other !== kind);
  const noLater =
    later.length > 0
      ? sql`and not exists (select 1 from site_events where lead_id = ${leadId} and kind in (${kindsIn(later)}))`
      : sql``;
  const remove = db
    .delete(siteEvents)
    .where(
      sql`${siteEvents.leadId} = ${leadId} and ${siteEvents.kind} = ${kind} and ${siteEvents.createdAt} >= ${at - UNDO_MS} ${noLater}`,
    )
    .returning({ itemKey: siteEvents.itemKey });
  const mailKind = TAP_MAIL[kind];
  if (!mailKind) return stored(await remove);
  const [rows] = await db.batch([
    remove,
    db.delete(leadMessages).where(
      sql`${leadMessages.leadId} = ${leadId} and ${leadMessages.kind} = ${mailKind}
            and ${leadMessages.status} in ('pending', 'retrying', 'skipped')
            and not exists (select 1 from site_events where lead_id = ${leadId} and kind = ${kind})`,
    ),
  ]);
  return stored(rows);
}
