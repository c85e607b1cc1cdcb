import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { answerSpeedByWeek } from '../../src/admin/dashboard/answer-speed';
import { lastWeeks } from '../../src/admin/dashboard/weeks';
import { answerTimesByWeek } from '../../src/db/answer-times';
import { d1Database } from '../../src/db/client';
import { formatLondon } from '../../src/rules/uk-time';
import { takeLogs } from '../support/console-guard';
import { postForm, request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { tableRows } from './dashboard-helpers';

/**
 * A tap on the lead page's Call or WhatsApp button (issue 36): the island posts it to the
 * lead's /called address with the session's CSRF token; the timeline says "Called by …" and the
 * first tap is the lead's answer on the dashboard when no status change came before it.
 */

const MINUTE = 60_000;
const CAPTION = 'Time from a request to its first status change or call, by the week it arrived';

const called = (session: Session, leadId: string, fields: Record<string, string>, options: { csrf?: string | null } = {}) =>
  postForm(session, `/admin/api/leads/${leadId}/called`, fields, { multipart: true, ...options });

const calledEvents = async (leadId: string) =>
  (
    await env.DB.prepare("SELECT actor, detail, created_at FROM lead_events WHERE lead_id = ? AND kind = 'called'")
      .bind(leadId)
      .all<{ actor: string; detail: string; created_at: number }>()
  ).results;

/** The timeline's entries as the page shows them: "<time> <words>". */
async function timeline(session: Session, leadId: string): Promise<string[]> {
  const html = await (await request(`/admin/leads/${leadId}`, { cookie: session.cookie })).text();
  const list = /<ol class="lead-timeline"[^>]*>(.*?)<\/ol>/s.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li[^>]*>(.*?)<\/li>/gs)].map(([, item]) =>
    item!
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

describe('a tap on the Call button of a lead', () => {
  it('sets the answer time when it comes before any status change, and the dashboard median counts it', {
    timeout: 30_000,
  }, async () => {
    const owner = await signIn();
    const now = Date.now();
    const thisWeek = lastWeeks(now).at(-1)!;
    // A lead that arrived 7 minutes ago (or at the week's start, if the week is younger than that).
    const createdAt = Math.max(thisWeek.startMs, now - 7 * MINUTE);
    const lead = await insertLead({ createdAt, updatedAt: createdAt });

    const res = await called(owner, lead.id, { channel: 'call' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, recorded: true });
    const [event] = await calledEvents(lead.id);
    expect(event).toMatchObject({ actor: 'Owner', detail: 'call' });
    expect(event!.created_at).toBeGreaterThanOrEqual(now);
    expect(await timeline(owner, lead.id)).toContain(`${formatLondon(event!.created_at)} Called by Owner`);

    // A redial a moment later is the same call: recorded once.
    const again = await called(owner, lead.id, { channel: 'call' });
    expect(await again.json()).toEqual({ ok: true, recorded: false });
    expect(await calledEvents(lead.id)).toHaveLength(1);

    // A status change an hour after the call does not move the answer: the tap came first.
    await env.DB.prepare(
      "INSERT INTO lead_events (id, lead_id, created_at, actor, kind, status) VALUES (?, ?, ?, 'Owner', 'status', 'contacted')",
    )
      .bind(crypto.randomUUID(), lead.id, event!.created_at + 60 * MINUTE)
      .run();

    const html = await (await request('/admin/dashboard', { cookie: owner.cookie })).text();
    const rows = tableRows(html, CAPTION);
    const wait = event!.created_at - createdAt;
    // This file's only lead of this week: its median is its own wait, to the tap.
    expect(rows[1]).toEqual([thisWeek.label, wait < MINUTE ? 'under a minute' : `${Math.round(wait / MINUTE)} min`, '1', '0']);
  });

  it('takes the median over taps and status changes, whichever came first for each lead', async () => {
    // Three leads in a week of their own (far in the future, apart from every other test's).
    const week = lastWeeks(Date.parse('2091-03-07T12:00:00Z'), 1)[0]!;
    const start = week.startMs;
    const seed = async (events: { after: number; kind: 'called' | 'status' | 'note' }[]) => {
      const lead = await insertLead({ createdAt: start + MINUTE, updatedAt: start + MINUTE });
      for (const { after, kind } of events) {
        await env.DB.prepare(
          "INSERT INTO lead_events (id, lead_id, created_at, actor, kind, status, detail) VALUES (?, ?, ?, 'Owner', ?, ?, ?)",
        )
          .bind(crypto.randomUUID(), lead.id, start + MINUTE + after * MINUTE, kind, kind === 'status' ? 'contacted' : null, '')
          .run();
      }
    };
    await seed([
      { after: 3, kind: 'called' },
      { after: 40, kind: 'status' },
    ]); // 3 min: the tap
    await seed([
      { after: 20, kind: 'status' },
      { after: 25, kind: 'called' },
    ]); // 20 min: the status change
    await seed([
      { after: 2, kind: 'note' },
      { after: 90, kind: 'called' },
    ]); // 90 min: a note is no answer
    const speeds = answerSpeedByWeek(await answerTimesByWeek(d1Database(env), [week]), 1);
    expect(speeds).toEqual([{ answered: 3, waiting: 0, medianMs: 20 * MINUTE }]);
  });

  it('records a WhatsApp tap in its own words, by the person signed in', async () => {
    const owner = await signIn();
    const lead = await insertLead();
    expect(await (await called(owner, lead.id, { channel: 'whatsapp' })).json()).toEqual({ ok: true, recorded: true });
    const entries = await timeline(owner, lead.id);
    expect(entries.some((entry) => entry.endsWith('WhatsApp chat opened by Owner'))).toBe(true);
  });

  it('refuses a tap without the CSRF token, of another kind, on no lead or with no session, and stores nothing', async () => {
    const owner = await signIn();
    const lead = await insertLead();
    const noToken = await called(owner, lead.id, { channel: 'call' }, { csrf: null });
    expect(noToken.status).toBe(403);
    const wrongToken = await called(owner, lead.id, { channel: 'call' }, { csrf: 'x'.repeat(43) });
    expect(wrongToken.status).toBe(403);
    expect(takeLogs('warn', 'admin form refused: CSRF token missing or wrong')).toHaveLength(2);
    const email = await called(owner, lead.id, { channel: 'email' });
    expect(email.status).toBe(400);
    expect(await email.json()).toEqual({ error: 'Say which button was tapped: call or whatsapp.' });
    expect((await called(owner, lead.id, { channel: 'c'.repeat(5000) })).status).toBe(400);
    const gone = await called(owner, crypto.randomUUID(), { channel: 'call' });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: 'That lead no longer exists.' });
    const anonymous = await request(`/admin/api/leads/${lead.id}/called`, {
      body: new URLSearchParams({ channel: 'call', _csrf: owner.csrf }),
    });
    expect(anonymous.status).toBe(401);
    // From another site, even with the cookie and the token.
    const crossSite = await postForm(
      owner,
      `/admin/api/leads/${lead.id}/called`,
      { channel: 'call' },
      { origin: 'https://evil.example', headers: { 'Sec-Fetch-Site': 'cross-site' } },
    );
    expect(crossSite.status).toBe(403);
    expect(await calledEvents(lead.id)).toEqual([]);
  });

  it("puts the buttons' island on the lead page, reporting to the lead's own address, and keeps the plain links", async () => {
    const owner = await signIn();
    const lead = await insertLead({ phone: '01632 960123' });
    const html = await (await request(`/admin/leads/${lead.id}`, { cookie: owner.cookie })).text();
    const props = /data-island="ContactButtons" data-props="([^"]+)"/.exec(html)?.[1];
    expect(props).toBeDefined();
    const parsed = JSON.parse(props!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Record<string, unknown>;
    expect(parsed).toMatchObject({ recordTo: `/admin/api/leads/${lead.id}/called`, csrf: owner.csrf });
    expect(html).toContain('href="tel:+441632960123"');
    expect(html).toMatch(/href="https:\/\/wa\.me\/441632960123\?text=/);
  });
});
