import { d1Database } from '../../db/client';
import { type MoneyFigures, moneyFigures } from '../../db/money-figures';
import type { Bindings } from '../../env';
import { addDays, londonDay, ukDayStart } from '../../rules/invoice-dates';
import { formatPence } from '../../rules/money';
import { MONTH_NAMES } from '../../rules/uk-time';
import { invoicePath } from '../invoices/paths';
import { MoneyExportForm } from '../payments/MoneyExportForm';

/**
 * The dashboard's money block: invoiced, paid and still owed this UK calendar month, and
 * everything owed by how long past due, from invoices and payments. A module of its own beside
 * the dashboard's lead figures, read in parallel with them.
 */

/** The UK month of `now`, its bounds as instants and days. */
export function monthOf(now: number) {
  const today = londonDay(now);
  const firstDay = `${today.slice(0, 8)}01`;
  const [year, month] = today.split('-').map(Number) as [number, number];
  const nextFirst = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return {
    label: `${MONTH_NAMES[month - 1]} ${year}`,
    bounds: {
      startMs: ukDayStart(firstDay),
      endMs: ukDayStart(nextFirst),
      firstDay,
      lastDay: addDays(nextFirst, -1),
      todayStartMs: ukDayStart(today),
    },
  };
}

/** `owner`: the exports for the accountant are the owner's, so only the owner is offered them. */
export async function readMoney(env: Bindings, now: number, owner = false): Promise<MoneyView> {
  const { label, bounds } = monthOf(now);
  return { month: label, today: londonDay(now), figures: await moneyFigures(d1Database(env), bounds), owner };
}

export interface MoneyView {
  month: string;
  /** The UK day the figures are of: the exports' periods are offered from it. */
  today: string;
  figures: MoneyFigures;
  owner: boolean;
}

const AGE_LABELS = ['Not yet due', '1 to 30 days late', '31 to 60 days late', '61 to 90 days late', 'Over 90 days late'];

export function MoneyBlock({ money }: { money: MoneyView }) {
  const { figures } = money;
  return (
    <section className="dash-block" aria-labelledby="dash-money">
      <h2 id="dash-money" className="dash-block__title">{`Money in ${money.month}`}</h2>
      <dl className="dash-totals">
        <div>
          <dt>Invoiced</dt>
          <dd>{formatPence(figures.invoicedPence)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatPence(figures.paidPence)}</dd>
        </div>
        <div>
          <dt>Still owed on this month's invoices</dt>
          <dd>{formatPence(figures.outstandingThisMonthPence)}</dd>
        </div>
        <div>
          <dt>Refunds owed to customers</dt>
          <dd>{formatPence(figures.refundsOwedPence)}</dd>
        </div>
      </dl>
      {figures.refundsOwedCount > 0 && (
        <div className="dash-refunds">
          <p>
            {figures.refundsOwedCount === 1
              ? 'One invoice was paid more than it bills. Record the refund on its page once it is made:'
              : `${figures.refundsOwedCount} invoices were paid more than they bill. Record each refund on its page once it is made:`}
          </p>
          <ul>
            {figures.refundsOwed.map((row) => (
              <li key={row.id}>
                <a href={invoicePath(row.id)}>{row.number ?? 'Draft'}</a>
                {` · ${row.customerName} · Refund owed ${formatPence(row.pence)}`}
              </li>
            ))}
          </ul>
        </div>
      )}
      <table className="dash-table">
        <caption>Owed on all invoices, by how late</caption>
        <tbody>
          {AGE_LABELS.map((label, index) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{formatPence(figures.outstandingByAge[index] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {money.owner && (
        <section className="dash-export" aria-labelledby="dash-export">
          <h3 id="dash-export" className="dash-export__title">
            For your accountant
          </h3>
          <p className="dash-export__about">
            Invoices and credit notes in Xero's import columns (QuickBooks reads them too), and the payments, of one period.
          </p>
          <MoneyExportForm today={money.today} />
        </section>
      )}
    </section>
  );
}
