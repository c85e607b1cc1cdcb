import type { ReactNode } from 'react';
import type { SentPanelFacts } from '../../src/components/forms/LeadSentPanel';
import { LEAD_POST_PATHS } from '../../src/http/paths';
import { formElementId } from '../../src/leads/field-names';
import type { LeadFormName } from '../../src/leads/schemas';
import { FormAlert, SpamGuards } from './fields';
import { SentPanel } from './SentPanel';
import type { useLeadForm } from './useLeadForm';

type LeadForm = ReturnType<typeof useLeadForm>;

/**
 * What both lead forms share around their fields: the sent panel that takes the form's place
 * once a send succeeds (until "Send another…"), and the plain multipart form that posts without
 * JavaScript, with its alert slot and spam guards.
 */
export function LeadFormFrame({
  form,
  lead,
  facts,
  anotherLabel,
  turnstileSiteKey,
  children,
}: {
  form: LeadFormName;
  lead: Pick<LeadForm, 'sent' | 'another' | 'hydrated' | 'onSubmit' | 'onFocus' | 'formError' | 'token'>;
  facts: SentPanelFacts;
  anotherLabel: string;
  turnstileSiteKey?: string;
  children: ReactNode;
}) {
  const alertId = `${form}-form-alert`;
  return (
    <>
      {lead.sent && (
        <SentPanel
          heading={lead.sent.message}
          reference={lead.sent.reference}
          facts={{
            ...facts,
            ...(lead.sent.callBack ? { callBack: lead.sent.callBack } : {}),
            ...(lead.sent.lineOpen === false ? { lineOpen: false } : {}),
          }}
          focusOnShow
          another={
            <button type="button" className="btn btn--outline btn--lg" onClick={lead.another}>
              {anotherLabel}
            </button>
          }
        />
      )}
      <form
        hidden={lead.sent !== null}
        className="lead-form"
        id={formElementId(form)}
        method="post"
        action={LEAD_POST_PATHS[form]}
        encType="multipart/form-data"
        noValidate={lead.hydrated}
        onSubmit={lead.onSubmit}
        onFocus={lead.onFocus}
        aria-describedby={alertId}
      >
        <FormAlert id={alertId} message={lead.formError} />
        <SpamGuards idPrefix={form} token={lead.token} turnstileSiteKey={turnstileSiteKey} />
        {children}
      </form>
    </>
  );
}
