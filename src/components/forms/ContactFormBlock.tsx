import { emptyFormState, type FormState } from '../../leads/form-state';

/** STUB (replaced by the leads work): the contact form as a plain HTML form. */
export function ContactFormBlock({ state = emptyFormState }: { state?: FormState }) {
  return (
    <form className="lead-form" method="post" action="/api/contact">
      <label>
        Name <input name="name" required defaultValue={state.values.name} />
      </label>
      <label>
        Email <input name="email" type="email" required defaultValue={state.values.email} />
      </label>
      <label>
        Phone <input name="phone" type="tel" defaultValue={state.values.phone} />
      </label>
      <label>
        Message <textarea name="message" required defaultValue={state.values.message} />
      </label>
      <button type="submit" className="btn btn--default">
        Send Message
      </button>
    </form>
  );
}
