/** The business facts in parts, each its own page and save (/admin/site/facts/<part>). */
export const FACT_PARTS = [
  { id: 'contact', legend: 'Phone, WhatsApp and e-mail' },
  { id: 'business', legend: 'The business' },
  { id: 'place', legend: 'Address and map position' },
  { id: 'hours', legend: 'Opening hours' },
  { id: 'claims', legend: 'Claims, stats and reviews' },
  { id: 'quotes', legend: 'Quote terms' },
  { id: 'invoicing', legend: 'Invoices and payment' },
] as const;
export type FactPart = (typeof FACT_PARTS)[number]['id'];

export const factPart = (id: FactPart) => FACT_PARTS.find((part) => part.id === id)!;
export const factPartOf = (raw: string): FactPart | undefined => FACT_PARTS.find((part) => part.id === raw)?.id;
