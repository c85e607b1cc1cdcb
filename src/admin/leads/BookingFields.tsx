import type { Lead } from '../../db/schema';
import { LIMITS } from '../../leads/schemas';
import { ARRIVAL_WINDOWS, windowWords } from '../../rules/job-status';
import { EmailedHint } from '../shell/mail-off';
import { OverlapWarning, WhoGoesField } from './AssignFields';
import type { Assignment } from './assignment';
import { errorFor, FieldError, type FormError } from './form-error';

/**
 * "Book a visit" and "Change the booking": who goes, the address when the lead has none (a
 * contact message), the day and the arrival window.
 */
export function BookingFields({
  lead,
  error,
  today,
  assignment,
}: {
  lead: Lead;
  error?: FormError;
  today: string;
  assignment?: Assignment;
}) {
  const values = error?.target === 'booked' ? error.values : {};
  const chosen = values.window ?? '';
  return (
    <>
      {assignment && (
        <WhoGoesField
          id="book-person"
          assignment={assignment}
          chosen={values.person}
          error={errorFor(error, 'booked', 'person')}
        />
      )}
      {!lead.address && (
        <>
          <label className="lead-form__label" htmlFor="book-address">
            Address of the visit
          </label>
          <p className="lead-form__hint" id="book-address-hint">
            The customer did not give one. It goes on the schedule, the engineer's page and the customer's calendar.
          </p>
          <input
            id="book-address"
            name="address"
            required
            maxLength={LIMITS.address}
            autoComplete="off"
            className="lead-form__input"
            defaultValue={values.address ?? ''}
            aria-describedby={errorFor(error, 'booked', 'address') ? 'book-address-hint book-address-error' : 'book-address-hint'}
          />
          <FieldError id="book-address-error" message={errorFor(error, 'booked', 'address')} />
        </>
      )}
      <label className="lead-form__label" htmlFor="book-day">
        Day
      </label>
      <input
        id="book-day"
        name="day"
        type="date"
        min={today}
        className="lead-form__input"
        defaultValue={values.day ?? lead.bookedDay ?? ''}
        aria-describedby={errorFor(error, 'booked', 'day') ? 'book-day-error' : undefined}
      />
      <FieldError id="book-day-error" message={errorFor(error, 'booked', 'day')} />
      <fieldset className="lead-windows">
        <legend className="lead-form__label">Arrival window</legend>
        {ARRIVAL_WINDOWS.map((window) => (
          <label key={window.id} className="lead-windows__choice">
            <input type="radio" name="window" value={window.id} defaultChecked={chosen === window.id} />
            {windowWords(window.from, window.to)}
          </label>
        ))}
        <label className="lead-windows__choice">
          <input type="radio" name="window" value="custom" defaultChecked={chosen === 'custom'} />
          Other times
        </label>
        <FieldError id="book-window-error" message={errorFor(error, 'booked', 'window')} />
        <span className="lead-windows__custom">
          <label htmlFor="book-from">From</label>
          <input
            id="book-from"
            name="from"
            type="time"
            step={900}
            className="lead-form__input"
            defaultValue={values.from ?? ''}
          />
          <label htmlFor="book-to">to</label>
          <input id="book-to" name="to" type="time" step={900} className="lead-form__input" defaultValue={values.to ?? ''} />
        </span>
        <FieldError id="book-from-error" message={errorFor(error, 'booked', 'from')} />
        <FieldError id="book-to-error" message={errorFor(error, 'booked', 'to')} />
      </fieldset>
      <EmailedHint>The customer is e-mailed the booking with a calendar file and a link to their request page.</EmailedHint>
      {errorFor(error, 'booked', 'overlap') && <OverlapWarning message={error!.message} label="Book anyway" />}
    </>
  );
}
