import ContactForm from '../../../client/islands/ContactForm';
import { emptyFormState, type FormState } from '../../leads/form-state';
import { Island } from '../../render/Island';
import { TurnstileScript } from './TurnstileScript';

/**
 * The contact form as an island: complete HTML that posts to /api/contact without JavaScript,
 * hydrated into inline validation, 'Sending...' and toasts with it (the island mounts the toast
 * region itself on first use: client/forms/toaster.ts).
 */
export function ContactFormBlock({ state = emptyFormState }: { state?: FormState }) {
  return (
    <>
      <Island name="ContactForm" component={ContactForm} props={{ state }} />
      {state.turnstileSiteKey && <TurnstileScript />}
    </>
  );
}
