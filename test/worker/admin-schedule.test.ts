import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, earlyToday, statusPath, ukDay } from './job-helpers';

// A visit booked for today is booked at 7am (earlyToday): a window already over would be refused.
afterEach(() => {
  vi.useRealTimers();
});

/** The schedule: a week and a day of booked jobs, each opening its lead; dates that cannot be read refused in words. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const page = (path: string) => request(path, { cookie: session.cookie });
const between = (html: string, from: string, to: string) => html.slice(html.indexOf(from), html.indexOf(to, html.indexOf(from)));

/** A booking written straight into D1, so it may lie in any week, past or future. */
async function bookedLead(name: string, day: string, from: string, to: string, fields: Record<string, string> = {}) {
  const lead = await insertLead({ name, kind: 'quote', ...fields });
  await env.DB.prepare(`UPDATE leads SET job_status = 'booked', booked_day = ?, booked_from = ?, booked_to = ? WHERE id = ?`)
    .bind(day, from, to, lead.id)
    .run();
  return lead;
}

describe('the week', () => {
  it('lists each day’s jobs in arrival order with window, name, service and area, each linking to its lead, and steps by plain links', async () => {
    const late = await bookedLead('Wed Late', '2030-01-09', '14:00', '16:00', {
      address: '2 Sea Road, Boscombe, Bournemouth BH5 1AA',
      service: 'cctv-drain-survey',
    });
    const early = await bookedLead('Wed Early', '2030-01-09', '08:00', '10:00');
    await bookedLead('Next Monday', '2030-01-14', '10:00', '12:00');
    await bookedLead('Sunday Before', '2030-01-06', '10:00', '12:00');
    const res = await page('/admin/schedule?week=2030-01-09');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Week of Monday 7 January 2030');
    const wednesday = between(html, 'id="day-2030-01-09"', '</section>');
    expect(wednesday).toContain('Wednesday 9 January');
    expect(wednesday.indexOf('Wed Early')).toBeGreaterThan(-1);
    expect(wednesday.indexOf('Wed Early')).toBeLessThan(wednesday.indexOf('Wed Late'));
    expect(wednesday).toContain('2pm to 4pm');
    expect(wednesday).toContain('8am to 10am');
    expect(wednesday).toContain('Bournemouth BH5');
    expect(wednesday).toContain('CCTV');
    expect(wednesday).not.toContain('cctv-drain-survey<');
    expect(wednesday).toContain(`href="/admin/leads/${late.id}"`);
    expect(wednesday).toContain(`href="/admin/leads/${early.id}"`);
    expect(between(html, 'id="day-2030-01-08"', '</section>')).toContain('No visits booked.');
    expect(html).not.toContain('Next Monday');
    expect(html).not.toContain('Sunday Before');
    expect(html).toContain('href="/admin/schedule?week=2029-12-31" rel="prev"');
    expect(html).toContain('href="/admin/schedule?week=2030-01-14" rel="next"');
    expect(html).toContain('href="/admin/schedule/day?day=2030-01-09"');
  });

  it('opens on this week with today marked, and a lead booked through its page on it', async () => {
    earlyToday();
    const lead = await insertLead({ name: 'Booked Today' });
    await adminPost(session, statusPath(lead.id), { status: 'booked', day: ukDay(0), window: '16-18' });
    const html = await (await page('/admin/schedule')).text();
    const today = between(html, `id="day-${ukDay(0)}"`, '</section>');
    expect(today).toContain('Today');
    expect(today).toContain('Booked Today');
    expect(today).toContain('4pm to 6pm');
    expect(html).toContain('class="schedule-day schedule-day--today"');
    expect(html.match(/schedule-day--today/g)).toHaveLength(1);
    expect(html).toContain('href="/admin/schedule" aria-current="page"');
  });

  it('shows a visit the customer asked to move as needing a new date, its old window struck, not as a firm visit', async () => {
    const asked = await bookedLead('Asked To Move', '2030-01-16', '10:00', '12:00');
    await env.DB.prepare(`UPDATE leads SET job_status = 'rebook' WHERE id = ?`).bind(asked.id).run();
    await bookedLead('Firm Visit', '2030-01-16', '12:00', '14:00');
    const html = await (await page('/admin/schedule?week=2030-01-16')).text();
    const wednesday = between(html, 'id="day-2030-01-16"', '</section>');
    // One job's list item, from its <li> to its </li>.
    const item = (name: string) => {
      const at = wednesday.indexOf(name);
      return wednesday.slice(wednesday.lastIndexOf('<li', at), wednesday.indexOf('</li>', at));
    };
    const rebook = item('Asked To Move');
    expect(rebook).toContain('schedule-job--rebook');
    expect(rebook).toContain('Was 10am to 12pm');
    expect(rebook).toContain('Asked to rebook: needs a new date');
    const firm = item('Firm Visit');
    expect(firm).toContain('schedule-job--booked');
    expect(firm).toContain('>12pm to 2pm<');
    expect(firm).not.toContain('needs a new date');
  });

  it('leaves out leads not booked and lost ones', async () => {
    await insertLead({ name: 'Never Booked' });
    const lost = await bookedLead('Lost After Booking', '2030-01-10', '10:00', '12:00');
    await env.DB.prepare(`UPDATE leads SET job_status = 'lost' WHERE id = ?`).bind(lost.id).run();
    const html = await (await page('/admin/schedule?week=2030-01-10')).text();
    expect(html).not.toContain('Never Booked');
    expect(html).not.toContain('Lost After Booking');
  });
});

