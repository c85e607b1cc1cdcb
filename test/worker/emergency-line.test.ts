import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { factsFields } from '../../src/admin/site/facts-form';
import worker from '../../src/index';
import { sendDueLeadEmails } from '../../src/scheduled';
import { defaultFacts } from '../../src/site';
import { takeLogs } from '../support/console-guard';
import { request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, GO_ON, messagesOfLead, statusPath, ukDay } from './job-helpers';
import { call, confirmationsTo, contactLead, freshIp, mailFor, postForm, postJson, setRecipientMode } from './leads-helpers';
import { postSite } from './site-helpers';

/**
 * "The emergency line answers 24/7" is a fact of the owner's: only while it holds does any page,
 * e-mail or the JSON-LD say 24/7; and a request for a call as soon as possible is promised a call
 * by the line's hours (within the hour while open, the next opening when closed), not "within one
 * working day".
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});
afterEach(() => {
  vi.useRealTimers();
  takeLogs('info', 'site content published');
});
afterAll(async () => {
  await publishFacts({});
  takeLogs('info', 'site content published');
});

const WEEKDAY_HOURS = Object.fromEntries(
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].flatMap((day) => [
    [`opens-${day}`, '08:00'],
    [`closes-${day}`, '18:00'],
  ]),
);
/** Mon–Fri 8–6, and the line keeps those hours (the box unticked). */
const OFFICE_HOURS_ONLY = { hoursMode: 'days', ...WEEKDAY_HOURS, emergencyLine247: 'off' };

async function publishFacts(changes: Record<string, string>) {
  const res = await postSite(session, '/admin/site/facts', { ...factsFields(defaultFacts), ...changes });
  expect(res.status).toBe(303);
}

const page = async (path: string) => (await call(path)).text();
// React separates adjacent text with empty comments; they are not spaces a reader sees.
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
const metaDescription = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
const plumberOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .find((data) => data['@type'] === 'Plumber')!;

/** 2026-11-25 is a Wednesday; in November the UK is on GMT, so these are UK times too. */
const WEDNESDAY_23H = new Date('2026-11-25T23:00:00Z');
const FRIDAY_23H = new Date('2026-11-27T23:00:00Z');
const THURSDAY_10H = new Date('2026-11-26T10:00:00Z');

async function askForAsapCall(at: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  const lead = await contactLead({ 'best-time': 'asap' });
  const res = await postJson('/api/contact', lead);
  expect(res.status).toBe(202);
  const answer = (await res.json()) as { callBack: string; lineOpen: boolean };
  vi.useRealTimers();
  const [confirmation] = await confirmationsTo(lead.email);
  return { answer, email: textOf(JSON.stringify(confirmation!.body.content)) };
}

