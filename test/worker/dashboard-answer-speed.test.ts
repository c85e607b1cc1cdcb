import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { lastWeeks } from '../../src/admin/dashboard/weeks';
import { request, signIn } from './admin-helpers';
import { tableRows } from './dashboard-helpers';

/** The dashboard's answer speed (issue 36): the median time from a request to its first status change, per week. */

const MINUTE = 60_000;
const CAPTION = 'Time from a request to its first status change or call, by the week it arrived';

async function leadAnsweredAfter(createdAt: number, waitMs: number | null, actor = 'Owner') {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO leads (id, kind, name, email, status, created_at, updated_at) VALUES (?, 'contact', 'Seeded', 'seeded@example.org', 'sent', ?, ?)",
  )
    .bind(id, createdAt, createdAt)
    .run();
  if (waitMs !== null) {
    await env.DB.prepare(
      "INSERT INTO lead_events (id, lead_id, created_at, actor, kind, status) VALUES (?, ?, ?, ?, 'status', 'contacted')",
    )
      .bind(crypto.randomUUID(), id, createdAt + waitMs, actor)
      .run();
    // A later change does not move the first answer.
    await env.DB.prepare(
      "INSERT INTO lead_events (id, lead_id, created_at, actor, kind, status) VALUES (?, ?, ?, ?, 'status', 'booked')",
    )
      .bind(crypto.randomUUID(), id, createdAt + waitMs + 60 * MINUTE, actor)
      .run();
  }
  return id;
}

describe('how fast leads are answered', () => {
  it("shows each week's median wait to the first status change, and how many still wait", async () => {
    const now = Date.now();
    const weeks = lastWeeks(now);
    const thisWeek = weeks.at(-1)!;
    const lastWeek = weeks.at(-2)!;
    // This week: 4, 10 and 30 minutes (median 10), and one not answered yet.
    const early = thisWeek.startMs + MINUTE;
    for (const wait of [30, 4, 10]) await leadAnsweredAfter(early, wait * MINUTE);
    await leadAnsweredAfter(early, null);
    // Last week: 2 h and 3 h (median 2 h 30 min); a customer's own request is not an answer.
    await leadAnsweredAfter(lastWeek.startMs + MINUTE, 2 * 60 * MINUTE);
    await leadAnsweredAfter(lastWeek.startMs + MINUTE, 3 * 60 * MINUTE);
    const customerOnly = await leadAnsweredAfter(lastWeek.startMs + MINUTE, null);
    await env.DB.prepare("INSERT INTO lead_events (id, lead_id, created_at, actor, kind) VALUES (?, ?, ?, 'customer', 'cancel')")
      .bind(crypto.randomUUID(), customerOnly, lastWeek.startMs + 2 * MINUTE)
      .run();

    const owner = await signIn();
    const html = await (await request('/admin/dashboard', { cookie: owner.cookie })).text();
    expect(html).toContain('How fast leads are answered');
    const rows = tableRows(html, CAPTION);
    expect(rows[0]).toEqual(['Week of', 'Median wait', 'Answered', 'Not yet']);
    expect(rows[1]).toEqual([thisWeek.label, '10 min', '3', '1']);
    expect(rows[2]).toEqual([lastWeek.label, '2 h 30 min', '2', '1']);
    expect(rows[3]).toEqual([weeks.at(-3)!.label, 'None answered', '0', '0']);
  }, 30_000);
});
