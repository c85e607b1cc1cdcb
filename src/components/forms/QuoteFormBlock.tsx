import { emptyFormState, type FormState } from '../../leads/form-state';

/** STUB (replaced by the leads work): the free CCTV survey quote form as a plain HTML form. */
export function QuoteFormBlock({ state = emptyFormState, service }: { state?: FormState; service?: string }) {
  return (
    <form className="lead-form" method="post" action="/api/quote">
      <input type="hidden" name="service" value={service ?? ''} />
      <label>
        Full name <input name="full-name" required defaultValue={state.values['full-name']} />
      </label>
      <label>
        Email <input name="email" type="email" required defaultValue={state.values.email} />
      </label>
      <label>
        Phone <input name="phone" type="tel" required defaultValue={state.values.phone} />
      </label>
      <label>
        Address <input name="address" required defaultValue={state.values.address} />
      </label>
      <label>
        Details <textarea name="details" placeholder="Property type and reason for survey" defaultValue={state.values.details} />
      </label>
      <button type="submit" className="btn btn--accent">
        Request My Free Quote
      </button>
    </form>
  );
}
