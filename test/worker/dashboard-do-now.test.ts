import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordCustomerRequest } from '../../src/jobs/customer-requests';
import { request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, DONE_ANYWAY, earlyToday, GO_ON, leadRow, statusPath, ukDay } from './job-helpers';

// A visit booked for today is booked at 7am (earlyToday): a window already over would be refused.
afterEach(() => {
  vi.useRealTimers();
});

/** The dashboard's first screen is what to do now; below the charts, booked jobs and their value by source. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const dashboard = async () => (await request('/admin/dashboard', { cookie: session.cookie })).text();
const between = (html: string, from: string, to: string) => html.slice(html.indexOf(from), html.indexOf(to, html.indexOf(from)));

describe('what to do now', () => {
  it('lists leads not yet contacted, "as soon as possible" first, then today’s and tomorrow’s visits, before the charts', async () => {
    earlyToday();
    const asap = await insertLead({ name: 'Asap Older', bestTime: 'asap' });
    const plain = await insertLead({ name: 'Plain Newer' });
    const contacted = await insertLead({ name: 'Already Called' });
    await adminPost(session, statusPath(contacted.id), { status: 'contacted' });
    const today = await insertLead({ name: 'Visit Today', address: '2 Sea Road, Boscombe, Bournemouth BH5 1AA' });
    await adminPost(session, statusPath(today.id), { status: 'booked', day: ukDay(0), window: '14-16' });
    const tomorrow = await insertLead({ name: 'Visit Tomorrow' });
    await adminPost(session, statusPath(tomorrow.id), { status: 'booked', day: ukDay(1), window: '08-10' });

    const html = await dashboard();
    const waiting = between(html, 'Not contacted yet (', '</section>');
    expect(waiting).toContain('Not contacted yet (2)');
    expect(waiting.indexOf(asap.name)).toBeGreaterThan(-1);
    expect(waiting.indexOf(asap.name)).toBeLessThan(waiting.indexOf(plain.name));
    expect(waiting).not.toContain(contacted.name);
    const todayBlock = between(html, 'id="do-now-today"', '</section>');
    expect(todayBlock).toContain('2pm to 4pm');
    expect(todayBlock).toContain('Visit Today');
    expect(todayBlock).toContain('Bournemouth BH5');
    expect(todayBlock).not.toContain('Visit Tomorrow');
    const tomorrowBlock = between(html, 'id="do-now-tomorrow"', '</section>');
    expect(tomorrowBlock).toContain('8am to 10am');
    expect(tomorrowBlock).toContain('Visit Tomorrow');
    expect(html.indexOf('Not contacted yet')).toBeLessThan(html.indexOf('Leads per week, by form'));
  });
});

describe('a customer who asked to rebook', () => {
  it('is listed to call back whatever the visit’s day, with the day they had, until the visit is moved', async () => {
    const lead = await insertLead({ name: 'Rebook Next Week' });
    expect(
      (await adminPost(session, statusPath(lead.id), { status: 'booked', day: ukDay(6), window: '12-14', ...GO_ON })).status,
    ).toBe(303);
    expect(await recordCustomerRequest(env, await leadRow(lead.id), 'rebook', 'Away that week')).not.toBeNull();

    const block = between(await dashboard(), 'id="do-now-rebook"', '</section>');
    expect(block).toMatch(/Asked to rebook \(\d+\)/);
    expect(block).toContain('Rebook Next Week');
    expect(block).toContain('12pm to 2pm');
    expect(block).toContain(`href="/admin/leads/${lead.id}"`);

    // Moved to a new time: no longer waiting for a call.
    expect(
      (await adminPost(session, statusPath(lead.id), { status: 'booked', day: ukDay(8), window: '08-10', ...GO_ON })).status,
    ).toBe(303);
    expect(between(await dashboard(), 'id="do-now-rebook"', '</section>')).not.toContain('Rebook Next Week');
  });
});

describe('booked jobs and job value by source', () => {
  it('counts, per source, the leads of the 8 weeks, those booked at any time, and the value of the jobs done', async () => {
    const now = Date.now();
    const set = (id: string, sql: string, ...values: unknown[]) =>
      env.DB.prepare(`UPDATE leads SET ${sql} WHERE id = ?`)
        .bind(...values, id)
        .run();
    const lead = async (source: string) => {
      const row = await insertLead({ createdAt: now - 60_000 });
      await set(row.id, 'source = ?', source);
      return row;
    };
    const [done, booked, lostAfterBooking, justNew] = await Promise.all([
      lead('search'),
      lead('search'),
      lead('search'),
      lead('advert'),
    ]);
    for (const l of [done, booked, lostAfterBooking])
      await adminPost(session, statusPath(l.id), { status: 'booked', day: ukDay(3), window: '10-12', ...GO_ON });
    await adminPost(session, statusPath(done.id), { status: 'done', value: '250.40', ...DONE_ANYWAY });
    await adminPost(session, statusPath(lostAfterBooking.id), { status: 'lost', lost_reason: 'price' });
    await set(justNew.id, 'job_value_pence = ?', 999);
    const html = await dashboard();
    const table = between(html, 'id="dash-jobs"', '</table>');
    expect(table).toMatch(/<th scope="row">Search<\/th><td>3<\/td><td>3<\/td><td>£250.40<\/td>/);
    expect(table).toMatch(/<th scope="row">Advert<\/th><td>1<\/td><td>0<\/td><td>£0<\/td>/);
  });
});
