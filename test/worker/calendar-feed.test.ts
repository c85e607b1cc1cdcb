import { env } from 'cloudflare:workers';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allLogText, takeLogs } from '../support/console-guard';
import { request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost } from './job-helpers';

/**
 * A person's private calendar feed, read back by the iCalendar parser the booking tests use: the
 * jobs from 30 days back to 90 ahead at their wall-clock times on both sides of a clock change,
 * nothing private, and the address dead the moment it is replaced or turned off.
 */

afterEach(() => {
  vi.useRealTimers();
});

/** 20 March 2027: the window runs to mid-June, across the clocks going forward on 28 March. */
const NOW = new Date('2027-03-20T12:00:00Z');

async function bookedLead(name: string, day: string, from: string, to: string) {
  const lead = await insertLead({
    name,
    kind: 'quote',
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`,
    phone: '07700 900456',
    address: '3 Bay Road, Poole BH14 0AA',
    service: 'cctv-drain-survey',
    message: `Secret message of ${name}`,
  });
  await env.DB.prepare(`UPDATE leads SET job_status = 'booked', booked_day = ?, booked_from = ?, booked_to = ? WHERE id = ?`)
    .bind(day, from, to, lead.id)
    .run();
  return lead;
}

/** Turns the feed on (or makes a new one) as the page's button does; returns the path shown once. */
async function newFeed(session: Session): Promise<string> {
  const res = await adminPost(session, '/admin/schedule/calendar', {});
  expect(res.status).toBe(200);
  const html = await res.text();
  const url = /https:\/\/www\.example\.com(\/calendar\/[A-Za-z0-9_-]{43}\.ics)/.exec(html)?.[1];
  expect(url, 'the new address on the page').toBeTruthy();
  expect(html).toContain(`href="webcal://www.example.com${url}"`);
  return url!;
}

const parse = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
};

describe('the feed', () => {
  it('holds the booked jobs of the window at London wall-clock times either side of the clock change, and nothing private', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const session = await signIn();
    const winter = await bookedLead('Before Change', '2027-03-25', '10:00', '12:00');
    const summer = await bookedLead('After Change', '2027-04-01', '10:00', '12:00');
    await bookedLead('Too Far Back', '2027-02-10', '10:00', '12:00');
    await bookedLead('Too Far Ahead', '2027-07-01', '10:00', '12:00');
    const path = await newFeed(session);

    const res = await request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    const text = await res.text();
    const events = parse(text);
    const byName = (name: string) => events.find((event) => event.summary.startsWith(name));
    expect(byName('Too Far Back')).toBeUndefined();
    expect(byName('Too Far Ahead')).toBeUndefined();

    const before = byName('Before Change')!;
    const after = byName('After Change')!;
    expect(before.startDate.toString()).toBe('2027-03-25T10:00:00');
    expect(after.startDate.toString()).toBe('2027-04-01T10:00:00');
    expect(before.startDate.zone?.tzid).toBe('Europe/London');
    // GMT before the change, BST after: the same wall-clock hour is a different UTC hour.
    expect(before.startDate.toJSDate().toISOString()).toBe('2027-03-25T10:00:00.000Z');
    expect(after.startDate.toJSDate().toISOString()).toBe('2027-04-01T09:00:00.000Z');
    expect(after.endDate.toJSDate().toISOString()).toBe('2027-04-01T11:00:00.000Z');
    expect(before.summary).toBe('Before Change: CCTV Drain Surveys');
    expect(before.location).toBe('3 Bay Road, Poole BH14 0AA');
    expect(before.description).toContain('07700 900456');
    expect(before.description).toContain(`https://www.example.com/admin/leads/${winter.id}`);
    expect(after.component.getFirstPropertyValue('url')).toBe(`https://www.example.com/admin/leads/${summer.id}`);
    // What a calendar server must never get: the customer's e-mail, their message, the owner's notes.
    expect(text).not.toContain('@example.org');
    expect(text).not.toContain('Secret message');
    // The token never reaches a log: the request log writes it as [token].
    expect(allLogText()).toContain('"path":"/calendar/[token]"');
    expect(allLogText()).not.toContain(path.slice('/calendar/'.length, -4));
  }, 30_000);
});

describe('the address', () => {
  it('answers 404 at once when replaced by a new one or turned off', async () => {
    const session = await signIn();
    const first = await newFeed(session);
    expect((await request(first)).status).toBe(200);
    const second = await newFeed(session);
    expect(second).not.toBe(first);
    expect((await request(first)).status).toBe(404);
    expect((await request(second)).status).toBe(200);
    const off = await adminPost(session, '/admin/schedule/calendar/off', {});
    expect(off.status).toBe(303);
    expect((await request(second)).status).toBe(404);
    const schedule = await (await request('/admin/schedule', { cookie: session.cookie })).text();
    expect(schedule).toContain('Turn on my calendar address');
  }, 30_000);

  it.each([
    ['a made-up token of the right shape', `/calendar/${'A'.repeat(43)}.ics`],
    ['a token of 500 characters', `/calendar/${'A'.repeat(500)}.ics`],
    ['no .ics', `/calendar/${'A'.repeat(43)}`],
    ['a short token', '/calendar/abc.ics'],
  ])('answers 404 to %s, private and unindexed', async (_, path) => {
    const res = await request(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
  });

  it('is made only by someone signed in, with the form’s CSRF token', async () => {
    const res = await request('/admin/schedule/calendar', { body: new URLSearchParams({}) });
    expect(res.status).not.toBe(200);
    const { results } = await env.DB.prepare('SELECT count(*) AS n FROM calendar_feeds').all<{ n: number }>();
    const session = await signIn();
    const refused = await adminPost(session, '/admin/schedule/calendar', {}, { csrf: false });
    expect(refused.status).toBe(403);
    expect(takeLogs('warn', /CSRF/)).toHaveLength(1);
    const after = await env.DB.prepare('SELECT count(*) AS n FROM calendar_feeds').all<{ n: number }>();
    expect(after.results[0]!.n).toBe(results[0]!.n);
  });
});
