import type { JobMoney as Figures } from '../../db/job-money';
import { formatPence } from '../../rules/money';

/** A job's money on its lead page: quoted, invoiced, paid and still owed (nothing shown before any quote or invoice). */
export function JobMoney({ money }: { money: Figures }) {
  if (money.quotedPence === 0 && money.invoicedPence === 0 && money.paidPence === 0) return null;
  return (
    <section className="lead-page__section no-print" aria-labelledby="job-money-heading">
      <h2 className="lead-page__heading" id="job-money-heading">
        Money
      </h2>
      <dl className="invoice-payments__figures">
        <dt>Quoted</dt>
        <dd>{formatPence(money.quotedPence)}</dd>
        <dt>Invoiced</dt>
        <dd>{formatPence(money.invoicedPence)}</dd>
        <dt>Paid</dt>
        <dd>{formatPence(money.paidPence)}</dd>
        <dt>Still owed</dt>
        <dd>{formatPence(money.outstandingPence)}</dd>
      </dl>
    </section>
  );
}
