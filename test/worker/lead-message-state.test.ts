import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEASE_MS } from '../../src/outbox/retry-rule';
import { request, type Session, signIn } from './admin-helpers';
import { insertLead, sentMail } from './admin-lead-fixtures';

/**
 * The lead page says what the outbox holds: an e-mail queued to go at once (the booking, sent just
 * after the answer) or one the cron has just taken reads "Sending now", never the time its lease
 * ends; only one held until it is due says when it goes.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

/** One outbox row as a change or a claim leaves it: pending, not yet tried. */
function queue(leadId: string, kind: string, at: { createdAt: number; updatedAt: number; nextAttemptAt: number }) {
  return env.DB.prepare(
    `INSERT INTO lead_messages (id, lead_id, kind, status, attempts, last_error, next_attempt_at, sent_at, created_at, updated_at)
     VALUES (?, ?, ?, 'pending', 0, null, ?, null, ?, ?)`,
  )
    .bind(crypto.randomUUID(), leadId, kind, at.nextAttemptAt, at.createdAt, at.updatedAt)
    .run();
}

/** The page's delivery line under each e-mail of this label. */
async function deliveryOf(id: string, label: string) {
  const page = await (await request(`/admin/leads/${id}`, { cookie: session.cookie })).text();
  const item = new RegExp(`${label}</span>.*?</p><p class="admin-lead__delivery">([^<]*)</p>`, 's').exec(page);
  return item?.[1] ?? '';
}

describe('an e-mail on the lead page', () => {
  it('queued to go at once reads "Sending now", not the end of its lease', async () => {
    const lead = await insertLead({}, { owner: sentMail() });
    const now = Date.now();
    await queue(lead.id, 'booking', { createdAt: now, updatedAt: now, nextAttemptAt: now + LEASE_MS });
    expect(await deliveryOf(lead.id, 'Booking to the customer')).toBe('Sending now.');
  });

  it('taken by the cron when due reads "Sending now"; one still held says when it goes', async () => {
    const taken = await insertLead({}, { owner: sentMail() });
    const now = Date.now();
    await queue(taken.id, 'review', { createdAt: now - 2 * 3_600_000, updatedAt: now, nextAttemptAt: now + LEASE_MS });
    expect(await deliveryOf(taken.id, 'Review request')).toBe('Sending now.');

    const held = await insertLead({}, { owner: sentMail() });
    await queue(held.id, 'review', { createdAt: now, updatedAt: now, nextAttemptAt: now + 2 * 3_600_000 });
    expect(await deliveryOf(held.id, 'Review request')).toMatch(/^Goes (today|tomorrow) at .+ \(UK time\)$/);
  });

  it('due but not yet taken reads "Sending now", not "0 attempts"', async () => {
    const lead = await insertLead({}, { owner: sentMail() });
    const now = Date.now();
    await queue(lead.id, 'visit', { createdAt: now - 3_600_000, updatedAt: now - 3_600_000, nextAttemptAt: now - 60_000 });
    expect(await deliveryOf(lead.id, 'Visit reminder to the customer')).toBe('Sending now.');
  });
});
