import { env } from 'cloudflare:workers';
import type { Lead, LeadMessage } from '../../src/db/schema';
import { tag } from './admin-helpers';

/** Leads written straight into D1 for the admin's tests, with their e-mails in the outbox. */

/** Far-future creation times keep these leads at the top of the newest-first list. */
let clock = Date.parse('2090-01-01T00:00:00Z');

export type MessageFields = Pick<LeadMessage, 'status' | 'attempts' | 'lastError' | 'nextAttemptAt' | 'sentAt'>;

/** The owner's e-mail of a lead given up on: the outbox's state the tests start from. */
export const failedOwnerMail: MessageFields = {
  status: 'failed',
  attempts: 8,
  lastError: 'HTTP 400: invalid request',
  nextAttemptAt: null,
  sentAt: null,
};

/** A lead straight into D1, with its owner's e-mail (and a confirmation when given) in the outbox. */
export async function insertLead(
  fields: Partial<Lead> = {},
  messages: { owner?: MessageFields; customer?: MessageFields } = { owner: failedOwnerMail },
): Promise<Lead> {
  const t = tag();
  clock += 60_000;
  const lead = {
    id: crypto.randomUUID(),
    kind: 'contact',
    name: `Lead ${t}`,
    email: `lead.${t}@example.org`,
    phone: '01632 960123',
    address: '',
    service: '',
    message: `Blocked drain ${t}`,
    createdAt: clock,
    updatedAt: clock,
    handledAt: null,
    bestTime: '',
    areaCheck: '',
    ...fields,
  } as Lead;
  const statements = [
    env.DB.prepare(
      `INSERT INTO leads (id, kind, name, email, phone, address, service, message, created_at, updated_at, handled_at, best_time, area_check)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      lead.id,
      lead.kind,
      lead.name,
      lead.email,
      lead.phone,
      lead.address,
      lead.service,
      lead.message,
      lead.createdAt,
      lead.updatedAt,
      lead.handledAt,
      lead.bestTime,
      lead.areaCheck,
    ),
    ...Object.entries(messages).map(([kind, m]) =>
      env.DB.prepare(
        `INSERT INTO lead_messages (id, lead_id, kind, status, attempts, last_error, next_attempt_at, sent_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(crypto.randomUUID(), lead.id, kind, m.status, m.attempts, m.lastError, m.nextAttemptAt, m.sentAt, clock, clock),
    ),
  ];
  await env.DB.batch(statements);
  return lead;
}

export const sentMail = (at = clock): MessageFields => ({
  status: 'sent',
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  sentAt: at,
});
