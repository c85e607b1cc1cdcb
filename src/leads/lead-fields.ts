import type { NewLeadFields } from '../db/leads';
import { checkServiceArea, normalPostcode } from './area-check';
import type { ContactInput, LeadFormName, QuoteInput } from './schemas';

/**
 * The address as one line, as every lead has stored it (the admin, the e-mails, the CSV and the
 * privacy search read it): the postcode field joined on in its normal form ('bh231aa' -> 'BH23 1AA'),
 * unless the address already ends with it.
 */
export function addressWithPostcode(address: string, postcode: string): string {
  const code = normalPostcode(postcode);
  if (!code) return address;
  const squashed = (text: string) => text.replace(/\s+/g, '').toUpperCase();
  return squashed(address).endsWith(squashed(code)) ? address : `${address}, ${code}`;
}

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
    address: addressWithPostcode(quote.address, quote.postcode),
    service: quote.service,
    message: quote.details,
    bestTime: quote['best-time'],
    areaCheck: checkServiceArea(quote.address, servedDistricts, quote.postcode),
  };
}
