import { buttonClass } from '../components/button';
import type { Seller } from '../invoices/seller';
import { formatUkDate } from '../rules/invoice-dates';
import { amountDue, INVOICE_STATE_LABELS, type InvoiceState, refundOwed } from '../rules/invoice-state';
import { formatPence } from '../rules/money';

/** One issued invoice as the customer's page shows it: what it is for, what is left, how to pay. */
export interface CustomerInvoice {
  id: string;
  number: string;
  kind: 'final' | 'deposit';
  state: InvoiceState | 'overdue';
  version: number;
  dueAt: number | null;
  grossPence: number;
  lessDepositPence: number;
  amountPaidPence: number;
  amountCreditedPence: number;
  /** The business's bank details as the invoice names them ('' where the owner has none). */
  bank: Seller['bank'];
  /** The credit notes written on it, each with its own printable page. */
  creditNotes: { id: string; number: string }[];
}

const hasBank = (bank: Seller['bank']) => bank.sortCode.trim() !== '' && bank.accountNumber.trim() !== '';

/**
 * The customer's invoices on their request page. Where something is left to pay: "Pay now" (a
 * form to our own route, which sends them to Stripe's page; never a card field of ours) when card
 * payments are on, and the bank details with the invoice number as the reference when the owner
 * has given them (the only way to pay when card payments are off).
 */
export function CustomerInvoices({
  invoices,
  path,
  cardPayments,
}: {
  invoices: CustomerInvoice[];
  path: string;
  cardPayments: boolean;
}) {
  if (invoices.length === 0) return null;
  return (
    <section className="request-page__invoices" aria-labelledby="your-invoices">
      <h2 id="your-invoices">{invoices.length === 1 ? 'Your invoice' : 'Your invoices'}</h2>
      {invoices.map((invoice) => {
        const due = amountDue(invoice);
        const label = invoice.kind === 'deposit' ? `Deposit invoice ${invoice.number}` : `Invoice ${invoice.number}`;
        return (
          <div key={invoice.id} className="request-page__invoice">
            <h3>{label}</h3>
            <dl className="request-page__facts">
              <dt>Total</dt>
              <dd>{formatPence(invoice.grossPence - invoice.lessDepositPence)}</dd>
              {invoice.amountPaidPence !== 0 && (
                <>
                  <dt>Paid</dt>
                  <dd>{formatPence(invoice.amountPaidPence)}</dd>
                </>
              )}
              {invoice.amountCreditedPence > 0 && (
                <>
                  <dt>Credited</dt>
                  <dd>{formatPence(invoice.amountCreditedPence)}</dd>
                </>
              )}
              <dt>Status</dt>
              <dd>
                {due > 0
                  ? `${INVOICE_STATE_LABELS[invoice.state]}: ${formatPence(due)} to pay`
                  : refundOwed(invoice) > 0
                    ? `${INVOICE_STATE_LABELS[invoice.state]}: we owe you a refund of ${formatPence(refundOwed(invoice))}`
                    : INVOICE_STATE_LABELS[invoice.state]}
              </dd>
              {due > 0 && invoice.dueAt !== null && (
                <>
                  <dt>Due</dt>
                  <dd>{formatUkDate(invoice.dueAt)}</dd>
                </>
              )}
            </dl>
            {due > 0 && cardPayments && (
              <form method="post" action={`${path}/invoices/${invoice.id}/pay`}>
                <input type="hidden" name="version" value={String(invoice.version)} />
                <button type="submit" className={buttonClass('default')}>
                  {`Pay ${formatPence(due)} now`}
                </button>
              </form>
            )}
            {due > 0 && hasBank(invoice.bank) && (
              <div className="request-page__bank">
                <p>{cardPayments ? 'Or pay by bank transfer:' : 'Please pay by bank transfer:'}</p>
                <dl className="request-page__facts">
                  {invoice.bank.accountName && (
                    <>
                      <dt>Account name</dt>
                      <dd>{invoice.bank.accountName}</dd>
                    </>
                  )}
                  <dt>Sort code</dt>
                  <dd>{invoice.bank.sortCode}</dd>
                  <dt>Account number</dt>
                  <dd>{invoice.bank.accountNumber}</dd>
                  <dt>Reference</dt>
                  <dd>{invoice.number}</dd>
                </dl>
              </div>
            )}
            {due > 0 && !cardPayments && !hasBank(invoice.bank) && <p>{`Please call us to pay, quoting ${invoice.number}.`}</p>}
            <ul className="request-page__documents">
              <li>
                <a
                  href={`${path}/invoices/${invoice.id}`}
                >{`Open ${invoice.kind === 'deposit' ? 'deposit invoice' : 'invoice'} ${invoice.number} to print`}</a>
              </li>
              {invoice.creditNotes.map((note) => (
                <li key={note.id}>
                  <a href={`${path}/credit-notes/${note.id}`}>{`Open credit note ${note.number} to print`}</a>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
