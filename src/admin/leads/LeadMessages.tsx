import { buttonClass } from '../../components/button';
import { RESENDABLE } from '../../db/lead-messages';
import type { LeadMessage, MessageStatus } from '../../db/schema';
import { formatLondon } from '../../rules/uk-time';
import { Badge, type BadgeTone } from '../shell/parts';
import { ActionForm } from './ActionForm';
import { resendPath } from './paths';

const STATUS: Record<MessageStatus, { tone: BadgeTone; label: string }> = {
  sent: { tone: 'green', label: 'Sent' },
  pending: { tone: 'blue', label: 'Sending' },
  retrying: { tone: 'amber', label: 'Retrying' },
  failed: { tone: 'red', label: 'Failed' },
  skipped: { tone: 'grey', label: 'Not e-mailed' },
  cancelled: { tone: 'grey', label: 'Not needed' },
};

export const MESSAGE_LABEL = {
  owner: 'E-mail to you',
  customer: 'Confirmation to the customer',
  booking: 'Booking to the customer',
  notice: "The customer's request, to you",
  review: 'Review request',
  reminder: 'Review reminder',
  visit: 'Visit reminder to the customer',
} as const;

/** '2 attempts, sent 1 Jul 2026, 09:30. Last error: …' as one text node. */
function deliveryLine(message: LeadMessage): string {
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
}: {
  messages: readonly LeadMessage[];
  csrf: string;
  back: string;
  resend: boolean;
}) {
  if (messages.length === 0) return null;
  return (
    <ul className="admin-lead__emails" aria-label="E-mails">
      {messages.map((message) => {
        const status = STATUS[message.status];
        const kind = message.kind;
        const resendable =
          resend && (kind === 'owner' || kind === 'customer') && (RESENDABLE as readonly string[]).includes(message.status);
        return (
          <li key={message.id} className="admin-lead__email">
            <p className="admin-lead__email-head">
              <span className="admin-lead__email-label">{MESSAGE_LABEL[message.kind]}</span>
              <Badge tone={status.tone}>{status.label}</Badge>
            </p>
            <p className="admin-lead__delivery">{deliveryLine(message)}</p>
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
