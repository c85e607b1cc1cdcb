import { buttonClass } from '../../components/button';
import { CANCELLED_VISIT, MOVED } from '../../db/job-changes';
import { RESENDABLE } from '../../db/lead-messages';
import type { LeadMessage, MessageStatus } from '../../db/schema';
import { LEASE_MS } from '../../outbox/retry-rule';
import { dueWords } from '../../rules/due-words';
import { formatLondon } from '../../rules/uk-time';
import { Badge, type BadgeTone } from '../shell/parts';
import { ActionForm } from './ActionForm';
import { resendPath, reviewCancelPath } from './paths';

const STATUS: Record<MessageStatus, { tone: BadgeTone; label: string }> = {
  sent: { tone: 'green', label: 'Sent' },
  pending: { tone: 'blue', label: 'Sending' },
  retrying: { tone: 'amber', label: 'Retrying' },
  failed: { tone: 'red', label: 'Failed' },
  skipped: { tone: 'grey', label: 'Not e-mailed' },
  cancelled: { tone: 'grey', label: 'Not needed' },
};

const MESSAGE_LABEL = {
  owner: 'E-mail to you',
  customer: 'Confirmation to the customer',
  booking: 'Booking to the customer',
  notice: "The customer's request, to you",
  review: 'Review request',
  reminder: 'Review reminder',
  visit: 'Visit reminder to the customer',
  quote: 'Quote to the customer',
  accepted: 'Acceptance confirmation to the customer',
  'quote-reminder': 'Quote reminder to the customer',
  engineer: 'Job e-mail to the engineer',
  'on-my-way': '"On my way" to the customer',
  report: 'Job report to the customer',
  invoice: 'Invoice to the customer',
  'invoice-reminder': 'Invoice reminder to the customer',
  'credit-note': 'Credit note to the customer',
  'quote-answer': "The customer's answer to a quote, to you",
  payment: 'Card payment, to you',
  receipt: 'Payment receipt to the customer',
} as const;

/** A booking e-mail says which it is: the booking, its new time or its cancellation. */
function labelOf(message: LeadMessage): string {
  if (message.kind === 'booking' && message.about === MOVED) return 'New time to the customer';
  if (message.kind === 'booking' && message.about === CANCELLED_VISIT) return 'Cancellation to the customer';
  return MESSAGE_LABEL[message.kind];
}

/** Kinds queued to go at once (sent just after the answer): their next attempt is a lease, not a time they wait for. */
const AT_ONCE = new Set<LeadMessage['kind']>(['owner', 'customer', 'booking', 'quote-answer', 'payment', 'receipt']);

/** Pending and never tried: queued, held, or being sent right now. */
const untried = (message: LeadMessage) => message.status === 'pending' && message.attempts === 0;

/**
 * Being sent now: one queued to go at once, one the cron has taken (its next attempt moved to
 * a lease when it was updated after it was queued), or one due and not yet taken. Its next
 * attempt is then the end of a lease, never a time worth showing.
 */
const sendingNow = (message: LeadMessage, now: number) =>
  untried(message) &&
  (AT_ONCE.has(message.kind) ||
    message.nextAttemptAt === null ||
    message.nextAttemptAt <= now ||
    (message.updatedAt > message.createdAt && message.nextAttemptAt - message.updatedAt <= LEASE_MS));

/** Held until it is due: a review request two hours after done, its reminder days later. */
const waiting = (message: LeadMessage, now: number) => untried(message) && !sendingNow(message, now);

/** The review request and its reminder can still be stopped by the owner while they wait. */
const STOPPABLE_REVIEW = new Set<MessageStatus>(['pending', 'retrying', 'skipped']);

/** '2 attempts, sent 1 Jul 2026, 09:30. Last error: …' as one text node; 'Goes today at 4:40pm (UK time)' while it waits. */
function deliveryLine(message: LeadMessage, now: number): string {
  if (sendingNow(message, now)) return 'Sending now.';
  if (waiting(message, now)) return `Goes ${dueWords(message.nextAttemptAt!, now)} (UK time)`;
  if (message.status === 'cancelled') return 'Not sent.';
  let line = `${message.attempts} ${message.attempts === 1 ? 'attempt' : 'attempts'}`;
  if (message.sentAt) line += `, sent ${formatLondon(message.sentAt)}`;
  if (message.lastError) line += `. Last error: ${message.lastError}`;
  return line;
}

/** A lead's e-mails, each with its own delivery and its own "Resend" once the outbox has given up on it. */
export function LeadMessages({
  messages,
  csrf,
  back,
  resend,
  now = Date.now(),
}: {
  messages: readonly LeadMessage[];
  csrf: string;
  back: string;
  resend: boolean;
  now?: number;
}) {
  if (messages.length === 0) return null;
  return (
    <ul className="admin-lead__emails" aria-label="E-mails">
      {messages.map((message) => {
        const status = waiting(message, now) ? { tone: 'blue' as const, label: 'Waiting' } : STATUS[message.status];
        // One button stops both: the reminder never goes without the request.
        const kind = message.kind;
        const stoppable = resend && kind === 'review' && STOPPABLE_REVIEW.has(message.status);
        const resendable =
          resend && (kind === 'owner' || kind === 'customer') && (RESENDABLE as readonly string[]).includes(message.status);
        return (
          <li key={message.id} className="admin-lead__email">
            <p className="admin-lead__email-head">
              <span className="admin-lead__email-label">{labelOf(message)}</span>
              <Badge tone={status.tone}>{status.label}</Badge>
            </p>
            <p className="admin-lead__delivery">{deliveryLine(message, now)}</p>
            {stoppable && (
              <ActionForm action={reviewCancelPath(message.leadId)} csrf={csrf} back={back}>
                <button type="submit" className={buttonClass('ghost', 'sm')}>
                  Do not send the review request
                </button>
              </ActionForm>
            )}
            {resendable && (
              <ActionForm action={resendPath(message.leadId, kind)} csrf={csrf} back={back}>
                <button type="submit" className={buttonClass('ghost', 'sm')}>
                  {kind === 'owner' ? 'Resend e-mail' : 'Resend confirmation'}
                </button>
              </ActionForm>
            )}
          </li>
        );
      })}
    </ul>
  );
}
