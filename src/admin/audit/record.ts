import { insertAuditLine } from '../../db/audit';
import type { D1Db as Db } from '../../db/client';
import { errorText, log } from '../../log';

/**
 * The audit log: who did what to which object, and when. A table, not a log line (`log`
 * stays the one way to write those). Lines hold ids and the names of the people who sign in,
 * never a customer's personal data: an object is named by its id (a lead's random id, a post's
 * number, a picture's key), never by its contents. Kept two years (`deleteAuditLinesPastRetention`);
 * erasing a person's leads keeps the lines.
 */

/** What the audit page says for each action; an action not listed here is shown as it is. */
export const AUDIT_ACTIONS = {
  'signed-in': 'Signed in',
  'signed-in-token': 'Signed in with the admin token',
  'signed-out': 'Signed out',
  'session-ended': 'Ended a session',
  'sessions-ended': 'Ended all other sessions',
  'person-signed-out': 'Signed a person out on every device',
  'passkey-added': 'Added a passkey',
  'passkey-removed': 'Removed a passkey',
  'post-saved': 'Saved a post',
  'post-deleted': 'Deleted a post',
  'media-uploaded': 'Uploaded a picture',
  'media-deleted': 'Deleted a picture',
  'lead-status-changed': "Changed a lead's status",
  'lead-done-undone': 'Undid "done" on a lead',
  'lead-review-cancelled': "Cancelled a lead's review request",
  'lead-noted': 'Added a note to a lead',
  'lead-called': "Tapped a lead's Call or WhatsApp button",
  'lead-email-resent': "Resent a lead's e-mail",
  'lead-deleted': 'Deleted a lead',
  'person-exported': "Exported a person's leads",
  'person-erased': "Erased a person's leads",
  'erasure-notice-done': 'Marked an undelivered cancellation of an erased lead dealt with',
  'leads-exported': 'Exported the leads (CSV)',
  'site-saved': 'Saved site content',
  'site-restored': 'Restored site content',
  'person-invited': 'Invited a person',
  'person-removed': 'Removed a person',
  'person-role-changed': "Changed a person's role",
  'person-renamed': 'Renamed a person',
  'lead-assigned': 'Gave a job to a person',
  'invite-accepted': 'Accepted an invitation',
  'alerts-on': 'Turned on alerts on a device',
  'alerts-off': 'Turned off alerts on a device',
  'alert-settings-saved': 'Saved alert settings',
  'calendar-feed-made': 'Made a new calendar address',
  'calendar-feed-off': 'Turned off their calendar address',
  'quote-saved': 'Saved a draft quote',
  'quote-sent': 'Sent a quote',
  'quote-revised': 'Revised a quote',
  'quote-withdrawn': 'Withdrew a quote',
  'quote-duplicated': 'Duplicated a quote',
  'checklist-saved': 'Saved a service’s on-site checklist',
  'on-site-setting': 'Changed whether "Finished" marks a job done',
  'invoice-saved': 'Saved a draft invoice',
  'invoice-deleted': 'Deleted a draft invoice',
  'invoice-issued': 'Issued an invoice',
  'invoice-credited': 'Wrote a credit note',
  'payment-recorded': 'Recorded a payment on an invoice',
  'refund-recorded': 'Recorded a refund on an invoice',
  'money-exported': 'Exported invoices or payments for the accountant',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

interface AuditActor {
  id: number;
  name: string;
}

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  objectType?: string;
  objectId?: string | number;
}

const MAX_OBJECT_ID = 200;

/**
 * Writes one line. An action that has happened is not undone because its line could not be
 * written: the failure is logged (without the line's object) and the request goes on.
 */
export async function recordAudit(db: Db, entry: AuditEntry, now = Date.now()): Promise<void> {
  try {
    await insertAuditLine(db, {
      at: now,
      actorId: entry.actor.id,
      actorName: entry.actor.name,
      action: entry.action,
      objectType: entry.objectType ?? null,
      objectId: entry.objectId === undefined ? null : String(entry.objectId).slice(0, MAX_OBJECT_ID),
    });
  } catch (error) {
    log.error('audit line not written', { action: entry.action, error: errorText(error) });
  }
}
