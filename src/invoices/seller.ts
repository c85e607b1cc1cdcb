import type { Invoice } from '../db/schema';
import { invoicingOf } from '../site-content/invoicing';
import type { ContentView } from '../site-content/view';

/**
 * The business as an invoice names it: snapshotted when the invoice is issued (`invoices.seller`),
 * so an issued invoice reads the same after the site's facts change. A draft shows the facts as
 * they are now.
 */
export interface Seller {
  name: string;
  address: string;
  /** '' when the business is not VAT-registered. */
  vatNumber: string;
  companyNumber: string;
  email: string;
  phone: string;
  bank: { accountName: string; sortCode: string; accountNumber: string };
}

export function sellerOf({ site }: ContentView): Seller {
  const invoicing = invoicingOf(site);
  return {
    name: site.name,
    address: [site.address.street, site.address.locality, site.address.town, site.address.postcode].filter(Boolean).join(', '),
    vatNumber: site.vatNumber.trim(),
    companyNumber: site.companyNumber,
    email: site.email.address,
    phone: site.phone.emergency.display,
    bank: { accountName: invoicing.bankAccountName, sortCode: invoicing.sortCode, accountNumber: invoicing.accountNumber },
  };
}

/** The seller an invoice shows: its snapshot once issued, else the business as it is now. */
export function sellerFor(invoice: Pick<Invoice, 'seller'>, content: ContentView): Seller {
  if (invoice.seller === '') return sellerOf(content);
  try {
    return JSON.parse(invoice.seller) as Seller;
  } catch {
    return sellerOf(content);
  }
}
