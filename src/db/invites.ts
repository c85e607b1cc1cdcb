import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { D1Db as Db } from './client';
import { type Invite, invites, type Person, people } from './schema';

export type InviteMailOutcome =
  | { status: 'sent' }
  | { status: 'retrying'; error: string; nextAttemptAt: number }
  | { status: 'failed'; error: string };

export async function insertInvite(
  db: Db,
  fields: {
    nonce: string;
    tokenHash: string;
    personId: number;
    expiresAt: number;
    mailStatus: Invite['mailStatus'];
    mailNextAttemptAt: number | null;
  },
  now: number,
): Promise<Invite> {
  const [row] = await db
    .insert(invites)
    .values({ ...fields, createdAt: now })
    .returning();
  return row!;
}

/** An invitation by its link's token hash, with its person (if still present). */
export async function findInvite(db: Db, tokenHash: string): Promise<{ invite: Invite; person: Person } | null> {
  const [row] = await db
    .select({ invite: invites, person: people })
    .from(invites)
    .innerJoin(people, eq(people.id, invites.personId))
    .where(and(eq(invites.tokenHash, tokenHash), sql`${people.removedAt} IS NULL`))
    .limit(1);
  return row ?? null;
}

/** Marks an invitation used; false if it already was (two tabs, or a replay). */
export async function markInviteUsed(db: Db, id: number, now: number): Promise<boolean> {
  const used = await db
    .update(invites)
    .set({ usedAt: now })
    .where(and(eq(invites.id, id), isNull(invites.usedAt)))
    .returning({ id: invites.id });
  return used.length === 1;
}

export const listOpenInvites = (db: Db, now: number) =>
  db
    .select()
    .from(invites)
    .where(and(isNull(invites.usedAt), sql`${invites.expiresAt} > ${now}`))
    .orderBy(asc(invites.createdAt));

export const deleteInvitesOf = (db: Db, personId: number) => db.delete(invites).where(eq(invites.personId, personId));

/** Invitation e-mails due for a try, oldest first, with their person (the outbox's cron path). */
export const listDueInvites = (db: Db, now: number, limit: number) =>
  db
    .select({ invite: invites, person: people })
    .from(invites)
    .innerJoin(people, eq(people.id, invites.personId))
    .where(
      and(
        inArray(invites.mailStatus, ['pending', 'retrying']),
        isNotNull(invites.mailNextAttemptAt),
        lte(invites.mailNextAttemptAt, now),
        isNull(invites.usedAt),
        sql`${people.removedAt} IS NULL`,
      ),
    )
    .orderBy(asc(invites.mailNextAttemptAt))
    .limit(limit);

/** Takes a due invitation e-mail for one attempt by moving its next attempt to the lease's end (one winner). */
export async function claimInviteMail(db: Db, invite: Invite, now: number, leaseUntil: number): Promise<boolean> {
  if (invite.mailNextAttemptAt === null) return false;
  const claimed = await db
    .update(invites)
    .set({ mailNextAttemptAt: leaseUntil })
    .where(
      and(
        eq(invites.id, invite.id),
        inArray(invites.mailStatus, ['pending', 'retrying']),
        eq(invites.mailNextAttemptAt, invite.mailNextAttemptAt),
        lte(invites.mailNextAttemptAt, now),
      ),
    )
    .returning({ id: invites.id });
  return claimed.length === 1;
}

export const recordInviteMail = (db: Db, id: number, attempts: number, outcome: InviteMailOutcome) =>
  db
    .update(invites)
    .set({
      mailStatus: outcome.status,
      mailAttempts: attempts,
      mailError: outcome.status === 'sent' ? null : outcome.error,
      mailNextAttemptAt: outcome.status === 'retrying' ? outcome.nextAttemptAt : null,
    })
    .where(eq(invites.id, id));

/**
 * Queues again the e-mail of a person's open invitation (not used, not expired, one that was to be
 * e-mailed): after the owner changes their role, so the e-mail they act on names the new one. The
 * link stays the same. Returns the invitations queued.
 */
export const requeueOpenInviteMail = (db: Db, personId: number, now: number, nextAttemptAt: number) =>
  db
    .update(invites)
    .set({ mailStatus: 'pending', mailAttempts: 0, mailError: null, mailNextAttemptAt: nextAttemptAt })
    .where(
      and(
        eq(invites.personId, personId),
        isNull(invites.usedAt),
        sql`${invites.expiresAt} > ${now}`,
        sql`${invites.mailStatus} <> 'skipped'`,
      ),
    )
    .returning();
