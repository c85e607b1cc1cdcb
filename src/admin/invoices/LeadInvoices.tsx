import type { invoicesOfLead } from '../../db/invoices';
import { INVOICE_STATE_LABELS } from '../../rules/invoice-state';
import { formatPence } from '../../rules/money';
import { LeadDocuments } from '../leads/LeadDocuments';
import { invoiceForJobPath, invoicePath } from './paths';

type LeadInvoice = Awaited<ReturnType<typeof invoicesOfLead>>[number];

/** A job's invoices on its page, newest first, and "Invoice this job" once it is done. */
export function LeadInvoices({ leadId, done, invoices }: { leadId: string; done: boolean; invoices: readonly LeadInvoice[] }) {
  if (!done && invoices.length === 0) return null;
  return (
    <LeadDocuments
      heading="Invoices"
      headingId="invoices-heading"
      documents={invoices.map((invoice) => ({
        id: invoice.id,
        href: invoicePath(invoice.id),
        text: `${invoice.number ?? 'Draft'}${invoice.kind === 'deposit' ? ' (deposit)' : ''}: ${INVOICE_STATE_LABELS[invoice.state]}, ${formatPence(invoice.grossPence)}`,
      }))}
      start={done ? { href: invoiceForJobPath(leadId), label: 'Invoice this job' } : undefined}
    />
  );
}
