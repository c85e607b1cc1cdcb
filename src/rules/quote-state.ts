/**
 * A quote's life, one table: written (draft), sent (numbered, never edited again), seen by the
 * customer, then accepted, declined, expired, replaced by a revision (superseded) or withdrawn by
 * the owner. Every change the code makes is one event of this table; anything else is refused.
 * Browser-safe.
 */

export const QUOTE_STATES = ['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'superseded', 'withdrawn'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export const QUOTE_EVENTS = ['send', 'view', 'accept', 'decline', 'expire', 'supersede', 'withdraw'] as const;
export type QuoteEvent = (typeof QUOTE_EVENTS)[number];

export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Seen',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  superseded: 'Replaced',
  withdrawn: 'Withdrawn',
};

/** Waiting for the customer: what they may accept or decline. */
const OPEN_STATES: readonly QuoteState[] = ['sent', 'viewed'];

const MOVES: Record<QuoteEvent, { from: readonly QuoteState[]; to: QuoteState }> = {
  send: { from: ['draft'], to: 'sent' },
  view: { from: ['sent'], to: 'viewed' },
  accept: { from: OPEN_STATES, to: 'accepted' },
  decline: { from: OPEN_STATES, to: 'declined' },
  expire: { from: OPEN_STATES, to: 'expired' },
  // A revision replaces any sent version the customer has not accepted.
  supersede: { from: ['sent', 'viewed', 'declined', 'expired'], to: 'superseded' },
  withdraw: { from: OPEN_STATES, to: 'withdrawn' },
};

/** The state an event leads to from `state`, or null when the event is not allowed there. */
export function nextQuoteState(state: QuoteState, event: QuoteEvent): QuoteState | null {
  const move = MOVES[event];
  return move.from.includes(state) ? move.to : null;
}

/** The states an event may start from (a conditional write's `where`). */
export const statesFor = (event: QuoteEvent): readonly QuoteState[] => MOVES[event].from;

export const isOpen = (state: QuoteState) => OPEN_STATES.includes(state);
