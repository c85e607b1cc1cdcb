import { buttonClass } from '../../components/button';
import { lastCompleteMonth, type MoneyPeriod, moneyPeriodChoices } from '../../rules/money-periods';
import { PAYMENTS_CSV_PATH, SALES_CSV_PATH } from './paths';

/**
 * The accountant's exports as a form (issue 56): a period (the last 12 months, 5 quarters, 3 tax
 * years; the last complete month chosen) and a button for each file, each naming its CSV with
 * `formaction`. A plain GET form: it works with JavaScript off. On the dashboard's money block
 * and on the page refusing a period that could not be read.
 */
export function MoneyExportForm({ today }: { today: string }) {
  const { months, quarters, taxYears } = moneyPeriodChoices(today);
  const chosen = lastCompleteMonth(today).value;
  // The first of each list holds today: not over yet, and said so.
  const options = (periods: MoneyPeriod[]) =>
    periods.map((period, index) => (
      <option key={period.value} value={period.value}>
        {index === 0 ? `${period.label} (so far)` : period.label}
      </option>
    ));
  return (
    <form method="get" action={SALES_CSV_PATH} className="money-export">
      <label className="lead-form__label" htmlFor="money-export-period">
        Period
      </label>
      <select id="money-export-period" name="period" defaultValue={chosen} className="money-export__period">
        <optgroup label="Months">{options(months)}</optgroup>
        <optgroup label="Quarters">{options(quarters)}</optgroup>
        <optgroup label="Tax years (6 April to 5 April)">{options(taxYears)}</optgroup>
      </select>
      <div className="admin-form__actions">
        <button type="submit" formAction={SALES_CSV_PATH} className={buttonClass('outline')}>
          Invoices and credit notes (CSV)
        </button>
        <button type="submit" formAction={PAYMENTS_CSV_PATH} className={buttonClass('outline')}>
          Payments (CSV)
        </button>
      </div>
    </form>
  );
}
