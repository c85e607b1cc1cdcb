import type { NewLeadFields } from '../db/leads';
import { checkServiceArea } from './area-check';
import type { ContactInput, LeadFormName, QuoteInput } from './schemas';

/** A validated form as the columns of its lead; a quote's address is checked against the areas served. */
export function leadFields(
  form: LeadFormName,
  input: ContactInput | QuoteInput,
  servedDistricts: readonly string[],
): NewLeadFields {
  if (form === 'contact') {
    const contact = input as ContactInput;
    return {
      kind: 'contact',
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      message: contact.message,
      bestTime: contact['best-time'],
      areaCheck: '',
    };
  }
  const quote = input as QuoteInput;
  return {
    kind: 'quote',
    name: quote['full-name'],
    email: quote.email,
    phone: quote.phone,
    address: quote.address,
    service: quote.service,
    message: quote.details,
    bestTime: quote['best-time'],
    areaCheck: checkServiceArea(quote.address, servedDistricts),
  };
}
