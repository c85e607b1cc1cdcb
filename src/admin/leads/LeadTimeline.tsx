import type { Lead, LeadEvent } from '../../db/schema';
import { JOB_STATUS_LABELS } from '../../rules/job-status';
import { formatLondon } from '../../rules/uk-time';

/**
 * Who, in the timeline's words: the signed-in person's name as it was when they acted, or one of
 * these ('owner' is what leads closed before people had names were given).
 */
const ACTOR: Record<string, string> = { owner: 'the owner', customer: 'the customer', system: 'the site' };

function eventText(event: LeadEvent): string {
  const who = ACTOR[event.actor] ?? event.actor;
  switch (event.kind) {
    case 'status':
      return `${JOB_STATUS_LABELS[event.status ?? 'new']}${event.detail ? `: ${event.detail}` : ''} (by ${who})`;
    case 'rebook':
      return 'The customer asked to rebook';
    case 'cancel':
      return 'The customer cancelled the visit';
    case 'quote':
    case 'invoice':
      // The document's own words: "Quote Q-2026-0001 sent by Ann", "… accepted by the customer".
      return `${event.detail} (by ${who})`;
    case 'assigned':
      return `Job given to ${event.detail} (by ${who})`;
    case 'called':
      return event.detail === 'whatsapp' ? `WhatsApp chat opened by ${who}` : `Called by ${who}`;
    default:
      return `Note by ${who}`;
  }
}

/** Everything that happened to a lead, oldest first, each with its UK time; notes show their text. */
export function LeadTimeline({ lead, events }: { lead: Lead; events: readonly LeadEvent[] }) {
  return (
    <ol className="lead-timeline" aria-label="Timeline">
      <li className="lead-timeline__item">
        <time dateTime={new Date(lead.createdAt).toISOString()}>{formatLondon(lead.createdAt)}</time>
        <span>Received</span>
      </li>
      {events.map((event) => (
        <li key={event.id} className={`lead-timeline__item lead-timeline__item--${event.kind}`}>
          <time dateTime={new Date(event.createdAt).toISOString()}>{formatLondon(event.createdAt)}</time>
          <span>{eventText(event)}</span>
          {(event.kind === 'note' || ((event.kind === 'rebook' || event.kind === 'cancel') && event.detail)) && (
            <p className="lead-timeline__note">{event.detail}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
