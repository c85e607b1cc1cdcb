import { describe, expect, it } from 'vitest';
import type { Lead, LeadMessage } from '../../src/db/schema';
import type { Bindings } from '../../src/env';
import { jobEmailFor } from '../../src/jobs/job-emails';
import { confirmationEmailContent } from '../../src/leads/confirmation-content';
import { escapeHtml, leadEmailContent, townFromAddress } from '../../src/leads/email-content';
import { mailChannelsPayload, mailerConfig } from '../../src/outbox/mailer';
import { BACKOFF_MAX_MS, backoffMs } from '../../src/outbox/retry-rule';
import { defaultFacts } from '../../src/site';
import { defaultContent } from '../../src/site-content/defaults';
import type { Notice } from '../../src/site-content/model';
import { viewOf } from '../../src/site-content/view';
import { defaultView } from '../support/content';

const lead = (fields: Partial<Lead>): Lead => ({
  id: 'lead-1',
  kind: 'quote',
  name: 'Bob',
  email: 'bob@example.org',
  phone: '',
  address: '',
  service: '',
  message: '',
  status: 'pending',
  attempts: 0,
  lastError: null,
  nextAttemptAt: null,
  createdAt: Date.UTC(2026, 10, 23, 10, 30),
  updatedAt: 0,
  sentAt: null,
  handledAt: null,
  bestTime: '',
  areaCheck: '',
  formPage: null,
  previousPage: null,
  referrerOrigin: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  gclid: null,
  source: null,
  jobStatus: 'new',
  lostReason: null,
  jobValuePence: null,
  bookedDay: null,
  bookedFrom: null,
  bookedTo: null,
  requestKey: null,
  reviewClickedAt: null,
  reviewsStoppedAt: null,
  quoteRemindersStoppedAt: null,
  walkIn: false,
  stateChange: null,
  assignedTo: null,
  bookingSequence: 0,
  matchPhone: null,
  matchEmail: null,
  matchPlace: null,
  firstAnsweredAt: null,
  ...fields,
});

const context = { photoCount: 0, origin: 'https://www.example.com', content: defaultView };

describe('the town in a quote subject', () => {
  it.each([
    ['12 Seaview Road, Southbourne, Bournemouth BH6 3AA', 'Bournemouth'],
    ['4 Mill Lane, Lymington SO41 9AA', 'Lymington'],
    ['8 Poole Road, Westbourne, Bournemouth', 'Bournemouth'],
    ['3 Christchurch Road, Ringwood BH24 1DN', 'Ringwood'],
    ['Flat 2, 8 Station Road, new milton, BH25 6HX', 'New Milton'],
    ['The Old Barn, Milford on Sea', 'Milford on Sea'],
    ['9 Elm Close, Verwood, BH31 7AA', 'Verwood'],
    ['9 Elm Close, Verwood BH31', 'Verwood'],
    ['21 Pooley Street, Somewhere', 'Somewhere'],
    ['Just a house name', 'Just a house name'],
  ])('%s -> %s', (address, town) => {
    expect(townFromAddress(address, defaultView.areas)).toBe(town);
  });
});