describe('the emergency line answering 24/7', () => {
  it('is said everywhere, with round-the-clock opening hours in the JSON-LD, while the fact holds', async () => {
    const home = await page('/');
    expect(metaDescription(home)).toMatch(/^24\/7 drain unblocking/);
    expect(textOf(home)).toContain('Call our 24/7 line.');
    expect(textOf(home)).toContain('24/7 Fast Response');
    expect(plumberOf(home).openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: '00:00', closes: '23:59', dayOfWeek: expect.arrayContaining(['Monday', 'Sunday']) }),
    ]);
    expect(textOf(await page('/services/emergency-plumbing'))).toContain('Our emergency line is answered 24/7');
  });

  it('gives way to the opening hours on every page, its meta descriptions and the JSON-LD when the owner unticks it', async () => {
    await publishFacts(OFFICE_HOURS_ONLY);
    const home = await page('/');
    expect(metaDescription(home)).toMatch(/^Drain unblocking, CCTV/);
    const homeText = textOf(home);
    expect(homeText).toContain('Call our line, open Mon–Fri 8am–6pm.');
    expect(homeText).toContain('Fast Response');
    expect(homeText).not.toContain('24/7 Fast Response');
    expect(homeText).toContain('we answer the phone Mon–Fri 8am–6pm');
    expect(homeText).toContain('Emergency Line');
    expect(homeText).not.toContain('24/7 Emergency Line');
    expect(home).toContain('aria-label="Call our emergency line 01632 960 123"');
    expect(plumberOf(home).openingHoursSpecification).toEqual(
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) =>
        expect.objectContaining({ dayOfWeek: day, opens: '08:00', closes: '18:00' }),
      ),
    );
    const service = textOf(await page('/services/emergency-plumbing'));
    expect(service).toContain('Our emergency line is answered Mon–Fri 8am–6pm');
    expect(service).toContain('Open Mon–Fri 8am–6pm');
    expect(service).not.toContain('24 hours a day');
    const services = await page('/services');
    expect(metaDescription(services)).not.toContain('24/7');
    expect(textOf(services)).toContain('Call Mon–Fri 8am–6pm: 01632 960 123');
    const contact = await page('/contact');
    expect(contact).not.toMatch(/<title>[^<]*24\/7/);
    expect(metaDescription(contact)).toContain('Call our emergency line on');
    expect(textOf(contact)).toContain('Phone (emergency, Mon–Fri 8am–6pm)');
    expect(textOf(await page('/free-quote'))).toContain('Call our emergency line.');
  });

  it("names and links the owner's own words that still say 24/7 on the facts page, and only while the line keeps hours", async () => {
    await publishFacts({ ...OFFICE_HOURS_ONLY, tagline: 'Drains cleared round the clock' });
    const warning = async () => {
      const html = await (await request('/admin/site/facts', { cookie: session.cookie })).text();
      return /<div class="admin-notice admin-notice--warning"[^>]*>(.*?)<\/div>/s.exec(html)?.[1]?.replaceAll('&quot;', '"');
    };
    const named = await warning();
    expect(named).toContain('words you wrote still say it does');
    expect(named).toContain('<a href="/admin/site/facts/business#tagline">Change the tagline</a>');
    // The posts that say it (two of the seed posts, which are the owner's to edit).
    expect(named).toMatch(/<a href="\/admin\/posts\/\d+\/edit">Change the post "Fat, Oil and Wet Wipes[^"]*"<\/a>/);
    expect(named).toMatch(/<a href="\/admin\/posts\/\d+\/edit">Change the post "How to Tell If Your Drain Is Blocked[^"]*"<\/a>/);
    // The defaults' own 24/7 wordings follow the fact by themselves: not the owner's to change.
    expect(named).not.toContain('the description');
    expect(named).not.toContain('the service');
    expect(named).not.toContain('the question');
    expect(named).not.toContain('stat 1');
    // The service's own form says why its 24/7 words are not on the site.
    const serviceForm = async () =>
      textOf(await (await request('/admin/site/services/emergency-service', { cookie: session.cookie })).text());
    expect(await serviceForm()).toContain(
      'While the emergency line answers only in its hours (Mon–Fri 8am–6pm), the site shows those hours',
    );
    await publishFacts({ tagline: 'Drains cleared round the clock' });
    expect(await warning()).toBeUndefined();
    expect(await serviceForm()).not.toContain('the site shows those hours');
  });

  it('is said on no public page, its meta description or JSON-LD, when the line keeps office hours; the hours are', async () => {
    await publishFacts(OFFICE_HOURS_ONLY);
    const pages = [
      '/',
      '/services',
      '/services/emergency-service',
      '/services/drain-unblocking',
      '/services/emergency-plumbing',
      '/faq',
      '/contact',
      '/blog',
      '/blog/what-a-cctv-drain-survey-shows',
      '/free-quote',
      '/privacy',
      '/areas-map',
    ];
    for (const path of pages) {
      const html = await page(path);
      expect({ path, says247: /24\/7|24 hours|round[ -]the[ -]clock|day or night/i.test(html) }).toEqual({
        path,
        says247: false,
      });
      if (path !== '/areas-map') expect({ path, hours: textOf(html).includes('Mon–Fri 8am–6pm') }).toEqual({ path, hours: true });
    }
    const faq = textOf(await page('/faq'));
    expect(faq).toContain('When can I call your emergency line?');
    expect(faq).toContain('Our emergency line is answered Mon–Fri 8am–6pm.');
    const service = await page('/services/emergency-service');
    expect(service).toMatch(/<title>Emergency Drain Service Bournemouth/);
    expect(metaDescription(service)).toContain('the New Forest, Mon–Fri 8am–6pm.');
    const home = textOf(await page('/'));
    expect(home).toContain('Average emergency response 1 hr');
    expect(plumberOf(await page('/')).description).toContain('We answer the phone Mon–Fri 8am–6pm');

    // Ticked again: the 24/7 wording is back, on the same pages.
    await publishFacts({ hoursMode: 'days', ...WEEKDAY_HOURS, emergencyLine247: 'on' });
    expect(textOf(await page('/faq'))).toContain('Are you really available 24/7?');
    expect(await page('/services/emergency-service')).toMatch(/<title>24\/7 Emergency Drain Service/);
    expect(textOf(await page('/'))).toContain('Emergency callouts 24/7');
    expect(plumberOf(await page('/')).description).toContain('We answer the phone 24/7');
  });

  it('comes back with "24/7" when the owner ticks it, whatever the office hours', async () => {
    await publishFacts({ hoursMode: 'days', ...WEEKDAY_HOURS, emergencyLine247: 'on' });
    const home = await page('/');
    expect(textOf(home)).toContain('Call our 24/7 line.');
    expect(plumberOf(home).openingHoursSpecification).toEqual([expect.objectContaining({ opens: '00:00', closes: '23:59' })]);
    // The office hours still show on /contact.
    expect(textOf(await page('/contact'))).toContain('Monday 8am to 6pm');
  });
});

