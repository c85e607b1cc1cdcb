import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { tag } from './admin-helpers';
import { eventsOf, leadRow } from './job-helpers';

/**
 * Migration 0007 turns "handled" into the status done. Here leads are written as the code before
 * 0007 wrote them (handled_at or not, the new columns at their defaults), then 0007's own
 * statements run over them, as they do on the live database. Each test file has its own D1.
 */

const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0007_'))!;
const statement = (pattern: RegExp) => migration.queries.find((query) => pattern.test(query))!;

async function insertOldLead(handledAt: number | null) {
  const id = crypto.randomUUID();
  const createdAt = Date.parse('2026-03-01T09:15:00Z');
  await env.DB.prepare(
    `INSERT INTO leads (id, kind, name, email, message, created_at, updated_at, handled_at)
     VALUES (?, 'contact', ?, ?, 'Blocked drain', ?, ?, ?)`,
  )
    .bind(id, `Old ${tag()}`, `old.${tag()}@example.org`, createdAt, createdAt, handledAt)
    .run();
  return { id, createdAt };
}

describe('migration 0007 on leads stored before it', () => {
  it('makes each handled lead done, at the very time it was handled, and keeps every other lead new', async () => {
    const handledAt = Date.parse('2026-03-02T17:40:12.345Z');
    const handled = await insertOldLead(handledAt);
    const open = await insertOldLead(null);
    const update = statement(/UPDATE `leads` SET `job_status` = 'done'/);
    const history = statement(/INSERT INTO `lead_events`/);
    expect(update).toBeDefined();
    expect(history).toBeDefined();
    await env.DB.batch([env.DB.prepare(update), env.DB.prepare(history)]);

    expect(await leadRow(handled.id)).toMatchObject({
      jobStatus: 'done',
      handledAt,
      createdAt: handled.createdAt,
      updatedAt: handled.createdAt,
    });
    expect(await leadRow(open.id)).toMatchObject({ jobStatus: 'new', handledAt: null, createdAt: open.createdAt });
    const [event, ...more] = await eventsOf(handled.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      kind: 'status',
      status: 'done',
      actor: 'owner',
      createdAt: handledAt,
      detail: 'Marked handled',
    });
    expect(event!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await eventsOf(open.id)).toEqual([]);
  });

  it('lets a lead have several booking e-mails but still one confirmation', async () => {
    const { id } = await insertOldLead(null);
    const insert = (kind: string) =>
      env.DB.prepare(
        `INSERT INTO lead_messages (id, lead_id, kind, status, created_at, updated_at) VALUES (?, ?, ?, 'pending', 1, 1)`,
      ).bind(crypto.randomUUID(), id, kind);
    await insert('booking').run();
    await insert('booking').run();
    await insert('customer').run();
    await expect(insert('customer').run()).rejects.toThrow(/UNIQUE/);
    await insert('review').run();
    await expect(insert('review').run()).rejects.toThrow(/UNIQUE/);
  });
});
