import type { ReactNode } from 'react';
import { buttonClass } from '../../components/button';
import type { AcceptedQuote } from '../../db/quote-reads';
import type { Lead } from '../../db/schema';
import { CONFIRM_FIELD, CONFIRMED } from '../../jobs/done-early';
import { type JobStatus, LOST_REASON_LABELS, LOST_REASONS, NEXT_STATUSES, ON_THE_DAY } from '../../rules/job-status';
import { formatPenceBrief } from '../../rules/money';
import { EmailedHint } from '../shell/mail-off';
import { ActionForm } from './ActionForm';
import type { Assignment } from './assignment';
import { BookingFields } from './BookingFields';
import { errorFor, FieldError, type FormError } from './form-error';
import { leadPath, undoDonePath } from './paths';

const ACTION_LABEL: Record<JobStatus, string> = {
  new: 'New',
  contacted: 'Mark contacted',
  booked: 'Book a visit',
  rebook: 'Asked to rebook',
  cancelled: 'Cancelled',
  done: 'Mark done',
  lost: 'Mark lost',
};

/** One next step, folded away until opened (a <details>, so it works without JavaScript). */
function Step({
  target,
  lead,
  csrf,
  error,
  children,
}: {
  target: JobStatus;
  lead: Lead;
  csrf: string;
  error?: FormError;
  children?: ReactNode;
}) {
  const open = error?.target === target;
  const rebook = target === 'booked' && (lead.jobStatus === 'booked' || lead.jobStatus === 'rebook');
  return (
    <details className="lead-step" open={open || undefined}>
      <summary className={buttonClass(target === 'lost' ? 'ghost' : 'outline', 'sm')}>
        {rebook ? 'Change the booking' : ACTION_LABEL[target]}
      </summary>
      <ActionForm action={`${leadPath(lead.id)}/status`} csrf={csrf} back={leadPath(lead.id)} readFrom={lead}>
        <input type="hidden" name="status" value={target} />
        {children}
        <button type="submit" className={buttonClass('default', 'sm')}>
          {rebook ? 'Save the new booking' : ACTION_LABEL[target]}
        </button>
      </ActionForm>
    </details>
  );
}

/** A job done is finished; marked done by mistake, it can be undone (back to where it was, the review request not sent). */
function UndoDone({ lead, csrf, error }: { lead: Lead; csrf: string; error?: FormError }) {
  return (
    <div className="lead-steps">
      {error && <FieldError id="status-error" message={error.message} />}
      <p className="admin-muted">This job is done.</p>
      <details className="lead-step">
        <summary className={buttonClass('ghost', 'sm')}>Undo done</summary>
        <ActionForm action={undoDonePath(lead.id)} csrf={csrf} back={leadPath(lead.id)} readFrom={lead}>
          <p className="lead-form__hint">
            The job goes back to where it was before it was marked done, and a review request still waiting is not sent.
          </p>
          <button type="submit" className={buttonClass('default', 'sm')}>
            Undo done
          </button>
        </ActionForm>
      </details>
    </div>
  );
}

/** The lead's next steps from where it is now (`NEXT_STATUSES`), each its own plain form. */
export function StatusForms({
  lead,
  csrf,
  error,
  today,
  assignment,
  acceptedQuote,
}: {
  lead: Lead;
  csrf: string;
  error?: FormError;
  today: string;
  /** Who may go, and who goes now: the booking form's "Who goes". */
  assignment?: Assignment;
  /** The accepted quote: its total is the job's value, so the done step asks for none. */
  acceptedQuote?: AcceptedQuote;
}) {
  const next = NEXT_STATUSES[lead.jobStatus];
  if (lead.jobStatus === 'done') return <UndoDone lead={lead} csrf={csrf} error={error} />;
  const values = (target: JobStatus) => (error?.target === target ? error.values : {});
  return (
    <div className="lead-steps">
      {error && !error.field && <FieldError id="status-error" message={error.message} />}
      {next.map((target) => (
        <Step key={target} target={target} lead={lead} csrf={csrf} error={error}>
          {target === 'booked' && <BookingFields lead={lead} error={error} today={today} assignment={assignment} />}
          {target === 'done' && (
            <>
              {acceptedQuote ? (
                <p>{`Job value ${formatPenceBrief(acceptedQuote.grossPence)}, the total of the accepted quote ${acceptedQuote.number}.`}</p>
              ) : (
                <>
                  <label className="lead-form__label" htmlFor="done-value">
                    Job value in £ (optional)
                  </label>
                  <input
                    id="done-value"
                    name="value"
                    inputMode="decimal"
                    className="lead-form__input"
                    defaultValue={values('done').value ?? ''}
                  />
                  <FieldError id="done-value-error" message={errorFor(error, 'done', 'value')} />
                </>
              )}
              {errorFor(error, 'done', CONFIRM_FIELD) && (
                <div className="lead-overlap" role="alert">
                  <p>{error!.message}</p>
                  <button type="submit" name={CONFIRM_FIELD} value={CONFIRMED} className={buttonClass('outline', 'sm')}>
                    Mark it done anyway
                  </button>
                </div>
              )}
              <EmailedHint>
                About two hours later the customer is e-mailed once to ask for a Google review (one reminder after five days if
                they have not opened it).
              </EmailedHint>
            </>
          )}
          {target === 'lost' && (
            <>
              <label className="lead-form__label" htmlFor="lost-reason">
                Why
              </label>
              <select
                id="lost-reason"
                name="lost_reason"
                className="lead-form__input"
                defaultValue={values('lost').lost_reason ?? ''}
              >
                <option value="">Choose…</option>
                {LOST_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {LOST_REASON_LABELS[reason]}
                  </option>
                ))}
              </select>
              <FieldError id="lost-reason-error" message={errorFor(error, 'lost', 'lost_reason')} />
              {ON_THE_DAY.includes(lead.jobStatus) && (
                <EmailedHint>
                  If the visit is still to come, the customer is e-mailed that it is cancelled, with a calendar file that takes it
                  out of their calendar.
                </EmailedHint>
              )}
            </>
          )}
        </Step>
      ))}
    </div>
  );
}
