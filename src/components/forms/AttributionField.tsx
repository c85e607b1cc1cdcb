import { ATTRIBUTION_FIELD, formElementId } from '../../leads/field-names';
import type { LeadFormName } from '../../leads/schemas';

/**
 * The hidden attribution field (`readArrival`, `leadAttribution`). It sits beside the island, tied to its
 * form by the `form` attribute, so hydration never touches the value filled in per response, and
 * both a plain form post and the island's JSON (built from the form's FormData) carry it.
 */
export function AttributionField({ form, value }: { form: LeadFormName; value?: string }) {
  if (value === undefined) return null;
  return <input type="hidden" form={formElementId(form)} name={ATTRIBUTION_FIELD} value={value} />;
}
