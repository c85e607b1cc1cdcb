import type { InvoiceWithLines } from '../db/invoices';
import { chargedLines } from '../invoices/charged-lines';
import type { Seller } from '../invoices/seller';
import { formatUkDate } from '../rules/invoice-dates';
import { amountDue, balanceLine, INVOICE_STATE_LABELS, type InvoiceStatus } from '../rules/invoice-state';
import { type LatePayment, latePaymentWords, termsLabel } from '../rules/invoice-terms';
import { formatPence, formatQuantity, VAT_RATE_LABELS, vatPercent } from '../rules/money';
import { invoiceTotals, LINE_KIND_LABELS } from '../rules/money-lines';

/**
 * An invoice as a document: the page the owner prints and the customer reads. When VAT is charged
 * it holds every field HMRC lists for a VAT invoice (VAT Notice 700, 16.3): a unique sequential
 * number, the date of issue, the time of supply, the business's name, address and VAT number, the
 * customer's name and address, each supply's description, quantity and unit price, its rate, and
 * the net, the VAT and the gross. A simplified invoice (£250 or less, where the owner allows it)
 * leaves out the customer and shows each line with VAT. Not VAT-registered: no VAT and no VAT number.
 */

function Row({ term, children }: { term: string; children: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

function title(found: InvoiceWithLines): string {
  const { invoice } = found;
  const kind = invoice.kind === 'deposit' ? ' for a deposit' : '';
  if (!invoice.vatRegistered) return `Invoice${kind}`;
  return `${invoice.simplified ? 'Simplified VAT invoice' : 'VAT invoice'}${kind}`;
}

export function InvoiceDocument({
  found,
  seller,
  status,
  late,
}: {
  found: InvoiceWithLines;
  seller: Seller;
  status: InvoiceStatus;
  late?: LatePayment;
}) {
  const { invoice, creditNotes } = found;
  const vat = invoice.vatRegistered;
  const lines = chargedLines(found);
  const totals = invoiceTotals(lines);
  const simplified = vat && invoice.simplified;
  const due = amountDue(invoice);
  const balance = balanceLine(invoice);
  return (
    <article className="invoice-doc">
      <header className="invoice-doc__head">
        <h1 className="invoice-doc__title">
          {invoice.number ? `${title(found)} ${invoice.number}` : `Draft ${title(found).toLowerCase()}`}
        </h1>
        <p className="invoice-doc__state">
          {INVOICE_STATE_LABELS[status.state]}
          {status.daysOverdue > 0 ? `: ${status.daysOverdue} ${status.daysOverdue === 1 ? 'day' : 'days'} overdue` : ''}
        </p>
      </header>
      <section className="invoice-doc__parties">
        <div>
          <h2 className="invoice-doc__heading">From</h2>
          <p className="invoice-doc__address">
            {seller.name}
            <br />
            {seller.address}
          </p>
          {vat && <p>VAT registration number: {seller.vatNumber}</p>}
          {seller.companyNumber && <p>Company number: {seller.companyNumber}</p>}
        </div>
        {!simplified && (
          <div>
            <h2 className="invoice-doc__heading">To</h2>
            <p className="invoice-doc__address">
              {invoice.customerName}
              {invoice.customerAddress && (
                <>
                  <br />
                  {invoice.customerAddress}
                </>
              )}
            </p>
          </div>
        )}
      </section>
      <dl className="invoice-doc__facts">
        <Row term="Invoice number">{invoice.number ?? 'Given when issued'}</Row>
        <Row term="Date of issue">{invoice.issuedAt ? formatUkDate(invoice.issuedAt) : 'Not issued yet'}</Row>
        {vat && (
          <Row term="Time of supply (tax point)">
            {invoice.taxPointAt
              ? formatUkDate(invoice.taxPointAt)
              : invoice.kind === 'deposit'
                ? 'The date the deposit is paid'
                : 'The date of issue'}
          </Row>
        )}
        {invoice.suppliedAt !== null && <Row term="Work done">{formatUkDate(invoice.suppliedAt)}</Row>}
        <Row term="Payment due">
          {invoice.dueAt
            ? `${formatUkDate(invoice.dueAt)} (${termsLabel(invoice.termsDays).toLowerCase()})`
            : termsLabel(invoice.termsDays)}
        </Row>
      </dl>
      <table className="quote-table invoice-doc__lines">
        <caption className="quote-table__caption">
          {!vat ? 'No VAT is charged' : simplified ? 'Prices include VAT' : 'Prices before VAT'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className="quote-table__money">
              {simplified ? 'Price with VAT' : vat ? 'Net' : 'Amount'}
            </th>
            {vat && !simplified && (
              <th scope="col" className="quote-table__money">
                VAT
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const figures = totals.lines[index]!;
            return (
              <tr key={line.position}>
                <td>
                  <span className="quote-table__description">{line.description}</span>
                  <span className="quote-table__detail">
                    {LINE_KIND_LABELS[line.kind]} · Quantity {formatQuantity(line.quantityMilli)} × unit price{' '}
                    {formatPence(line.unitPence)}
                    {vat ? ` · VAT rate ${vatPercent(line.vatRate)}%` : ''}
                  </span>
                </td>
                <td className="quote-table__money">{formatPence(simplified ? figures.gross : figures.net)}</td>
                {vat && !simplified && <td className="quote-table__money">{formatPence(figures.vat)}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
      <dl className="invoice-doc__totals">
        {vat && <Row term="Net total">{formatPence(totals.net)}</Row>}
        {vat &&
          totals.byRate.map((rate) => (
            <Row key={rate.rate} term={`VAT at ${VAT_RATE_LABELS[rate.rate].replace(' VAT', '')}`}>
              {formatPence(rate.vat)}
            </Row>
          ))}
        {vat && <Row term="Total VAT">{formatPence(totals.vat)}</Row>}
        <Row term={vat ? 'Total including VAT' : 'Total'}>{formatPence(totals.gross)}</Row>
        {invoice.lessDepositPence > 0 && <Row term="Less deposit paid">{formatPence(invoice.lessDepositPence)}</Row>}
        {invoice.amountPaidPence !== 0 && <Row term="Paid">{formatPence(invoice.amountPaidPence)}</Row>}
        {invoice.amountCreditedPence > 0 && <Row term="Credited">{formatPence(invoice.amountCreditedPence)}</Row>}
        {invoice.number && <Row term={balance.term}>{formatPence(balance.pence)}</Row>}
      </dl>
      {late && <p className="invoice-doc__late">{latePaymentWords(late)}</p>}
      {creditNotes.length > 0 && (
        <section>
          <h2 className="invoice-doc__heading">Credit notes</h2>
          <ul>
            {creditNotes.map((note) => (
              <li key={note.id}>
                {note.number}, {formatUkDate(note.issuedAt)}: {formatPence(note.grossPence)}
                {vat ? ` (net ${formatPence(note.netPence)}, VAT ${formatPence(note.vatPence)})` : ''}
                {note.reason ? `. ${note.reason}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      {invoice.notes && <p className="invoice-doc__notes">{invoice.notes}</p>}
      {seller.bank.accountNumber && invoice.number && due > 0 && (
        <section>
          <h2 className="invoice-doc__heading">How to pay</h2>
          <p>
            By bank transfer to {seller.bank.accountName || seller.name}, sort code {seller.bank.sortCode}, account{' '}
            {seller.bank.accountNumber}. Please use {invoice.number} as the reference.
          </p>
        </section>
      )}
    </article>
  );
}
