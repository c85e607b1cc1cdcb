import { JOB_STATUS_LABELS, type JobStatus } from './job-status';

/**
 * What the customer's page says of where their job stands: the job's status, moved on by what the
 * customer did and what was done for them, so a customer who accepted and paid is never told "we
 * have your request". Cancelled, asked to rebook and closed say so whatever else is true; then
 * paid, the work done, the visit booked, the quote accepted, each over the ones after it.
 * Browser-safe.
 */
export interface CustomerFacts {
  /** Their latest quote is accepted. */
  quoteAccepted: boolean;
  /** The engineer finished the work (the job report), whether or not the office marked it done yet. */
  workFinished: boolean;
  /** Every invoice of theirs is settled, and at least one final invoice was paid. */
  paid: boolean;
}

const WORDS: Record<JobStatus, string> = {
  new: 'We have your request and will be in touch.',
  contacted: 'We have been in touch about your request.',
  booked: 'Your visit is booked.',
  rebook: 'You asked for a new time. We will be in touch to agree one.',
  cancelled: 'Your visit is cancelled.',
  done: 'The job is done. Thank you for choosing us.',
  lost: 'This request is closed.',
};

const CUSTOMER_STATUS = {
  paid: { label: 'Paid', words: 'The work is done and paid for. Thank you for choosing us.' },
  quoteAccepted: { label: 'Quote accepted', words: 'Thank you for accepting our quote. We will be in touch to book the work.' },
} as const;

export function customerStatus(status: JobStatus, facts: CustomerFacts): { label: string; words: string } {
  const as = (at: JobStatus) => ({ label: JOB_STATUS_LABELS[at], words: WORDS[at] });
  if (status === 'cancelled' || status === 'rebook' || status === 'lost') return as(status);
  if (facts.paid) return CUSTOMER_STATUS.paid;
  if (status === 'done' || facts.workFinished) return as('done');
  if (status === 'booked') return as('booked');
  if (facts.quoteAccepted) return CUSTOMER_STATUS.quoteAccepted;
  return as(status);
}
