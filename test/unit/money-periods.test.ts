import { describe, expect, it } from 'vitest';
import { lastCompleteMonth, moneyPeriodChoices, readMoneyPeriod, taxYearOf } from '../../src/rules/money-periods';

/** The periods of the accountant's exports: a month, a calendar quarter or a UK tax year (6 April to 5 April). */
describe('readMoneyPeriod', () => {
  it('reads a month, a quarter and a tax year into their UK days, label and file-name slug', () => {
    expect(readMoneyPeriod('2026-11')).toEqual({
      value: '2026-11',
      label: 'November 2026',
      firstDay: '2026-11-01',
      nextDay: '2026-12-01',
      slug: '2026-11',
    });
    expect(readMoneyPeriod('2026-12')).toMatchObject({ label: 'December 2026', firstDay: '2026-12-01', nextDay: '2027-01-01' });
    expect(readMoneyPeriod('2026-Q4')).toEqual({
      value: '2026-Q4',
      label: 'October to December 2026',
      firstDay: '2026-10-01',
      nextDay: '2027-01-01',
      slug: '2026-Q4',
    });
    expect(readMoneyPeriod('2027-q1')).toMatchObject({ value: '2027-Q1', label: 'January to March 2027', nextDay: '2027-04-01' });
    expect(readMoneyPeriod('2026-27')).toEqual({
      value: '2026-27',
      label: 'Tax year 2026 to 2027',
      firstDay: '2026-04-06',
      nextDay: '2027-04-06',
      slug: 'tax-year-2026-27',
    });
    expect(readMoneyPeriod('2099-00')).toMatchObject({ label: 'Tax year 2099 to 2100', nextDay: '2100-04-06' });
  });

  it('reads a value that could be either as the month', () => {
    expect(readMoneyPeriod('2011-12')?.label).toBe('December 2011');
  });

  it('refuses anything else', () => {
    for (const bad of [
      undefined,
      '',
      '2026',
      '2026-13',
      '2026-00',
      '2026-28',
      '2026-26',
      '2026-Q5',
      '2026-Q0',
      '2026-11-01',
      ' 2026-11',
      '2026-11 ',
      '26-11',
      '1999-12',
      '2200-01',
      '2026-Q1x',
      'tax-year-2026-27',
    ])
      expect(readMoneyPeriod(bad), String(bad)).toBeUndefined();
  });
});

describe('the periods offered', () => {
  it('are this month and the 11 before, this quarter and the 4 before, this tax year and the 2 before', () => {
    const { months, quarters, taxYears } = moneyPeriodChoices('2026-12-07');
    expect(months.map((p) => p.value)).toEqual([
      '2026-12',
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
      '2026-01',
    ]);
    expect(quarters.map((p) => p.value)).toEqual(['2026-Q4', '2026-Q3', '2026-Q2', '2026-Q1', '2025-Q4']);
    expect(taxYears.map((p) => p.label)).toEqual(['Tax year 2026 to 2027', 'Tax year 2025 to 2026', 'Tax year 2024 to 2025']);
  });

  it('cross the new year and the tax year on their days', () => {
    const january = moneyPeriodChoices('2027-01-01');
    expect(january.months.slice(0, 2).map((p) => p.value)).toEqual(['2027-01', '2026-12']);
    expect(january.months.at(-1)?.value).toBe('2026-02');
    expect(january.quarters.map((p) => p.value)).toEqual(['2027-Q1', '2026-Q4', '2026-Q3', '2026-Q2', '2026-Q1']);
    expect(moneyPeriodChoices('2027-04-05').taxYears[0]?.value).toBe('2026-27');
    expect(moneyPeriodChoices('2027-04-06').taxYears[0]?.value).toBe('2027-28');
  });

  it('default to the last complete month', () => {
    expect(lastCompleteMonth('2026-12-07').value).toBe('2026-11');
    expect(lastCompleteMonth('2027-01-01').value).toBe('2026-12');
    expect(lastCompleteMonth('2026-03-31').value).toBe('2026-02');
  });

  it('place a day in its tax year', () => {
    expect(taxYearOf('2026-04-05').value).toBe('2025-26');
    expect(taxYearOf('2026-04-06').value).toBe('2026-27');
    expect(taxYearOf('2027-01-15').value).toBe('2026-27');
  });
});