describe('the e-mail', () => {
  it('escapes HTML in every value', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    const { html } = leadEmailContent(lead({ kind: 'contact', name: '<i>Bob</i>', message: '<script>x</script>\nbye' }), context);
    expect(html).not.toMatch(/<(i|script)>/);
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;<br>bye');
  });

  it('keeps the subject on one line', () => {
    expect(leadEmailContent(lead({ kind: 'contact', name: 'Bob\r\nBcc: x@y.z' }), context).subject).toBe(
      'New contact message from Bob Bcc: x@y.z',
    );
  });

  it('is headed by the service asked for: the survey only when the survey (or nothing) was chosen', () => {
    const relining = leadEmailContent(lead({ service: 'drain-relining', address: '4 Mill Lane, Lymington SO41 9AA' }), context);
    expect(relining.text.split('\n')[0]).toBe('Quote request: Drain Relining & Repair');
    expect(relining.text).not.toContain('CCTV');
    expect(relining.subject).toBe('Quote request: Drain Relining & Repair, Lymington');
    for (const service of ['', 'cctv-drain-survey']) {
      const survey = leadEmailContent(lead({ service, address: '1 High St, Poole' }), context);
      expect(survey.text.split('\n')[0]).toBe('Free CCTV drain survey quote request');
      expect(survey.subject).toBe(
        'Quote request: CCTV Drain Surveys, Poole'.replace(
          'CCTV Drain Surveys',
          service ? 'CCTV Drain Surveys' : 'CCTV drain survey',
        ),
      );
    }
  });

  it('leads its subject with "As soon as possible" when a call was asked for then', () => {
    const quote = leadEmailContent(lead({ service: 'drain-unblocking', bestTime: 'asap', address: '1 High St, Poole' }), context);
    expect(quote.subject).toBe('As soon as possible: Quote request: Drain Unblocking, Poole');
    const contact = leadEmailContent(lead({ kind: 'contact', name: 'Ann', bestTime: 'asap' }), context);
    expect(contact.subject).toBe('As soon as possible: New contact message from Ann');
    expect(leadEmailContent(lead({ kind: 'contact', name: 'Ann', bestTime: 'evening' }), context).subject).toBe(
      'New contact message from Ann',
    );
  });

  it('says when the message was received, in UK time', () => {
    expect(leadEmailContent(lead({ address: '1 High St, Poole' }), context).text).toContain(
      'received 23 November 2026 at 10:30am',
    );
  });

  it('gives the short reference, the photo count and the link to the lead in the admin', () => {
    const { text, html } = leadEmailContent(lead({ id: '3f2a9c1b-0000-4000-8000-000000000000' }), {
      photoCount: 1,
      origin: 'https://www.example.com/',
      content: defaultView,
    });
    expect(text).toContain('Reference 3F2A9C1B,');
    expect(text).toContain('Photos: 1 photo');
    expect(text).toContain(
      'See this lead and its photos in the admin: https://www.example.com/admin/leads/3f2a9c1b-0000-4000-8000-000000000000',
    );
    expect(html).toContain('<a href="https://www.example.com/admin/leads/3f2a9c1b-0000-4000-8000-000000000000"');
  });
});

describe("the customer's confirmation", () => {
  const confirm = (fields: Partial<Lead>) =>
    confirmationEmailContent(lead({ id: 'abcdef12-0000', name: 'Bob', ...fields }), context);

  it.each([
    ['', 'within one working day.'],
    ['evening', 'within one working day, in the evening (5pm to 8pm) as you asked.'],
  ] as const)('says when to expect a call (best time %j)', (bestTime, ending) => {
    expect(confirm({ bestTime }).text).toContain(`When to expect a call: We call back every message and quote request ${ending}`);
  });

  it('promises a call within the hour to a request for one as soon as possible while the line answers 24/7', () => {
    const { text } = confirm({ bestTime: 'asap' });
    expect(text).toContain('When to expect a call: You asked for a call as soon as possible: we will call you within the hour.');
    expect(text).not.toContain('within one working day');
  });

  it('keeps its subject on one line and escapes the name in the HTML', () => {
    const { subject, html } = confirm({ kind: 'contact', name: '<i>Bob</i>\r\nBcc: x@y.z' });
    expect(subject).toBe('We have your message: BCP Drainage & Plumbing (ref. ABCDEF12)');
    expect(html).toContain('Hello &lt;i&gt;Bob&lt;/i&gt;');
    expect(html).not.toContain('<i>Bob');
  });

  it('mentions cover only for a postcode outside our areas', () => {
    expect(confirm({ areaCheck: 'outside', address: 'x BH31 7AA' }).text).toContain('We will confirm whether we can cover it');
    for (const areaCheck of ['covered', 'unknown', ''] as const) {
      expect(confirm({ areaCheck }).text).not.toContain('cover it');
    }
  });
});

