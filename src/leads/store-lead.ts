import { d1Database } from '../db/client';
import { insertLead, type NewLeadFields, type StoredPhoto } from '../db/leads';
import type { Lead, LeadMessage, LeadMessageKind } from '../db/schema';
import type { Bindings } from '../env';
import { log } from '../log';
import { mailerConfig } from '../outbox/mailer';
import { LEASE_MS } from '../outbox/retry-rule';
import { confirmationsOn } from './confirmations';
import { matchKeysOf } from './match-keys';

/**
 * A lead is written to D1 with one outbox row per e-mail (the owner's notification, and the
 * customer's confirmation unless switched off) before any is tried (deliverMessage).
 */

export interface StoredLead {
  lead: Lead;
  messages: LeadMessage[];
  photoCount: number;
}

/** Stores a lead (with its match keys), its messages and its photos' rows; throws only if D1 could not take them (the one failure a visitor sees). */
export async function storeLead(
  env: Bindings,
  id: string,
  fields: NewLeadFields,
  photos: readonly StoredPhoto[],
  now = Date.now(),
): Promise<StoredLead> {
  const willSend = mailerConfig(env) !== null;
  const kinds: LeadMessageKind[] = confirmationsOn(env) ? ['owner', 'customer'] : ['owner'];
  const { lead, messages } = await insertLead(
    d1Database(env),
    { ...fields, ...matchKeysOf(fields) },
    {
      id,
      now,
      messages: kinds,
      status: willSend ? 'pending' : 'skipped',
      nextAttemptAt: willSend ? now + LEASE_MS : null,
      photos,
    },
  );
  log.info('lead stored', {
    id,
    kind: lead.kind,
    photos: photos.length,
    messages: kinds.join(' '),
    status: willSend ? 'pending' : 'skipped',
  });
  if (!willSend) log.warn('lead e-mail skipped: MAILCHANNELS_API_KEY is not set', { id });
  return { lead, messages, photoCount: photos.length };
}
