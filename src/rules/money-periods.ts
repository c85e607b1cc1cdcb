import { addDays, MONTH_NAMES, pad2 } from './uk-time';

/**
 * The periods the accountant's exports cover (issue 56): a UK calendar month ('2026-11'), a
 * calendar quarter ('2026-Q4', January to March the first) or a UK tax year ('2026-27': 6 April
 * 2026 to 5 April 2027). A period is its UK days [firstDay, nextDay); the routes turn them into
 * instants with ukDayStart. A value that reads as a month is a month: '2011-12' is December
 * 2011, not the tax year 2011 to 2012 (long past the six years invoices are kept). Browser-safe.
 */

export interface MoneyPeriod {
  /** The query value that asks for it: '2026-11', '2026-Q4', '2026-27'. */
  value: string;
  /** 'November 2026', 'October to December 2026', 'Tax year 2026 to 2027'. */
  label: string;
  /** The period's first UK day and the day after its last ('YYYY-MM-DD'). */
  firstDay: string;
  nextDay: string;
  /** For a file name: '2026-11', '2026-Q4', 'tax-year-2026-27'. */
  slug: string;
}

const FIRST_YEAR = 2000;
const LAST_YEAR = 2199;
const inYears = (year: number) => year >= FIRST_YEAR && year <= LAST_YEAR;

const monthPeriod = (year: number, month: number): MoneyPeriod => {
  const value = `${year}-${pad2(month)}`;
  const next = month === 12 ? `${year + 1}-01` : `${year}-${pad2(month + 1)}`;
  return { value, label: `${MONTH_NAMES[month - 1]} ${year}`, firstDay: `${value}-01`, nextDay: `${next}-01`, slug: value };
};

const quarterPeriod = (year: number, quarter: number): MoneyPeriod => {
  const first = 3 * quarter - 2;
  const value = `${year}-Q${quarter}`;
  return {
    value,
    label: `${MONTH_NAMES[first - 1]} to ${MONTH_NAMES[first + 1]} ${year}`,
    firstDay: `${year}-${pad2(first)}-01`,
    nextDay: quarter === 4 ? `${year + 1}-01-01` : `${year}-${pad2(first + 3)}-01`,
    slug: value,
  };
};

const taxYearPeriod = (year: number): MoneyPeriod => {
  const value = `${year}-${pad2((year + 1) % 100)}`;
  return {
    value,
    label: `Tax year ${year} to ${year + 1}`,
    firstDay: `${year}-04-06`,
    nextDay: `${year + 1}-04-06`,
    slug: `tax-year-${value}`,
  };
};

/** A period from its query value, or undefined when it is none of the three forms (or out of 2000 to 2199). */
export function readMoneyPeriod(value: string | undefined): MoneyPeriod | undefined {
  const match = /^(\d{4})-(?:(\d{2})|[Qq]([1-4]))$/.exec(value ?? '');
  if (!match) return undefined;
  const year = Number(match[1]);
  if (!inYears(year)) return undefined;
  if (match[3]) return quarterPeriod(year, Number(match[3]));
  const two = Number(match[2]);
  if (two >= 1 && two <= 12) return monthPeriod(year, two);
  return two === (year + 1) % 100 && year < LAST_YEAR ? taxYearPeriod(year) : undefined;
}

const ymd = (day: string) => day.split('-').map(Number) as [number, number, number];

/** The UK tax year holding a day ('YYYY-MM-DD'): it starts on 6 April. */
export function taxYearOf(day: string): MoneyPeriod {
  const [year] = ymd(day);
  return taxYearPeriod(day >= `${year}-04-06` ? year : year - 1);
}

/** The month before the one holding `today`: the last complete month, the exports' default. */
export function lastCompleteMonth(today: string): MoneyPeriod {
  const [year, month] = ymd(addDays(`${today.slice(0, 7)}-01`, -1));
  return monthPeriod(year, month);
}

export interface MoneyPeriodChoices {
  /** This month and the 11 before it, newest first. */
  months: MoneyPeriod[];
  /** This quarter and the 4 before it, newest first. */
  quarters: MoneyPeriod[];
  /** This tax year and the 2 before it, newest first. */
  taxYears: MoneyPeriod[];
}

/** What the dashboard offers on a UK day: each list starts with the period holding `today`, not yet complete. */
export function moneyPeriodChoices(today: string): MoneyPeriodChoices {
  const [year, month] = ymd(today);
  const quarter = Math.ceil(month / 3);
  const taxYear = Number(taxYearOf(today).firstDay.slice(0, 4));
  return {
    months: Array.from({ length: 12 }, (_, i) => {
      const back = year * 12 + (month - 1) - i;
      return monthPeriod(Math.floor(back / 12), (back % 12) + 1);
    }),
    quarters: Array.from({ length: 5 }, (_, i) => {
      const back = year * 4 + (quarter - 1) - i;
      return quarterPeriod(Math.floor(back / 4), (back % 4) + 1);
    }),
    taxYears: Array.from({ length: 3 }, (_, i) => taxYearPeriod(taxYear - i)),
  };
}