describe("the job e-mails' urgent line", () => {
  const jobEnv = {
    SITE_ORIGIN: 'https://www.example.com',
    LEADS_FROM_EMAIL: 'leads@example.com',
    FORM_SIGNING_SECRET: 's',
  } as Bindings;
  const booked = lead({
    jobStatus: 'booked',
    bookedDay: '2026-12-29',
    bookedFrom: '10:00',
    bookedTo: '12:00',
    requestKey: 'AAAAAAAAAAAAAAAAAAAAAA',
  });
  const message = (about: string) => ({ kind: 'booking', about }) as LeadMessage;
  const weekdays = (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const).map((day) =>
    day === 'Saturday' || day === 'Sunday' ? { day, opens: '', closes: '' } : { day, opens: '08:00', closes: '18:00' },
  );
  /** Closed from Thursday 24 December to the start of Sunday 27 December 2026 (GMT, so UK time too). */
  const christmas: Notice = {
    id: 'n',
    text: 'Closed for Christmas',
    starts: '2026-12-24T00:00',
    ends: '2026-12-27T00:00',
    hours: { opens: '', closes: '' },
  };
  const CHRISTMAS_EVE_10H = Date.UTC(2026, 11, 24, 10);
  /** The booking e-mail's text, its content as the outbox reads it at `now`: Mon–Fri 8–6, the line ticked 24/7 or not. */
  async function bookingText(now: number, { line247 = false, notices = [] as Notice[], about = '' } = {}) {
    const facts = { ...defaultFacts, hours: { mode: 'days' as const, days: weekdays }, emergencyLine247: line247 };
    const content = viewOf(1, { ...defaultContent(), facts, notices }, now);
    const job = about === 'cancelled' ? { ...booked, jobStatus: 'cancelled' as const } : booked;
    return (await jobEmailFor(jobEnv, job, message(about), content, now))!.text;
  }

  it('gives the line’s hours without a notice', async () => {
    expect(await bookingText(CHRISTMAS_EVE_10H)).toContain(
      `Something urgent? Call us Mon–Fri 8am–6pm on ${defaultFacts.emergencyPhone}.`,
    );
  });

  it('says the line is closed and when it opens while a notice closes it, in the booking, the move and the cancellation', async () => {
    const closed = `Our emergency line is closed now and opens on Monday at 8am: ${defaultFacts.emergencyPhone}.`;
    for (const about of ['', 'moved', 'cancelled']) {
      const text = await bookingText(CHRISTMAS_EVE_10H, { notices: [christmas], about });
      expect(text).toContain(closed);
      expect(text).not.toContain('Something urgent?');
    }
    // The notice is over by the Monday: the usual line again.
    expect(await bookingText(Date.UTC(2026, 11, 28, 10), { notices: [christmas] })).toContain(
      'Something urgent? Call us Mon–Fri',
    );
  });

  it('keeps a line ticked "24/7, outside these hours too" answering during the notice', async () => {
    const text = await bookingText(CHRISTMAS_EVE_10H, { line247: true, notices: [christmas] });
    expect(text).toContain(`Something urgent? Call us 24/7 on ${defaultFacts.emergencyPhone}.`);
    expect(text).not.toContain('closed now');
  });
});

describe('the MailChannels request', () => {
  const env = {
    MAILCHANNELS_API_URL: 'https://api.mailchannels.net/',
    MAILCHANNELS_API_KEY: 'key',
  } as Bindings;

  it('has no DKIM settings unless all three are configured', () => {
    const config = mailerConfig({ ...env, DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 'mc' })!;
    expect(config.dkim).toBeUndefined();
    expect(config.apiUrl).toBe('https://api.mailchannels.net');
    expect(config.timeoutMs).toBe(8000);
  });

  it('signs with DKIM when configured', () => {
    const config = mailerConfig({ ...env, DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 'mc', DKIM_PRIVATE_KEY: 'pk' })!;
    const payload = mailChannelsPayload(
      { to: { email: 'o@example.com' }, from: { email: 'n@example.com' }, subject: 's', text: 't', html: 'h' },
      config,
    );
    expect(payload.personalizations).toEqual([
      { to: [{ email: 'o@example.com' }], dkim_domain: 'example.com', dkim_selector: 'mc', dkim_private_key: 'pk' },
    ]);
  });

  it('is not attempted without an API key', () => {
    expect(mailerConfig({ ...env, MAILCHANNELS_API_KEY: undefined })).toBeNull();
  });
});

describe('the retry backoff', () => {
  it('doubles from 2 minutes up to 2 hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffMs(n) / 60_000)).toEqual([2, 4, 8, 16, 32, 64, 120, 120]);
    expect(backoffMs(50)).toBe(BACKOFF_MAX_MS);
  });
});
