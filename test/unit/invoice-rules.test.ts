import { describe, expect, it } from 'vitest';
import { daysBetween, formatUkDate, ukDayStart } from '../../src/rules/invoice-dates';
import { invoiceFormInput, invoiceFormSchema } from '../../src/rules/invoice-form';
import { invoiceTotals, maySimplify } from '../../src/rules/invoice-money';
import { amountDue, creditable, invoiceStatus, settledState } from '../../src/rules/invoice-state';
import { dueDay, lateFixedSumPence, lateInterestPence, taxPointDay, termsLabel } from '../../src/rules/invoice-terms';
import { validate } from '../../src/rules/validation';

/** Issue 49's pure rules: VAT per line, states and overdue, due dates and tax points, late payment. */

const line = (quantityMilli: number, unitPence: number, vatRate: '20' | '5' | '0' | 'none' = '20') => ({
  quantityMilli,
  unitPence,
  vatRate,
});

describe('VAT on an invoice', () => {
  it('is worked out on each line and rounded half-up there; the totals are the sums of the lines', () => {
    // 3 × £33.33 = £99.99 → VAT £19.998 → £20.00; 1 × £0.02 → VAT £0.004 → £0.00; 1 × £0.03 → £0.006 → £0.01.
    const totals = invoiceTotals([line(3000, 3333), line(1000, 2), line(1000, 3)]);
    expect(totals.lines.map((l) => l.vat)).toEqual([2000, 0, 1]);
    expect(totals).toMatchObject({ net: 10_004, vat: 2_001, gross: 12_005 });
    const halves = invoiceTotals([line(1000, 1), line(1000, 1), line(1000, 1)]);
    // 20% of 1p is 0.2p, rounded to 0 on each line: no VAT, though 20% of the 3p total would round to 1p.
    expect(halves).toMatchObject({ net: 3, vat: 0, gross: 3 });
  });

  it('rounds exactly half a penny up, and groups VAT by rate', () => {
    // 5% of £0.10 is 0.5p: up to 1p. 1.5 × £0.01 = 1.5p: up to 2p.
    const totals = invoiceTotals([line(1000, 10, '5'), line(1500, 1, '0'), line(1000, 10_000, '20')]);
    expect(totals.lines).toEqual([
      { net: 10, vat: 1, gross: 11 },
      { net: 2, vat: 0, gross: 2 },
      { net: 10_000, vat: 2_000, gross: 12_000 },
    ]);
    expect(totals.byRate).toEqual([
      { rate: '5', net: 10, vat: 1 },
      { rate: '0', net: 2, vat: 0 },
      { rate: '20', net: 10_000, vat: 2_000 },
    ]);
  });

  it('sums to the total for any lines (a property over random lines)', () => {
    for (let run = 0; run < 500; run++) {
      const lines = Array.from({ length: 1 + (run % 7) }, (_, i) =>
        line(
          1 + ((run * 7919 + i * 104_729) % 20_000),
          (run * 31 + i * 977) % 1_000_000,
          (['20', '5', '0', 'none'] as const)[(run + i) % 4],
        ),
      );
      const totals = invoiceTotals(lines);
      expect(totals.gross).toBe(totals.lines.reduce((sum, l) => sum + l.gross, 0));
      expect(totals.net + totals.vat).toBe(totals.gross);
      expect(totals.byRate.reduce((sum, r) => sum + r.vat, 0)).toBe(totals.vat);
    }
  });

  it('may be simplified only at £250 or less with VAT, and only when the owner allows it', () => {
    expect(maySimplify(25_000, true)).toBe(true);
    expect(maySimplify(25_001, true)).toBe(false);
    expect(maySimplify(100, false)).toBe(false);
  });
});