describe('the day', () => {
  it('is a run sheet: the jobs with address and phone to print, the menus and step links marked not to print', async () => {
    await bookedLead('Run Sheet', '2030-02-05', '12:00', '14:00', { address: '9 Pier Approach, Bournemouth BH2 5AA' });
    const html = await (await page('/admin/schedule/day?day=2030-02-05')).text();
    expect(html).toContain('Tuesday 5 February 2030');
    expect(html).toContain('Run Sheet');
    expect(html).toContain('12pm to 2pm');
    expect(html).toContain('9 Pier Approach, Bournemouth BH2 5AA');
    expect(html).toContain('href="/admin/schedule/day?day=2030-02-04" rel="prev"');
    expect(html).toContain('href="/admin/schedule/day?day=2030-02-06" rel="next"');
    expect(html).toContain('href="/admin/schedule?week=2030-02-04"');
    expect(html).toMatch(/<nav class="schedule-steps no-print"/);
  });

  it("carries each job's phone, the customer's message and the owner's notes for print, and no one else's", async () => {
    const lead = await bookedLead('Noted Job', '2030-02-07', '08:00', '10:00', {
      phone: '07700 900321',
      message: 'Water backing up in the downstairs loo.',
    });
    const other = await bookedLead('Other Day', '2030-02-08', '08:00', '10:00');
    expect((await adminPost(session, `/admin/leads/${lead.id}/notes`, { note: 'Side gate code 4411' })).status).toBe(303);
    expect((await adminPost(session, `/admin/leads/${other.id}/notes`, { note: 'Not this day' })).status).toBe(303);
    const html = await (await page('/admin/schedule/day?day=2030-02-07')).text();
    expect(html).toContain('<span class="schedule-job__address print-only">07700 900321</span>');
    expect(html).toContain(
      '<span class="schedule-job__note print-only">Their message: Water backing up in the downstairs loo.</span>',
    );
    expect(html).toContain('<span class="schedule-job__note print-only">Note: Side gate code 4411</span>');
    expect(html).not.toContain('Not this day');
    // The week shows no notes: only the day's run sheet carries them.
    expect(await (await page('/admin/schedule?week=2030-02-07')).text()).not.toContain('Side gate code');
  });
});

describe('dates that cannot be read', () => {
  it.each([
    ['/admin/schedule?week=abc', 'could not be read'],
    ['/admin/schedule?week=99999-01-01', 'could not be read'],
    ['/admin/schedule/day?day=99999-01-01', 'could not be read'],
    ['/admin/schedule?week=9999-01-01', 'years 2000 to 2199'],
    ['/admin/schedule/day?day=garbage', 'could not be read'],
    ['/admin/schedule/day?day=2030-02-31', 'could not be read'],
    [`/admin/schedule/day?day=${'9'.repeat(500)}`, 'could not be read'],
  ])('%# answers 400 in words with a way back', async (path, words) => {
    const res = await page(path);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(words);
    expect(html).toContain('This week’s schedule');
  });

  it('is closed to anyone not signed in', async () => {
    const res = await request('/admin/schedule?week=2030-01-07');
    expect([302, 303]).toContain(res.status);
  });
});