describe('the call-back promise of a request for a call as soon as possible', () => {
  it('is within the hour at 11 pm while the line answers 24/7, in the answer and the e-mail', async () => {
    await publishFacts({});
    const { answer, email } = await askForAsapCall(WEDNESDAY_23H);
    expect(answer).toMatchObject({
      callBack: 'You asked for a call as soon as possible: we will call you within the hour',
      lineOpen: true,
    });
    expect(email).toContain('When to expect a call: You asked for a call as soon as possible: we will call you within the hour.');
    expect(email).not.toContain('within one working day');
    expect(email).toContain('Our emergency line is open 24/7');
  });

  it('is the next opening, in words, when the line keeps office hours and is closed', async () => {
    await publishFacts(OFFICE_HOURS_ONLY);
    const wednesday = await askForAsapCall(WEDNESDAY_23H);
    expect(wednesday.answer).toMatchObject({
      callBack:
        'You asked for a call as soon as possible: our line is closed now, so we will call you when it opens, tomorrow (Thursday) at 8am',
      lineOpen: false,
    });
    expect(wednesday.email).toContain('we will call you when it opens, tomorrow (Thursday) at 8am.');
    expect(wednesday.email).not.toContain('24/7');
    expect(wednesday.email).toContain('Our emergency line is open Mon–Fri 8am–6pm');

    const friday = await askForAsapCall(FRIDAY_23H);
    expect(friday.answer.callBack).toContain('we will call you when it opens, on Monday at 8am');
    const open = await askForAsapCall(THURSDAY_10H);
    expect(open.answer).toMatchObject({
      callBack: 'You asked for a call as soon as possible: we will call you within the hour',
      lineOpen: true,
    });
  });

  it('is the everyday promise when no time was asked for', async () => {
    await publishFacts(OFFICE_HOURS_ONLY);
    const res = await postJson('/api/contact', await contactLead());
    const answer = (await res.json()) as { callBack: string };
    expect(answer.callBack).toBe(defaultFacts.response.callBack);
  });

  it('is on the answer page a form post without JavaScript lands on', async () => {
    await publishFacts(OFFICE_HOURS_ONLY);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(WEDNESDAY_23H);
    const posted = await postForm('/api/contact', (await contactLead({ 'best-time': 'asap' })) as Record<string, string>);
    expect(posted.status).toBe(303);
    const location = posted.headers.get('location')!;
    expect(location).toMatch(/^\/contact\/sent\?ref=[A-Z0-9]{8}&when=asap$/);
    const panel = textOf(await page(location));
    expect(panel).toContain('we will call you when it opens, tomorrow (Thursday) at 8am.');
    // Closed now: the call button does not promise an answer "now".
    expect(panel).not.toContain('Urgent? Call 01632 960 123 now');
    expect(panel).toContain('Call 01632 960 123');
  });
});

