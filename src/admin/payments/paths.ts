/** The payments page of one invoice: what came in, and the owner's "Record a payment" form. */
export const invoicePaymentsPath = (invoiceId: string) => `/admin/invoices/${invoiceId}/payments`;

/** The accountant's CSV of invoices, credit notes and payments. */
export const MONEY_CSV_PATH = '/admin/invoices/export.csv';
