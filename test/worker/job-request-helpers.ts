import { expect } from 'vitest';
import type { Session } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, GO_ON, statusPath, ukDay } from './job-helpers';
import { call, mailFor, ORIGIN } from './leads-helpers';

/** Shared by the tests of the customer's request page: a booked lead with its link, and the page's forms. */

export interface Attachment {
  filename: string;
  type: string;
  content: string;
}

/** Books a new lead through the admin and returns it with the customer's booking e-mail and the token of their link. */
export async function bookedLead(session: Session, window = '10-12', day = ukDay(1)) {
  // A surname of its own, so the owner's e-mails about this lead are told apart from other tests'.
  const t = crypto.randomUUID().slice(0, 8);
  const lead = await insertLead({
    name: `Maria Fernandes-${t} Smith`,
    service: 'drain-unblocking',
    address: '3 Bay Road, Poole BH14 0AA',
    email: `maria.${t}@example.org`,
  });
  expect((await adminPost(session, statusPath(lead.id), { status: 'booked', day, window, ...GO_ON })).status).toBe(303);
  const mails = (await mailFor(lead.email)).filter((mail) => mail.body.subject.startsWith('Booked'));
  expect(mails).toHaveLength(1);
  const mail = mails[0]!.body as (typeof mails)[0]['body'] & { attachments?: Attachment[] };
  const text = mail.content.find((part) => part.type === 'text/plain')!.value;
  const token = /\/r\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})/.exec(text)?.[1];
  expect(token).toBeTruthy();
  return { lead, mail, text, token: token!, day };
}

/** A page of the customer's link, as a browser asks for it (redirects not followed). */
export const requestPage = (path: string, init: RequestInit = {}) => call(path, { redirect: 'manual', ...init });

/** The customer's rebook or cancel form, posted from our own site. */
export const customerPost = (token: string, request: 'rebook' | 'cancel', fields: Record<string, string> = {}) =>
  requestPage(`/r/${token}/${request}`, { method: 'POST', headers: { Origin: ORIGIN }, body: new URLSearchParams(fields) });
