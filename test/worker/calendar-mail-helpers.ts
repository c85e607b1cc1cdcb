import ICAL from 'ical.js';
import { expect, vi } from 'vitest';
import type { Session } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, GO_ON, statusPath } from './job-helpers';
import type { Attachment } from './job-request-helpers';
import { mailFor } from './leads-helpers';

/** A visit's e-mails read as the customer's calendar reads them (test/worker/cancel-visit.test.ts, erase-cancel-visit.test.ts). */

export async function at(time: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(time));
}

const decode = (base64: string) => new TextDecoder().decode(Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)));

export async function newLead(name: string) {
  const t = crypto.randomUUID().slice(0, 8);
  return insertLead({
    name: `${name}-${t} Jones`,
    email: `${name.toLowerCase()}.${t}@example.org`,
    service: 'drain-unblocking',
    address: `Flat ${t}, 3 Bay Road, Poole BH14 0AA`,
  });
}

/** A new lead booked through its page at the faked time. */
export async function booked(session: Session, name: string, day: string, window: string) {
  const lead = await newLead(name);
  expect((await adminPost(session, statusPath(lead.id), { status: 'booked', day, window, ...GO_ON })).status).toBe(303);
  return lead;
}

/** The customer's booking e-mails (booked, moved, cancelled), oldest first, each with its calendar parsed. */
export async function calendarMails(email: string) {
  const mails = (await mailFor(email))
    .map((mail) => mail.body as typeof mail.body & { attachments?: Attachment[] })
    .filter((mail) => /^(Booked|Moved|Cancelled): /.test(mail.subject));
  return mails.map((mail) => {
    const attachment = mail.attachments![0]!;
    const calendar = new ICAL.Component(ICAL.parse(decode(attachment.content)));
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    return {
      subject: mail.subject,
      to: mail.personalizations[0]!.to[0]!.email,
      text: mail.content.find((part) => part.type === 'text/plain')!.value,
      attachment,
      method: calendar.getFirstPropertyValue('method'),
      event: new ICAL.Event(vevent),
      status: vevent.getFirstPropertyValue('status'),
      sequence: Number(vevent.getFirstPropertyValue('sequence')),
    };
  });
}

/** What a cancellation must be: the booking's event taken out, one number higher. */
export function expectCancelOf(mails: Awaited<ReturnType<typeof calendarMails>>, email: string) {
  const [booking, cancel, ...more] = mails;
  expect(more).toEqual([]);
  expect(cancel!.subject).toBe('Cancelled: Friday 14 May 2027, 10am to 12pm (BCP Drainage & Plumbing)');
  expect(cancel!.to).toBe(email);
  expect(cancel!.attachment.type).toBe('text/calendar; method=CANCEL');
  expect(cancel!.method).toBe('CANCEL');
  expect(cancel!.status).toBe('CANCELLED');
  expect(booking!.method).toBe('PUBLISH');
  expect(booking!.status).toBe('CONFIRMED');
  expect(cancel!.event.uid).toBe(booking!.event.uid);
  expect(cancel!.sequence).toBe(booking!.sequence + 1);
  expect(cancel!.event.startDate.toString()).toBe('2027-05-14T10:00:00');
  expect(cancel!.event.component.getFirstPropertyValue('attendee')).toBe(`mailto:${email}`);
  expect(cancel!.text).toContain('The attached file takes the visit out of your calendar.');
  return { booking: booking!, cancel: cancel! };
}
