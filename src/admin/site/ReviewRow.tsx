import type { FieldErrors } from '../../rules/validation';
import { describedBy, Field } from '../shell/parts';
import { AreaField, TextField } from './parts';

/**
 * One review's fields. Where it was given defaults to "told to us": a review typed here carries
 * "Verified on Google" only with the link to it on Google (the DMCC Act 2024 bans misleading reviews).
 */
export function ReviewRow({
  i,
  required,
  values,
  errors,
}: {
  i: number;
  required: boolean;
  values: Record<string, string>;
  errors: FieldErrors;
}) {
  const source = values[`source${i}`] === 'google' ? 'google' : 'other';
  const rating = `rating${i}`;
  return (
    <>
      <TextField
        name={`name${i}`}
        label="Name"
        values={values}
        errors={errors}
        required={required}
        hint="As the customer signs it, like Sarah M."
      />
      <TextField name={`location${i}`} label="Place" values={values} errors={errors} required={required} />
      <Field name={rating} label="Stars" error={errors[rating]} required={required}>
        <select
          id={rating}
          name={rating}
          className="lead-form__control"
          defaultValue={values[rating] ?? '5'}
          aria-invalid={errors[rating] ? true : undefined}
          aria-describedby={describedBy(rating, false, Boolean(errors[rating]))}
        >
          {['5', '4', '3', '2', '1'].map((n) => (
            <option key={n} value={n}>{`${n} ${n === '1' ? 'star' : 'stars'}`}</option>
          ))}
        </select>
      </Field>
      <AreaField name={`text${i}`} label="Review" values={values} errors={errors} required={required} />
      <TextField
        name={`date${i}`}
        label="Date given"
        type="date"
        values={values}
        errors={errors}
        hint="Leave empty if you do not know."
      />
      <fieldset className="site-choice">
        <legend>Where was it given?</legend>
        <label className="admin-check">
          <input type="radio" name={`source${i}`} value="other" defaultChecked={source === 'other'} /> Told to us directly (shown
          without a badge)
        </label>
        <label className="admin-check">
          <input type="radio" name={`source${i}`} value="google" defaultChecked={source === 'google'} /> On Google (shows
          “Verified on Google”)
        </label>
        <TextField
          name={`link${i}`}
          label="Link to this review on Google"
          mark={false}
          type="url"
          values={values}
          errors={errors}
          hint="Needed for “On Google”: on Google Maps, open the review, tap Share and paste the link here."
        />
      </fieldset>
    </>
  );
}
