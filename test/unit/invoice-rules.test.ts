import { describe, expect, it } from 'vitest';
import { daysBetween, formatUkDate, ukDayStart } from '../../src/rules/invoice-dates';
import { invoiceFormInput, invoiceFormSchema } from '../../src/rules/invoice-form';
import { amountDue, balanceOf, creditable, invoiceStatus, refundOwed } from '../../src/rules/invoice-state';
import { dueDay, lateFixedSumPence, lateInterestPence, taxPointDay, termsLabel } from '../../src/rules/invoice-terms';
import { depositParts, invoiceTotals, maySimplify } from '../../src/rules/money-lines';
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

  it('owes what is billed less credits and payments, and owes a refund when more was paid', () => {
    expect(amountDue(money(4_000, 1_000, 10_000, 2_000))).toBe(3_000);
    expect(refundOwed(money(4_000, 1_000, 10_000, 2_000))).toBe(0);
    // Paid twice (a card payment from a page opened before the bank payment was recorded).
    expect(amountDue(money(20_000, 0))).toBe(0);
    expect(refundOwed(money(20_000, 0))).toBe(10_000);
    // Part paid, then credited in full: what was paid is owed back.
    expect(amountDue(money(4_000, 10_000))).toBe(0);
    expect(refundOwed(money(4_000, 10_000))).toBe(4_000);
    expect(balanceOf(money(4_000, 10_000))).toBe(-4_000);
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

describe('a deposit split by VAT rate', () => {
  it("takes the VAT fraction of each rate's share, so the parts add up to the deposit to the penny", () => {
    // The quote: £438.75 + £87.75 VAT, 25% deposit of £526.50 = £131.63 (131.625 half-up).
    expect(depositParts([{ rate: '20', net: 43_875, vat: 8_775 }], 13_163)).toEqual([{ rate: '20', net: 10_969, vat: 2_194 }]);
    // Mixed rates: shares in proportion to each rate's gross, the odd penny to the largest remainder.
    const parts = depositParts(
      [
        { rate: '20', net: 10_000, vat: 2_000 },
        { rate: '5', net: 10_000, vat: 500 },
        { rate: '0', net: 1_001, vat: 0 },
      ],
      10_001,
    );
    expect(parts.reduce((sum, part) => sum + part.net + part.vat, 0)).toBe(10_001);
    expect(parts.map((part) => part.rate)).toEqual(['20', '5', '0']);
    expect(parts[2]!.vat).toBe(0);
  });

  it("declares exactly the job's VAT when the deposit is the whole of it", () => {
    const total = [
      { rate: '20' as const, net: 33_333, vat: 6_667 },
      { rate: '5' as const, net: 999, vat: 50 },
    ];
    expect(depositParts(total, 41_049)).toEqual(total);
  });

  it('asks nothing when there is no deposit or nothing to take it from', () => {
    expect(depositParts([{ rate: '20', net: 1_000, vat: 200 }], 0)).toEqual([]);
    expect(depositParts([], 500)).toEqual([]);
  });

  it('sets the VAT of a line that carries it, rather than working it out from the net', () => {
    const totals = invoiceTotals([
      { quantityMilli: 1000, unitPence: 43_875, vatRate: '20' },
      { quantityMilli: 1000, unitPence: -10_969, vatRate: '20', vatPence: -2_194 },
    ]);
    // Worked out, 20% of −£109.69 would be −£21.94 too here; the set VAT is what counts either way.
    expect(totals).toMatchObject({ net: 32_906, vat: 6_581, gross: 39_487 });
  });
});
