import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { D1_LIMITS } from '../../src/db/d1-limits';
import { leadEvents } from '../../src/db/schema';
import { createPost, postFields, postForm, request, type Session, signIn, tag } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { db, insertTestLead } from './privacy-helpers';

/**
 * D1's limits that the code depends on (docs/decisions/034-d1-s-limits-and-queries-that-cannot-pass-them.md):
 * local D1 enforces them, so each is shown here at the limit and past it, and then what a person does that once
 * passed one: a long inbox search, a long post title, a person with many leads.
 */

let session: Session;

beforeAll(async () => {
  session = await signIn();
});

const refusal = async (sql: string, ...values: unknown[]) => {
  try {
    await env.DB.prepare(sql)
      .bind(...values)
      .all();
    return 'accepted';
  } catch (error) {
    return String(error);
  }
};

describe("local D1 enforces the limits production's D1 has", () => {
  it(`LIKE and GLOB patterns: ${D1_LIMITS.likePatternBytes} bytes pass, one more is refused`, async () => {
    const at = 'a'.repeat(D1_LIMITS.likePatternBytes);
    expect(await refusal('select ? like ?', 'a', at)).toBe('accepted');
    expect(await refusal('select ? like ?', 'a', `${at}a`)).toMatch(/LIKE or GLOB pattern too complex/);
    expect(await refusal('select ? glob ?', 'a', `${at}a`)).toMatch(/LIKE or GLOB pattern too complex/);
  });

  it(`bound parameters: ${D1_LIMITS.boundParameters} pass, one more is refused`, async () => {
    const select = (n: number) => `select ${Array.from({ length: n }, () => '?').join(', ')}`;
    const values = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(await refusal(select(D1_LIMITS.boundParameters), ...values(D1_LIMITS.boundParameters))).toBe('accepted');
    expect(await refusal(select(D1_LIMITS.boundParameters + 1), ...values(D1_LIMITS.boundParameters + 1))).toMatch(
      /too many SQL variables/,
    );
  });

  it(`statements: under ${D1_LIMITS.statementBytes} bytes pass, longer ones are refused (so text is bound, never written in)`, async () => {
    const literal = (bytes: number) => `select '${'a'.repeat(bytes - "select ''".length)}'`;
    expect(await refusal(literal(D1_LIMITS.statementBytes - 100))).toBe('accepted');
    expect(await refusal(literal(D1_LIMITS.statementBytes + 100))).toMatch(/statement too long|TOOBIG/);
    // The same text bound as a value is no part of the statement.
    expect(await refusal('select length(?)', 'a'.repeat(D1_LIMITS.statementBytes + 100))).toBe('accepted');
  });
});

/** A sentence pasted from a customer's message, 200 characters long, unique to this run. */
const pastedSentence = () => {
  const start = `Hi, the drain ${tag()} outside the back door keeps blocking and water comes up `;
  return `${start}${'through the grate every time it rains heavily, so '.repeat(5)}`.slice(0, 200);
};

