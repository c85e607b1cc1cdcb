import { QUIET_HOUR_CHOICES } from './settings-form';

/** Quiet hours as two plain selects (UK time, on the hour): no alert then, except "as soon as possible" requests. */
export function QuietHoursFields({ from, to }: { from: string | null; to: string | null }) {
  return (
    <fieldset className="alerts-quiet">
      <legend className="admin-check">Quiet hours (UK time)</legend>
      <p className="admin-muted">
        No alerts between these times; they arrive when the quiet hours end. "As soon as possible" requests always come through.
      </p>
      <div className="alerts-quiet__times">
        <label>
          From{' '}
          <select className="lead-form__control" name="quietFrom" defaultValue={from ?? ''}>
            <option value="">No quiet hours</option>
            {QUIET_HOUR_CHOICES.map((time) => (
              <option key={time} value={time}>
                {time}
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
                {time}
              </option>
            ))}
          </select>
        </label>
      </div>
    </fieldset>
  );
}
