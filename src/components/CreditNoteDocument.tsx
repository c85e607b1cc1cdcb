import type { CreditNote, CreditNoteLine, Invoice } from '../db/schema';
import type { Seller } from '../invoices/seller';
import { formatUkDate } from '../rules/invoice-dates';
import { formatPence, formatQuantity, vatPercent } from '../rules/money';

/**
 * A credit note as a document, beside InvoiceDocument and in its layout: its number and date, the
 * invoice it credits, the business (and its VAT number when registered), the customer, the reason,
 * what is taken back line by line, and the net, VAT and total credited.
 */
export function CreditNoteDocument({
  note,
  lines,
  invoice,
  seller,
}: {
  note: CreditNote;
  lines: CreditNoteLine[];
  invoice: Invoice;
  seller: Seller;
}) {
  const vat = invoice.vatRegistered;
  return (
    <article className="invoice-doc">
      <header className="invoice-doc__head">
        <h1 className="invoice-doc__title">{`Credit note ${note.number}`}</h1>
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
        </div>
        <div>
          <h2 className="invoice-doc__heading">To</h2>
          <p className="invoice-doc__address">{[invoice.customerName, invoice.customerAddress].filter(Boolean).join('\n')}</p>
        </div>
      </section>
      <dl className="invoice-doc__facts">
        <dt>Credit note number</dt>
        <dd>{note.number}</dd>
        <dt>Date</dt>
        <dd>{formatUkDate(note.issuedAt)}</dd>
        <dt>Credits invoice</dt>
        <dd>{invoice.number ?? ''}</dd>
        {note.reason && (
          <>
            <dt>Reason</dt>
            <dd>{note.reason}</dd>
          </>
        )}
      </dl>
      <ul>
        {lines.map((line) => (
          <li key={line.position}>
            {`${line.description}: ${formatQuantity(line.quantityMilli)} × ${formatPence(line.unitPence)}${vat ? `, VAT ${vatPercent(line.vatRate)}%` : ''}`}
          </li>
        ))}
      </ul>
      <dl className="invoice-doc__totals">
        {vat && (
          <>
            <dt>Net credited</dt>
            <dd>{formatPence(note.netPence)}</dd>
            <dt>VAT credited</dt>
            <dd>{formatPence(note.vatPence)}</dd>
          </>
        )}
        <dt>{vat ? 'Total credited including VAT' : 'Total credited'}</dt>
        <dd>{formatPence(note.grossPence)}</dd>
      </dl>
    </article>
  );
}
