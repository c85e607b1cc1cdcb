import type { FormState } from '../../leads/form-state';
import { useSite } from '../../site-content/context';
import type { SentPanelFacts } from './LeadSentPanel';

/** The sent panel's facts from the content revision and the form's state (server side only). */
export function useSentFacts(state: Pick<FormState, 'confirmationEmail'>): SentPanelFacts {
  const site = useSite();
  return {
    callBack: site.response.callBack,
    phone: { href: site.phone.emergency.href, display: site.phone.emergency.display },
    confirmationEmail: state.confirmationEmail === true,
  };
}