describe("an invoice's state", () => {
  const money = (paid: number, credited: number, gross = 10_000, lessDeposit = 0) => ({
    grossPence: gross,
    lessDepositPence: lessDeposit,
    amountPaidPence: paid,
    amountCreditedPence: credited,
  });

  it('follows what was paid and credited', () => {
    expect(settledState(money(0, 0))).toBe('issued');
    expect(settledState(money(4_000, 0))).toBe('part_paid');
    expect(settledState(money(10_000, 0))).toBe('paid');
    expect(settledState(money(6_000, 4_000))).toBe('paid');
    expect(settledState(money(0, 10_000))).toBe('credited');
    expect(settledState(money(0, 2_500, 10_000, 7_500))).toBe('credited');
    expect(settledState(money(0, 0, 10_000, 10_000))).toBe('paid');
    expect(amountDue(money(4_000, 1_000, 10_000, 2_000))).toBe(3_000);
    expect(amountDue(money(12_000, 0))).toBe(0);
    expect(creditable(money(4_000, 1_000, 10_000, 2_000))).toBe(7_000);
  });

  it('is overdue past its due day while still owed, with the days counted in UK days', () => {
    expect(invoiceStatus('issued', '2026-12-12', '2026-12-12')).toEqual({ state: 'issued', daysOverdue: 0 });
    expect(invoiceStatus('issued', '2026-12-12', '2026-12-13')).toEqual({ state: 'overdue', daysOverdue: 1 });
    expect(invoiceStatus('part_paid', '2026-12-12', '2027-01-02')).toEqual({ state: 'overdue', daysOverdue: 21 });
    expect(invoiceStatus('paid', '2026-12-12', '2027-01-02')).toEqual({ state: 'paid', daysOverdue: 0 });
    expect(invoiceStatus('credited', '2026-12-12', '2027-01-02')).toEqual({ state: 'credited', daysOverdue: 0 });
    expect(invoiceStatus('draft', null, '2027-01-02')).toEqual({ state: 'draft', daysOverdue: 0 });
  });
});

describe('terms and dates', () => {
  it('are due 14 days after issue by default, or on completion (0 days)', () => {
    expect(dueDay('2026-11-28', 14)).toBe('2026-12-12');
    expect(dueDay('2026-11-28', 0)).toBe('2026-11-28');
    expect(termsLabel(0)).toBe('Payment due on completion');
    expect(termsLabel(30)).toBe('Payment due within 30 days');
  });

  it('store a due day as the instant it starts in the UK, summer or winter', () => {
    expect(new Date(ukDayStart('2026-12-12')).toISOString()).toBe('2026-12-12T00:00:00.000Z');
    expect(new Date(ukDayStart('2026-07-01')).toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(formatUkDate(ukDayStart('2026-07-01'))).toBe('1 July 2026');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('take the time of supply from the issue within 14 days of the work, else the day of the work; a deposit has none until paid', () => {
    expect(taxPointDay('final', '2026-11-28', '2026-11-20')).toBe('2026-11-28');
    expect(taxPointDay('final', '2026-12-04', '2026-11-20')).toBe('2026-12-04');
    expect(taxPointDay('final', '2026-12-05', '2026-11-20')).toBe('2026-11-20');
    expect(taxPointDay('final', '2026-11-28', null)).toBe('2026-11-28');
    expect(taxPointDay('deposit', '2026-11-28', '2026-11-20')).toBeNull();
  });
});

describe('late payment of a commercial debt', () => {
  it('adds the fixed sum by size: £40 under £1,000, £70 under £10,000, else £100', () => {
    expect(lateFixedSumPence(99_999)).toBe(4_000);
    expect(lateFixedSumPence(100_000)).toBe(7_000);
    expect(lateFixedSumPence(999_999)).toBe(7_000);
    expect(lateFixedSumPence(1_000_000)).toBe(10_000);
  });

  it('charges 8% over the base rate a year, simple, by the day', () => {
    // £1,000 at 12% (base 4%) for 365 days is £120; for 30 days £9.86.
    expect(lateInterestPence(100_000, 400, 365)).toBe(12_000);
    expect(lateInterestPence(100_000, 400, 30)).toBe(986);
    expect(lateInterestPence(100_000, 400, 0)).toBe(0);
    expect(lateInterestPence(100_000, 400, -3)).toBe(0);
  });
});

describe('the invoice form', () => {
  it('reads lines as quotes do, without optional lines or alternatives, and bounds the terms', () => {
    const read = validate(
      invoiceFormSchema,
      invoiceFormInput({
        customerName: 'Ann Example',
        customerEmail: 'ann@example.org',
        termsDays: '0',
        'line.0.description': 'Jetting',
        'line.0.price': '85',
        'line.0.optional': 'on',
        'line.0.group': 'a',
      }),
    );
    expect(read.ok && read.data.lines).toEqual([
      { description: 'Jetting', kind: 'labour', quantityMilli: 1000, unitPence: 8500, vatRate: '20' },
    ]);
    expect(read.ok && read.data.termsDays).toBe(0);
    const bad = validate(
      invoiceFormSchema,
      invoiceFormInput({ customerName: 'A', customerEmail: 'a@example.org', termsDays: '400', suppliedOn: 'soon' }),
    );
    expect(bad.ok ? {} : bad.errors).toEqual({
      termsDays: 'Payment terms are at most 120 days.',
      suppliedOn: 'Please give the day the work was done as a date.',
    });
  });
});
