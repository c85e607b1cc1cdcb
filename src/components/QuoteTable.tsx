import type { QuoteWithLines } from '../db/quotes';
import { quoteFigures } from '../quotes/quote-figures';
import { formatPence, formatQuantity } from '../rules/money';
import { depositOf, LINE_KIND_LABELS, type QuoteChoices } from '../rules/money-lines';

/**
 * A quote's lines and totals as HTML: the document the customer reads, prints and accepts, and the
 * owner's view of it. With `choosing`, optional lines get a tick box and alternatives a radio
 * button, inside the form around it (the server totals whatever is posted). A consumer sees prices
 * with VAT; a business before VAT, with the VAT at the foot.
 */
export function QuoteTable({
  found,
  choices,
  choosing = false,
}: {
  found: QuoteWithLines;
  choices: QuoteChoices;
  choosing?: boolean;
}) {
  const { quote } = found;
  const figures = quoteFigures(found, choices);
  const withVat = !quote.business && quote.vatRegistered;
  const deposit = depositOf(figures.gross, quote);
  return (
    <table className="quote-table">
      <caption className="quote-table__caption">
        {withVat ? 'Prices include VAT' : quote.vatRegistered ? 'Prices before VAT' : 'No VAT is charged'}
      </caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="quote-table__money">
            Price
          </th>
        </tr>
      </thead>
      <tbody>
        {figures.lines.map((line) => {
          const id = `quote-line-${line.index}`;
          const choice =
            line.group !== '' ? (
              <input
                type="radio"
                id={id}
                name={`group.${line.group}`}
                value={line.index}
                defaultChecked={line.included}
                disabled={!choosing}
              />
            ) : line.optional ? (
              <input
                type="checkbox"
                id={id}
                name="optional"
                value={line.index}
                defaultChecked={line.included}
                disabled={!choosing}
              />
            ) : null;
          return (
            <tr key={line.index} className={line.included ? undefined : 'quote-table__left-out'}>
              <td>
                <div className="quote-table__item">
                  {choice}
                  <label htmlFor={choice ? id : undefined}>
                    <span className="quote-table__description">{line.description}</span>
                    <span className="quote-table__detail">
                      {LINE_KIND_LABELS[line.kind]} · {formatQuantity(line.quantityMilli)} × {formatPence(line.unitPence)}
                      {quote.vatRegistered ? ` · VAT ${line.vatPercent}%` : ''}
                      {line.group !== '' ? ' · choose one' : line.optional ? ' · optional' : ''}
                    </span>
                  </label>
                </div>
              </td>
              <td className="quote-table__money">{formatPence(line.shown)}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        {quote.vatRegistered && (
          <>
            <tr>
              <th scope="row">Net</th>
              <td className="quote-table__money">{formatPence(figures.net)}</td>
            </tr>
            <tr>
              <th scope="row">VAT</th>
              <td className="quote-table__money">{formatPence(figures.vat)}</td>
            </tr>
          </>
        )}
        <tr className="quote-table__total">
          <th scope="row">Total</th>
          <td className="quote-table__money">{formatPence(figures.gross)}</td>
        </tr>
        {deposit > 0 && (
          <tr className="quote-table__deposit">
            <th scope="row">{`Deposit on acceptance${quote.depositPercent !== null ? ` (${quote.depositPercent}%)` : ''}`}</th>
            <td className="quote-table__money">{formatPence(deposit)}</td>
          </tr>
        )}
      </tfoot>
    </table>
  );
}