describe("the promise while the owner's notice closes the line", () => {
  const CHRISTMAS = { text: 'Closed for Christmas', starts: '2026-12-24T00:00', ends: '2026-12-27T00:00', hoursChange: 'closed' };
  /** Thursday 24 December 2026, 10am (GMT): a weekday the line usually answers at this hour. */
  const CHRISTMAS_EVE_10H = new Date('2026-12-24T10:00:00Z');
  const MONDAY_AFTER_10H = new Date('2026-12-28T10:00:00Z');
  /** Tuesday 22 December 2026, 10am: before the notice. */
  const BEFORE_CHRISTMAS_10H = new Date('2026-12-22T10:00:00Z');

  /** What the admin's notice form says a closure does to the line. */
  const noticeHint = async () =>
    textOf(await (await request('/admin/site/notices', { cookie: session.cookie })).text()).replaceAll('&#x27;', "'");

  async function withNotice(test: () => Promise<void>) {
    // Signed in when the notice is posted: a session lasts 12 hours.
    const owner = await signIn();
    const res = await postSite(owner, '/admin/site/notices', CHRISTMAS);
    expect(res.headers.get('location')).toBe('/admin/site/notices?saved');
    try {
      await test();
    } finally {
      vi.useRealTimers();
      const newest = await env.DB.prepare('SELECT content FROM content_revisions ORDER BY id DESC LIMIT 1').first<{
        content: string;
      }>();
      const { notices } = JSON.parse(newest!.content) as { notices: { id: string }[] };
      for (const { id } of notices) await postSite(await signIn(), `/admin/site/notices/${id}/remove`, {});
    }
  }

  it('is the first opening after the notice, in the answer, the e-mail and the answer page; the usual one after it ends', async () => {
    await publishFacts(OFFICE_HOURS_ONLY);
    await withNotice(async () => {
      expect(await noticeHint()).toContain(
        'the emergency line keeps them, so a request for a call as soon as possible is promised a call when it next opens',
      );
      const during = await askForAsapCall(CHRISTMAS_EVE_10H);
      const promise = 'our line is closed now, so we will call you when it opens, on Monday at 8am';
      expect(during.answer).toEqual(
        expect.objectContaining({ callBack: `You asked for a call as soon as possible: ${promise}`, lineOpen: false }),
      );
      expect(during.email).toContain(`When to expect a call: You asked for a call as soon as possible: ${promise}.`);
      expect(during.email).not.toContain('within the hour');
      expect(during.email).toContain('Our emergency line is closed now and opens on Monday at 8am: 01632 960 123.');
      expect(during.email).not.toContain('Our emergency line is open Mon–Fri 8am–6pm');

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(CHRISTMAS_EVE_10H);
      const posted = await postForm('/api/contact', (await contactLead({ 'best-time': 'asap' })) as Record<string, string>);
      const panel = textOf(await page(posted.headers.get('location')!));
      expect(panel).toContain(`${promise}.`);
      expect(panel).not.toContain('Urgent? Call 01632 960 123 now');
      vi.useRealTimers();

      const after = await askForAsapCall(MONDAY_AFTER_10H);
      expect(after.answer).toEqual(
        expect.objectContaining({
          callBack: 'You asked for a call as soon as possible: we will call you within the hour',
          lineOpen: true,
        }),
      );
      expect(after.email).toContain('we will call you within the hour.');
      expect(after.email).toContain('Urgent? Our emergency line is open Mon–Fri 8am–6pm: 01632 960 123.');
    });
  });

  it('is in a booking e-mail as the outbox sends it: booked before the notice, sent during it, it says the line is closed', async () => {
    await publishFacts(OFFICE_HOURS_ONLY);
    const lead = await insertLead({ service: 'drain-unblocking', address: '3 Bay Road, Poole BH14 0AA' });
    const bookingMails = async () =>
      (await mailFor(lead.email))
        .filter((mail) => mail.body.subject.startsWith('Booked'))
        .map((mail) => mail.body.content.find((part) => part.type === 'text/plain')!.value);
    // The customer's mail server is down when the visit is booked, two days before the notice
    // starts, whatever today is: the outbox keeps the e-mail, due again well before Christmas Eve.
    await setRecipientMode(lead.email, 'fail');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BEFORE_CHRISTMAS_10H);
    try {
      const booked = await adminPost(await signIn(), statusPath(lead.id), {
        status: 'booked',
        day: ukDay(1),
        window: '10-12',
        ...GO_ON,
      });
      expect(booked.status).toBe(303);
    } finally {
      vi.useRealTimers();
      await setRecipientMode(lead.email, null);
    }
    takeLogs('warn', 'lead e-mail failed, will retry');
    expect(await bookingMails()).toEqual([
      expect.stringContaining('Something urgent? Call us Mon–Fri 8am–6pm on 01632 960 123.'),
    ]);
    await withNotice(async () => {
      // The cron's retry on Christmas Eve writes it again, with the notice then on.
      await sendDueLeadEmails(env, CHRISTMAS_EVE_10H.getTime());
      expect((await messagesOfLead(lead.id)).find((message) => message.kind === 'booking')).toMatchObject({ status: 'sent' });
      const [, sent] = await bookingMails();
      expect(sent).toContain('Our emergency line is closed now and opens on Monday at 8am: 01632 960 123.');
      expect(sent).not.toContain('Something urgent?');
    });
  });

  it('leaves a line that answers outside the opening hours answering', async () => {
    await publishFacts({ hoursMode: 'days', ...WEEKDAY_HOURS, emergencyLine247: 'on' });
    await withNotice(async () => {
      expect(await noticeHint()).toContain('the emergency line answers outside them, as your business facts say');
      const { answer } = await askForAsapCall(CHRISTMAS_EVE_10H);
      expect(answer).toEqual(
        expect.objectContaining({
          callBack: 'You asked for a call as soon as possible: we will call you within the hour',
          lineOpen: true,
        }),
      );
    });
  });
});

describe('the test clock (TEST_CLOCK)', () => {
  const ask = async (origin: string) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${origin}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
        body: JSON.stringify(await contactLead({ 'best-time': 'asap' })),
      }),
      { ...env, TEST_CLOCK: WEDNESDAY_23H.toISOString() },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(202);
    return ((await res.json()) as { callBack: string }).callBack;
  };

  it('moves the promise on a dev server on 127.0.0.1, and nothing on the public site', async () => {
    await publishFacts(OFFICE_HOURS_ONLY);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(THURSDAY_10H);
    expect(await ask('http://127.0.0.1:8787')).toContain('tomorrow (Thursday) at 8am');
    expect(await ask('https://www.example.com')).toContain('we will call you within the hour');
  });
});
