import { POSTCODE_CHECK_PATH } from '../http/paths';

/**
 * "Do we cover you?": a plain GET form (no JavaScript) answered on its own page
 * (`postcodeCheckRoutes`). In the areas section of Home and every service page, and on
 * the answer page to try another postcode. `id` keeps labels unique on a page.
 */
export function PostcodeCheckForm({
  id = 'postcode-check',
  value = '',
  service,
}: {
  id?: string;
  value?: string;
  /** The service page it is on: the answer's quote link asks for that service. */
  service?: string;
}) {
  return (
    <form className="postcode-check" method="get" action={POSTCODE_CHECK_PATH} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="postcode-check__title">
        Do we cover you?
      </h3>
      <label className="postcode-check__label" htmlFor={id}>
        Your postcode
      </label>
      {service && <input type="hidden" name="service" value={service} />}
      <div className="postcode-check__row">
        <input
          id={id}
          className="postcode-check__input"
          name="postcode"
          type="text"
          inputMode="text"
          autoComplete="postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={10}
          placeholder="e.g. BH6 3AA"
          defaultValue={value}
        />
        <button type="submit" className="btn btn--default postcode-check__button">
          Check
        </button>
      </div>
    </form>
  );
}
