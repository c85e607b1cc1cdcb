import ContactForm from '../../../client/islands/ContactForm';
import { emptyFormState, type FormState } from '../../leads/form-state';
import { Island } from '../Island';
import { AttributionField } from './AttributionField';
import { useSentFacts } from './sent-facts';
import { TurnstileScript } from './TurnstileScript';

/**
 * The contact form as an island: complete HTML that posts to /api/contact without JavaScript,
 * hydrated into inline validation, 'Sending...' and toasts with it (the island mounts the toast
 * region itself on first use: `ensureToaster`). `attribution` is the hidden field's value
 * (a placeholder on pages the cache keeps), or nothing for no field.
 */
export function ContactFormBlock({ state = emptyFormState, attribution }: { state?: FormState; attribution?: string }) {
  return (
    <>
      {/* Turnstile's widget needs the island running before the visitor sends. */}
      <Island
        name="ContactForm"
        component={ContactForm}
        props={{ state, facts: useSentFacts(state) }}
        start={state.turnstileSiteKey ? 'near' : 'interaction'}
      />
      <AttributionField form="contact" value={attribution} />
      {state.turnstileSiteKey && <TurnstileScript />}
    </>
  );
}
