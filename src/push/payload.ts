import type { AlertKind, ErasureNotice, Lead } from '../db/schema';
import type { Bindings } from '../env';

/**
 * What an alert says: no more than a glance at the lock screen needs (the customer's name, the
 * service, the town), never a phone number, an e-mail, an address or the message. The service
 * worker shows `title` and `body` and opens `url`, the lead's page in the admin, when tapped.
 * The push queue carries it (cut to its longest lines); the domain an alert is about writes it
 * (AlertComposers).
 */
export interface AlertPayload {
  title: string;
  body: string;
  /** A path on our origin: the service worker opens nothing else. */
  url: string;
  /** One notification per lead and kind: a retry replaces rather than repeats it. */
  tag: string;
}

/** Writes an alert about a lead as the lead is when the alert is sent (a retry says what is true then). */
export type LeadAlertComposer = (env: Bindings, lead: Lead, now: number) => AlertPayload | Promise<AlertPayload>;

/** Writes the alert an erased lead's notice sends (its visit's day and hours, nothing of the customer). */
export type NoticeAlertComposer = (notice: ErasureNotice) => AlertPayload;

/**
 * Every alert the queue may have to send again, handed in by the cron: one composer per kind of
 * alert about a lead (a kind without one is a type error where the table is written), and the
 * notice's.
 */
export interface AlertComposers {
  readonly lead: { readonly [K in AlertKind]: LeadAlertComposer };
  readonly notice: NoticeAlertComposer;
}
