import { clockWords } from './clock-words';
import { MONTH_NAMES } from './uk-time';
/**
 * A lead's life as a job, one home for its words and its rules (the admin, the customer's page,
 * the e-mails, the CSV): new → contacted → booked → done, or lost with a reason. A booked
 * customer may ask to rebook (the job waits for a new time) or cancel (the visit is off), from
 * their request page. Browser-safe.
 */

export const JOB_STATUSES = ['new', 'contacted', 'booked', 'rebook', 'cancelled', 'done', 'lost'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  booked: 'Booked',
  rebook: 'Asked to rebook',
  cancelled: 'Cancelled',
  done: 'Done',
  lost: 'Lost',
};

export const LOST_REASONS = ['price', 'no-answer', 'outside-area', 'went-elsewhere', 'other'] as const;
export type LostReason = (typeof LOST_REASONS)[number];

export const LOST_REASON_LABELS: Record<LostReason, string> = {
  price: 'Price',
  'no-answer': 'No answer',
  'outside-area': 'Outside the area',
  'went-elsewhere': 'Went elsewhere',
  other: 'Other',
};

/**
 * Where the owner may move each status. Nothing goes back to new; a booking can be moved (booked →
 * booked), and a job the customer asked to rebook or cancelled can be booked again; a lost lead
 * can be picked up again as contacted. Done straight from new is allowed: an emergency is often
 * one visit. Done is left only by undoing it (`undoDone`), back to where it was.
 */
export const NEXT_STATUSES: Record<JobStatus, readonly JobStatus[]> = {
  new: ['contacted', 'booked', 'done', 'lost'],
  contacted: ['booked', 'done', 'lost'],
  booked: ['booked', 'done', 'lost'],
  rebook: ['booked', 'done', 'lost'],
  cancelled: ['booked', 'contacted', 'lost'],
  done: [],
  lost: ['contacted'],
};

export const canMove = (from: JobStatus, to: JobStatus) => NEXT_STATUSES[from].includes(to);

/** What the customer may ask from their page: to rebook a booked visit; to cancel one booked or waiting for a new time. */
export type CustomerRequest = 'rebook' | 'cancel';

export const CUSTOMER_MOVES: Record<CustomerRequest, { from: readonly JobStatus[]; to: JobStatus }> = {
  rebook: { from: ['booked'], to: 'rebook' },
  cancel: { from: ['booked', 'rebook'], to: 'cancelled' },
};

export const customerMayAsk = (status: JobStatus, request: CustomerRequest) => CUSTOMER_MOVES[request].from.includes(status);

/** Done, lost and cancelled close a lead: retention counts from then, and the customer's link lasts 30 days more. */
export const isClosed = (status: JobStatus) => status === 'done' || status === 'lost' || status === 'cancelled';

/** A visit on the owner's day: booked, or booked and waiting for the customer's new time (a cancelled one is off the list). */
export const ON_THE_DAY: readonly JobStatus[] = ['booked', 'rebook'];

export const isJobStatus = (value: unknown): value is JobStatus => JOB_STATUSES.includes(value as JobStatus);
export const isLostReason = (value: unknown): value is LostReason => LOST_REASONS.includes(value as LostReason);

/** The arrival windows the owner picks from ('HH:MM' 24-hour UK time); or a custom start and end. */
export const ARRIVAL_WINDOWS = [
  { id: '08-10', from: '08:00', to: '10:00' },
  { id: '10-12', from: '10:00', to: '12:00' },
  { id: '12-14', from: '12:00', to: '14:00' },
  { id: '14-16', from: '14:00', to: '16:00' },
  { id: '16-18', from: '16:00', to: '18:00' },
] as const;

/** A booking's arrival window: '10am to 12pm'. */
export const windowWords = (from: string, to: string) => `${clockWords(from)} to ${clockWords(to)}`;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** '2026-11-26' → 'Thursday 26 November 2026' (a calendar date: no clock involved). */
export function dayWords(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${d} ${MONTH_NAMES[m - 1]} ${y}`;
}

/** A booking in words: 'Thursday 26 November 2026, 10am to 12pm'. */
export const bookingWords = (booking: { day: string; from: string; to: string }) =>
  `${dayWords(booking.day)}, ${windowWords(booking.from, booking.to)}`;

/** A window after "arrive": 'between 10am and 12pm' (never "between 10am to 12pm"). */
export const betweenWords = (from: string, to: string) => `between ${clockWords(from)} and ${clockWords(to)}`;
