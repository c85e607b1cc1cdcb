import type { AlertKind, ErasureNotice, Lead } from '../db/schema';
import { ADMIN_HOME } from '../http/paths';
import { serviceTitle, townFromAddress } from '../leads/email-content';
import { noticeVisitWords } from '../privacy/erasure-notices';
import type { ContentView } from '../site-content/view';

/**
 * What an alert says: no more than a glance at the lock screen needs (the customer's name, the
 * service, the town), never a phone number, an e-mail, an address or the message. The service
 * worker shows `title` and `body` and opens `url`, the lead's page in the admin, when tapped.
 */
export interface AlertPayload {
  title: string;
  body: string;
  /** A path on our origin: the service worker opens nothing else. */
  url: string;
  /** One notification per lead and kind: a retry replaces rather than repeats it. */
  tag: string;
}

/** The longest a title or body may be: a lock screen shows less; the payload stays far under 4 KB. */
const MAX_LINE = 200;
const line = (text: string) => (text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text);

export function alertPayload(kind: AlertKind, lead: Lead, content: ContentView): AlertPayload {
  const url = `/admin/leads/${lead.id}`;
  const tag = `${kind}-${lead.id}`;
  switch (kind) {
    case 'new-lead': {
      const asap = lead.bestTime === 'asap';
      const what = lead.kind === 'quote' ? serviceTitle(lead.service, content.services) : 'Message';
      const where = lead.address ? townFromAddress(lead.address, content.areas) : '';
      return {
        title: line(`${asap ? 'As soon as possible: ' : ''}New request from ${lead.name}`),
        body: line(where ? `${what}, ${where}` : what),
        url,
        tag,
      };
    }
    case 'cancel':
      return {
        title: line(`${lead.name} cancelled the visit`),
        body: 'Their booked job is off: open the lead to call them.',
        url,
        tag,
      };
    case 'rebook':
      return { title: line(`${lead.name} asks to rebook`), body: 'Their booked job: open the lead to answer.', url, tag };
    case 'undelivered':
      return {
        title: line(`An e-mail to ${lead.name} could not be delivered`),
        body: 'It failed after every retry: open the lead to call them instead.',
        url,
        tag,
      };
  }
}

/**
 * An erased lead's cancellation given up (src/privacy/erasure-notices.ts): the visit's day and
 * hours only, as the lead and its customer are gone. Opens the dashboard, which shows the notice.
 */
export const noticeAlertPayload = (notice: ErasureNotice): AlertPayload => ({
  title: 'A cancellation could not be delivered',
  body: line(
    `The visit on ${noticeVisitWords(notice)}: the customer's details were erased. Call them if you still have their number.`,
  ),
  url: ADMIN_HOME,
  tag: `undelivered-${notice.id}`,
});