describe('the inbox search', () => {
  it.each([48, 49, 50, 51, 100])('finds a lead from the first %i characters of its message', async (length) => {
    const message = pastedSentence();
    const lead = await insertLead({ message });
    const other = await insertLead();
    const res = await request(`/admin/leads?q=${encodeURIComponent(message.slice(0, length))}`, { cookie: session.cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`/admin/leads/${lead.id}`);
    expect(html).not.toContain(`/admin/leads/${other.id}`);
  });

  it('answers a 200-character search with the leads matching its first 100 characters (the field holds 100)', async () => {
    const message = pastedSentence();
    const lead = await insertLead({ message: message.slice(0, 120) });
    const res = await request(`/admin/leads?q=${encodeURIComponent(message)}`, { cookie: session.cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`/admin/leads/${lead.id}`);
    expect(html).toContain(`1 lead matching “${message.slice(0, 100).trim()}”`);
  });

  it('ignores ASCII case, and a long search of wildcards matches only itself', async () => {
    const message = pastedSentence();
    const lead = await insertLead({ message });
    const shouted = await request(`/admin/leads?q=${encodeURIComponent(message.slice(0, 60).toUpperCase())}`, {
      cookie: session.cookie,
    });
    expect(await shouted.text()).toContain(`/admin/leads/${lead.id}`);
    const wild = await request(`/admin/leads?q=${encodeURIComponent('%_'.repeat(40))}`, { cookie: session.cookie });
    expect(wild.status).toBe(200);
    expect(await wild.text()).toContain('No leads here.');
  });
});

const title55 = 'Blocked drain at Christmas? What to do before we arrive';

describe('a long post title', () => {
  it('has the title the owner reported: 55 characters', () => {
    expect(title55).toHaveLength(55);
  });

  it.each(['preview', 'draft', 'save'])('%s works with a 55-character title, twice over (the second gets -2)', async (intent) => {
    const title = `${title55} ${tag()}`;
    const first = await postForm(session, '/admin/posts', postFields({ title, intent }), { multipart: true });
    if (intent === 'preview') {
      expect(first.status).toBe(200);
      expect(await first.text()).toContain(title);
      return;
    }
    expect(first.status).toBe(303);
    const second = await postForm(session, '/admin/posts', postFields({ title, intent }), { multipart: true });
    expect(second.status).toBe(303);
    const { results } = await env.DB.prepare('select slug from posts where title = ? order by id')
      .bind(title)
      .all<{ slug: string }>();
    expect(results.map((row) => row.slug)).toEqual([
      expect.stringMatching(/^blocked-drain-at-christmas-/),
      expect.stringMatching(/-2$/),
    ]);
    expect(results[1]!.slug).toBe(`${results[0]!.slug}-2`);
  });

  it('a 120-character title makes a slug of at most 80 characters, made unique without LIKE', async () => {
    const title = `${title55} ${tag()} `.padEnd(120, 'x');
    const first = await createPost(session, postFields({ title }));
    const second = await createPost(session, postFields({ title }));
    const slugOf = async (id: number) =>
      (await env.DB.prepare('select slug from posts where id = ?').bind(id).first<{ slug: string }>())!.slug;
    const [a, b] = [await slugOf(first), await slugOf(second)];
    expect(a.length).toBeLessThanOrEqual(80);
    expect(b).toBe(`${a}-2`);
  });

  it('a typed slug of 120 characters is kept; 121 is refused with a clear message; a taken 120 asks for a shorter one', async () => {
    const slug = `long-${tag()}-`.padEnd(120, 'a');
    await createPost(session, postFields({ slug }));
    const longer = await postForm(session, '/admin/posts', postFields({ slug: `${slug}a` }), { multipart: true });
    expect(longer.status).toBe(400);
    expect(await longer.text()).toContain('Keep the slug under 120 characters.');
    const taken = await postForm(session, '/admin/posts', postFields({ slug }), { multipart: true });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain('already uses this slug. Choose a shorter one.');
  });
});

describe('a person with more leads than one statement can bind', () => {
  it('exports all 150 of them with their e-mails and timelines', async () => {
    const email = `many.${tag()}@example.org`;
    const many = await Promise.all(Array.from({ length: 150 }, () => insertTestLead({ email })));
    const now = Date.now();
    for (let i = 0; i < many.length; i += 15) {
      await db.insert(leadEvents).values(
        many.slice(i, i + 15).map((lead) => ({
          id: crypto.randomUUID(),
          leadId: lead.id,
          createdAt: now,
          actor: 'owner',
          kind: 'note' as const,
          detail: 'Rang back',
        })),
      );
    }
    const res = await postForm(session, '/admin/leads/person/export', { email });
    expect(res.status).toBe(200);
    const file = (await res.json()) as { leadCount: number; leads: { job: { timeline: unknown[] } }[] };
    expect(file.leadCount).toBe(150);
    expect(file.leads.every((lead) => lead.job.timeline.length === 1)).toBe(true);
  });
});
