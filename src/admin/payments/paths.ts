/** The payments page of one invoice: what came in, and the owner's "Record a payment" form. */
export const invoicePaymentsPath = (invoiceId: string) => `/admin/invoices/${invoiceId}/payments`;

/** The accountant's CSVs: invoices with credit notes (Xero's sales import columns), and payments. */
export const SALES_CSV_PATH = '/admin/invoices/export.csv';
export const PAYMENTS_CSV_PATH = '/admin/payments/export.csv';
