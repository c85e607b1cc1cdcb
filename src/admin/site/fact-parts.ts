const EVERYWHERE = 'Shows on every page, in the e-mails and in search results.';

/** Where the business facts show, all parts together. */
export const FACTS_SHOW =
  'Most of this shows on every page, in the e-mails and in search results; quote terms only on quotes, and the bank details only on invoices.';

/**
 * The business facts in parts, each its own page and save (/admin/site/facts/<part>), and where
 * each shows (`shows`): quote terms and invoicing only on quotes and invoices, never on the site.
 */
export const FACT_PARTS = [
  { id: 'contact', legend: 'Phone, WhatsApp and e-mail', shows: EVERYWHERE },
  { id: 'business', legend: 'The business', shows: EVERYWHERE },
  { id: 'place', legend: 'Address and map position', shows: EVERYWHERE },
  { id: 'hours', legend: 'Opening hours', shows: EVERYWHERE },
  { id: 'claims', legend: 'Claims, stats and reviews', shows: EVERYWHERE },
  {
    id: 'quotes',
    legend: 'Quote terms',
    shows: 'Copied into each quote written from now on, which the customer reads and accepts on their own page.',
  },
  {
    id: 'invoicing',
    legend: 'Invoices and payment',
    shows:
      'Shows only to a customer with an invoice to pay: the bank details are on each invoice with an amount due, in the invoice e-mail and beside the invoice on the customer’s own page, with the invoice number as the reference. Never on the site’s pages or in search results.',
  },
] as const;
export type FactPart = (typeof FACT_PARTS)[number]['id'];

export const factPart = (id: FactPart) => FACT_PARTS.find((part) => part.id === id)!;
export const factPartOf = (raw: string): FactPart | undefined => FACT_PARTS.find((part) => part.id === raw)?.id;
