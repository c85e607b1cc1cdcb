import type { Context } from 'hono';
import type { AdminEnv } from '../shell/render';

/** The admin's addresses for invoices; the routes, the list, the lead page and the quote page agree on these. */

export const INVOICES_PATH = '/admin/invoices';
export const NEW_INVOICE_PATH = `${INVOICES_PATH}/new`;
const ID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const INVOICE_ID = `:id{${ID_PATTERN}}`;
const ID = new RegExp(`^${ID_PATTERN}$`);

export const invoicePath = (id: string) => `${INVOICES_PATH}/${id}`;
/** "Invoice this job": a new invoice prefilled from the job's accepted quote, else its service. */
export const invoiceForJobPath = (leadId: string) => `${NEW_INVOICE_PATH}?lead=${leadId}`;
/** A deposit invoice on an accepted quote. */
export const depositForQuotePath = (quoteId: string) => `${NEW_INVOICE_PATH}?quote=${quoteId}`;

export const isId = (value: unknown): value is string => typeof value === 'string' && ID.test(value);
export const invoiceIdOf = (c: Context<AdminEnv>) => {
  const id = c.req.param('id') ?? '';
  return ID.test(id) ? id : null;
};
