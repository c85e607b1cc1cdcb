import { buttonClass } from '../../components/button';
import type { Lead, Person } from '../../db/schema';
import { GO_ON, OVERLAP_FIELD } from '../../jobs/assignment';
import { ActionForm } from './ActionForm';
import type { Assignment } from './assignment';
import type { FormError } from './form-error';
import { assignPath, leadPath } from './paths';

/**
 * Who goes to a job (issue 37): the choice on the booking form, the line and form on a booked
 * lead's page, and the overlap warning with its "go on anyway" button. Plain forms: the warning
 * comes back from the server with everything the owner chose, and the button sends it again.
 */

const ROLE_HINT: Record<Person['role'], string> = { owner: 'owner', office: 'office', engineer: 'engineer' };

export function WhoGoesField({
  id,
  assignment,
  chosen,
  error,
}: {
  id: string;
  assignment: Assignment;
  chosen?: string;
  error?: string;
}) {
  const here = assignment.people.some((person) => person.id === assignment.assigneeId);
  const value = chosen ?? (here ? String(assignment.assigneeId) : '');
  return (
    <>
      <label className="lead-form__label" htmlFor={id}>
        Who goes
      </label>
      <select
        id={id}
        name="person"
        className="lead-form__input"
        defaultValue={value}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {!here && <option value="">Choose…</option>}
        {assignment.people.map((person) => (
          <option key={person.id} value={person.id}>
            {`${person.name} (${ROLE_HINT[person.role]})`}
          </option>
        ))}
      </select>
      {error && (
        <p className="lead-form__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** The clash, named, and the button that books (or assigns) anyway. */
export function OverlapWarning({ message, label }: { message: string; label: string }) {
  return (
    <div className="lead-overlap" role="alert">
      <p>{message}</p>
      <button type="submit" name={OVERLAP_FIELD} value={GO_ON} className={buttonClass('outline', 'sm')}>
        {label}
      </button>
    </div>
  );
}

/** A booked job's "Who goes" line, and the form that gives it to someone else. */
export function AssignSection({
  lead,
  assignment,
  csrf,
  error,
}: {
  lead: Lead;
  assignment: Assignment;
  csrf: string;
  error?: FormError;
}) {
  const mine = error?.target === 'assign' ? error : undefined;
  return (
    <div className="lead-assign">
      <p className="lead-assign__who">{`Who goes: ${assignment.assigneeName}`}</p>
      {lead.jobStatus === 'booked' && (
        <details className="lead-step no-print" open={mine ? true : undefined}>
          <summary className={buttonClass('outline', 'sm')}>Give the job to someone else</summary>
          <ActionForm action={assignPath(lead.id)} csrf={csrf} back={leadPath(lead.id)} readFrom={lead}>
            <WhoGoesField
              id="assign-person"
              assignment={assignment}
              chosen={mine?.values.person}
              error={mine?.field === 'person' ? mine.message : undefined}
            />
            {mine?.field === 'overlap' && <OverlapWarning message={mine.message} label="Give it to them anyway" />}
            <button type="submit" className={buttonClass('default', 'sm')}>
              Give them the job
            </button>
          </ActionForm>
        </details>
      )}
    </div>
  );
}
