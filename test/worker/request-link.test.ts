import { env } from 'cloudflare:workers';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { leadReference } from '../../src/leads/lead-summary';
import { request, type Session, signIn } from './admin-helpers';
import { adminPost, DONE_ANYWAY, eventsOf, statusPath } from './job-helpers';
import { bookedLead as bookedLeadOf, requestPage } from './job-request-helpers';
import { call, mailFor, ORIGIN } from './leads-helpers';

/** Booked: the customer's e-mail with its .ics, and their request page behind a signed link. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const decode = (base64: string) => new TextDecoder().decode(Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)));

const bookedLead = (window?: string, day?: string) => bookedLeadOf(session, window, day);
const page = requestPage;

describe('the booking e-mail', () => {
  it('tells the customer the day and window, carries an .ics a real parser reads, and links to their page', async () => {
    const { lead, mail, text, token, day } = await bookedLead();
    expect(mail.personalizations[0]!.to[0]!.email).toBe(lead.email);
    expect(mail.subject).toMatch(/^Booked: \w+day \d{1,2} \w+ \d{4}, 10am to 12pm \(BCP Drainage/);
    expect(text).toContain('Hello Maria,');
    expect(text).toContain(`${ORIGIN}/r/${token}`);
    const [attachment] = mail.attachments ?? [];
    expect(attachment).toMatchObject({ filename: 'booking.ics', type: 'text/calendar' });
    const calendar = new ICAL.Component(ICAL.parse(decode(attachment!.content)));
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.toString()).toBe(`${day}T10:00:00`);
    expect(event.endDate.toString()).toBe(`${day}T12:00:00`);
    expect(event.startDate.zone?.tzid).toBe('Europe/London');
    expect(event.location).toBe('3 Bay Road, Poole BH14 0AA');
    // Neither the token nor the calendar carries the lead's id.
    expect(token).not.toContain(lead.id.slice(0, 8));
    expect(event.uid).not.toContain(lead.id.slice(0, 8));
    expect(token.toLowerCase()).not.toContain(leadReference(lead.id).toLowerCase());
  });
});

describe('the request page', () => {
  it('shows the first name, service, booking and status; never indexed, never stored', async () => {
    const { token } = await bookedLead('08-10');
    const res = await page(`/r/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain('Hello Maria');
    expect(html).not.toContain('Fernandes');
    expect(html).toContain('Drain Unblocking');
    expect(html).toContain('8am to 10am');
    expect(html).toContain('Booked: Your visit is booked.');
    expect(html).toContain('Ask to rebook');
  });

  it('is a plain 404 for a tampered, re-cased, unknown or malformed token', async () => {
    const { token } = await bookedLead();
    // The last character's spare bits as well as a change that alters the signature's bytes.
    const last = String.fromCharCode(token.charCodeAt(token.length - 1) ^ 1);
    const middle = `${token.slice(0, 30)}${token[30] === 'x' ? 'y' : 'x'}${token.slice(31)}`;
    const forged = `${crypto.randomUUID().replace(/-/g, '').slice(0, 22)}.${token.split('.')[1]}`;
    for (const bad of [`${token.slice(0, -1)}${last}`, middle, token.toLowerCase(), forged, 'abc', `${token}x`]) {
      const res = await page(`/r/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.text()).toContain('404');
    }
  });

  it('lasts 30 days after the job is done or lost, then is a 404', async () => {
    const { lead, token } = await bookedLead();
    const close = (daysAgo: number, status: string) =>
      env.DB.prepare('UPDATE leads SET job_status = ?, handled_at = ? WHERE id = ?')
        .bind(status, Date.now() - daysAgo * 86_400_000, lead.id)
        .run();
    await close(29, 'done');
    expect((await page(`/r/${token}`)).status).toBe(200);
    await close(31, 'done');
    expect((await page(`/r/${token}`)).status).toBe(404);
    await close(31, 'lost');
    expect((await page(`/r/${token}`)).status).toBe(404);
  });

  for (const [kind, button, words] of [
    ['rebook', 'Ask to rebook', 'asks to rebook'],
    ['cancel', 'Cancel', 'cancelled the visit'],
  ] as const) {
    it(`"${button}" tells the owner and joins the timeline`, async () => {
      const { lead, token } = await bookedLead();
      const res = await page(`/r/${token}/${kind}`, { method: 'POST', headers: { Origin: ORIGIN } });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/r/${token}?done=${kind}`);
      const [, event] = await eventsOf(lead.id);
      expect(event).toMatchObject({ kind, actor: 'customer' });
      const notices = (await mailFor(lead.name)).filter((mail) => mail.body.subject.includes(words));
      expect(notices).toHaveLength(1);
      expect(notices[0]!.body.personalizations[0]!.to[0]!.email).toBe(env.LEADS_TO_EMAIL);
      const admin = await (await request(`/admin/leads/${lead.id}`, { cookie: session.cookie })).text();
      expect(admin).toContain(kind === 'rebook' ? 'The customer asked to rebook' : 'The customer cancelled the visit');
      const after = await (await page(`/r/${token}?done=${kind}`)).text();
      expect(after).toContain(kind === 'rebook' ? 'We have your request to rebook' : 'Your visit is cancelled.');
    });
  }

  it('takes no request once the job is no longer booked', async () => {
    const { lead, token } = await bookedLead();
    await adminPost(session, statusPath(lead.id), { status: 'done', ...DONE_ANYWAY });
    const res = await page(`/r/${token}/cancel`, { method: 'POST', headers: { Origin: ORIGIN } });
    expect(res.headers.get('location')).toBe(`/r/${token}`);
    expect((await eventsOf(lead.id)).map((event) => event.kind)).toEqual(['status', 'status']);
    const html = await (await page(`/r/${token}`)).text();
    expect(html).toContain('Done: The job is done.');
    expect(html).not.toContain('Ask to rebook');
  });

  it('is rate-limited per address: 30 a minute, then 429 with no details', async () => {
    const { token } = await bookedLead();
    const ip = `2001:db8:25::${crypto.randomUUID().slice(0, 4)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await call(`/r/${token}`, { ip })).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await call(`/r/${token}`, { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('cache-control')).toBe('private, no-store');
    expect(await limited.text()).not.toContain('Maria');
  });

  it('refuses a rebook posted from another site', async () => {
    const { lead, token } = await bookedLead();
    const res = await page(`/r/${token}/rebook`, { method: 'POST', headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await eventsOf(lead.id)).toHaveLength(1);
  });
});
