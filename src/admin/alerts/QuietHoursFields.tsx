import { clockWords } from '../../rules/clock-words';
import { QUIET_HOUR_CHOICES } from './settings-form';

/** What the office's quiet hours do: their alerts wait, except "as soon as possible" requests. */
const OFFICE_NOTE =
  'No alerts between these times; they arrive when the quiet hours end. "As soon as possible" requests always come through.';

/**
 * Quiet hours as two plain selects (UK time, on the hour, shown as '10pm'); `note` says what they
 * hold back; `legend` names them where a heading above has not already.
 */
export function QuietHoursFields({
  from,
  to,
  note = OFFICE_NOTE,
  legend = 'Quiet hours (UK time)',
}: {
  from: string | null;
  to: string | null;
  note?: string;
  legend?: string;
}) {
  return (
    <fieldset className="alerts-quiet">
      <legend className="admin-check">{legend}</legend>
      <p className="admin-muted">{note}</p>
      <div className="alerts-quiet__times">
        <label>
          From{' '}
          <select className="lead-form__control" name="quietFrom" defaultValue={from ?? ''}>
            <option value="">No quiet hours</option>
            {QUIET_HOUR_CHOICES.map((time) => (
              <option key={time} value={time}>
                {clockWords(time)}
              </option>
            ))}
          </select>
        </label>
        <label>
          To{' '}
          <select className="lead-form__control" name="quietTo" defaultValue={to ?? ''}>
            <option value="">No quiet hours</option>
            {QUIET_HOUR_CHOICES.map((time) => (
              <option key={time} value={time}>
                {clockWords(time)}
              </option>
            ))}
          </select>
        </label>
      </div>
    </fieldset>
  );
}
