import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { acceptanceHash, canonicalJson } from '../../src/quotes/acceptance-hash';
import { divideHalfUp, formatPence, parsePence, parseQuantity, VAT_RATES } from '../../src/rules/money';
import { depositOf, type PricedLine, quoteTotals } from '../../src/rules/money-lines';
import { quoteFormInput, quoteFormSchema } from '../../src/rules/quote-form';
import { editorTotals } from '../../src/rules/quote-live-totals';
import { quoteReminderTimes } from '../../src/rules/quote-reminders';
import { nextQuoteState, QUOTE_EVENTS, QUOTE_STATES, type QuoteEvent, type QuoteState } from '../../src/rules/quote-state';

const line = (over: Partial<PricedLine> = {}): PricedLine => ({
  quantityMilli: 1000,
  unitPence: 1000,
  vatRate: '20',
  optional: false,
  group: '',
  ...over,
});

describe('quote money', () => {
  it('rounds each line half-up and sums the lines', () => {
    // 1.5 × £0.33 = 49.5p → 50p net; VAT 20% of 50p = 10p.
    const totals = quoteTotals([line({ quantityMilli: 1500, unitPence: 33 }), line({ unitPence: 8500, vatRate: '5' })], {
      optional: [],
      groups: {},
    });
    expect(totals.lines.map((l) => [l.net, l.vat, l.gross])).toEqual([
      [50, 10, 60],
      [8500, 425, 8925],
    ]);
    expect(totals).toMatchObject({ net: 8550, vat: 435, gross: 8985 });
    expect(divideHalfUp(5, 10)).toBe(1);
    expect(divideHalfUp(4, 10)).toBe(0);
  });

  it('counts an optional line only when ticked and one line of each group', () => {
    const lines = [
      line({ unitPence: 10000 }),
      line({ unitPence: 2000, optional: true }),
      line({ unitPence: 50000, group: 'drain' }),
      line({ unitPence: 90000, group: 'drain' }),
    ];
    expect(quoteTotals(lines, { optional: [], groups: {} }).net).toBe(60000);
    expect(quoteTotals(lines, { optional: [1], groups: { drain: 3 } }).net).toBe(102000);
    // A choice the browser made up is settled: line 0 is not optional, line 0 is not of the group.
    expect(quoteTotals(lines, { optional: [0, 7], groups: { drain: 0, other: 1 } }).net).toBe(60000);
  });

  it('charges no VAT on a line with none', () => {
    expect(quoteTotals([line({ vatRate: 'none' })], { optional: [], groups: {} })).toMatchObject({ vat: 0, gross: 1000 });
  });

  it('works out a deposit: a percent rounded half-up, a fixed amount never past the total', () => {
    expect(depositOf(72_001, { depositPercent: 25, depositPence: null })).toBe(18_000);
    expect(depositOf(72_002, { depositPercent: 25, depositPence: null })).toBe(18_001);
    expect(depositOf(10_000, { depositPercent: null, depositPence: 15_050 })).toBe(10_000);
    expect(depositOf(72_000, { depositPercent: null, depositPence: 15_050 })).toBe(15_050);
    expect(depositOf(72_000, { depositPercent: null, depositPence: null })).toBe(0);
  });

  it('reads and writes amounts', () => {
    expect(parsePence('£1,012.5')).toBe(101250);
    expect(parsePence('85')).toBe(8500);
    expect(parsePence('8.505')).toBeNull();
    expect(parseQuantity('2.25')).toBe(2250);
    expect(parseQuantity('0')).toBeNull();
    expect(formatPence(123456)).toBe('£1,234.56');
  });

  it('always has lines that add up to the total (many random quotes)', () => {
    let seed = 48;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 2000; run++) {
      const lines = Array.from({ length: 1 + random(50) }, () =>
        line({
          quantityMilli: 1 + random(10_000_000),
          unitPence: random(10_000_001),
          vatRate: VAT_RATES[random(4)]!,
          optional: random(4) === 0,
          group: random(5) === 0 ? `g${random(3)}` : '',
        }),
      );
      const choices = { optional: [random(lines.length)], groups: { g0: random(lines.length), g1: random(lines.length) } };
      const totals = quoteTotals(lines, choices);
      const included = totals.lines.filter((l) => l.included);
      expect(totals.net).toBe(included.reduce((sum, l) => sum + l.net, 0));
      expect(totals.vat).toBe(included.reduce((sum, l) => sum + l.vat, 0));
      expect(totals.gross).toBe(totals.net + totals.vat);
      for (const l of totals.lines) expect(Number.isSafeInteger(l.gross) && l.gross === l.net + l.vat).toBe(true);
    }
  });
});

describe('quote states', () => {
  const legal: Record<QuoteEvent, [QuoteState, QuoteState][]> = {
    send: [['draft', 'sent']],
    view: [['sent', 'viewed']],
    accept: [
      ['sent', 'accepted'],
      ['viewed', 'accepted'],
    ],
    decline: [
      ['sent', 'declined'],
      ['viewed', 'declined'],
    ],
    expire: [
      ['sent', 'expired'],
      ['viewed', 'expired'],
    ],
    supersede: [
      ['sent', 'superseded'],
      ['viewed', 'superseded'],
      ['declined', 'superseded'],
      ['expired', 'superseded'],
    ],
    withdraw: [
      ['sent', 'withdrawn'],
      ['viewed', 'withdrawn'],
    ],
  };

  for (const event of QUOTE_EVENTS) {
    for (const from of QUOTE_STATES) {
      const move = legal[event].find(([state]) => state === from);
      it(`${event} from ${from}: ${move ? move[1] : 'refused'}`, () => {
        expect(nextQuoteState(from, event)).toBe(move ? move[1] : null);
      });
    }
  }
});

describe('the acceptance hash', () => {
  it('is the same whatever order the keys were written in', async () => {
    const a = await acceptanceHash({ name: 'Ann', totals: { net: 1, vat: 0, gross: 1 }, lines: [{ b: 1, a: 2 }] });
    const b = await acceptanceHash({ lines: [{ a: 2, b: 1 }], totals: { gross: 1, vat: 0, net: 1 }, name: 'Ann' });
    expect(a).toEqual(b);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(canonicalJson({ b: [2, 1], a: 'x' })).toBe('{"a":"x","b":[2,1]}');
    const c = await acceptanceHash({ name: 'Ann', totals: { net: 2, vat: 0, gross: 2 }, lines: [{ b: 1, a: 2 }] });
    expect(c.hash).not.toBe(a.hash);
  });
});

describe('the quote form', () => {
  const valid = {
    customerName: 'Ann Example',
    customerEmail: 'ann@example.com',
    'line.0.description': 'Clear the drain',
    'line.0.price': '85',
    'line.1.description': '',
    'line.1.price': '',
    'line.2.description': 'CCTV survey',
    'line.2.price': '120.50',
    'line.2.optional': 'on',
    'line.2.vat': '5',
  };

  it('reads lines in order and leaves blank ones out', () => {
    const form = v.parse(quoteFormSchema, quoteFormInput(valid));
    expect(form.lines).toHaveLength(2);
    expect(form.lines[1]).toMatchObject({ unitPence: 12050, optional: true, vatRate: '5', quantityMilli: 1000 });
    expect(form.validDays).toBe(30);
  });

  it('refuses more than 50 lines and a line past 2,000 characters', () => {
    const many: Record<string, string> = { customerName: 'A', customerEmail: 'a@example.com' };
    for (let i = 0; i < 51; i++) {
      many[`line.${i}.description`] = 'x';
      many[`line.${i}.price`] = '1';
    }
    expect(v.safeParse(quoteFormSchema, quoteFormInput(many)).success).toBe(false);
    const long = { ...valid, 'line.0.description': 'x'.repeat(2001) };
    expect(v.safeParse(quoteFormSchema, quoteFormInput(long)).success).toBe(false);
  });

  it('refuses a price that is not money', () => {
    expect(v.safeParse(quoteFormSchema, quoteFormInput({ ...valid, 'line.0.price': 'lots' })).success).toBe(false);
  });
});

describe('quote reminders', () => {
  const DAY = 86_400_000;
  it('chases on day 3 and day 10 and two days before expiry', () => {
    expect(quoteReminderTimes(0, 30)).toEqual([
      { reminder: 'day-3', dueAt: 3 * DAY },
      { reminder: 'day-10', dueAt: 10 * DAY },
      { reminder: 'expiry', dueAt: 28 * DAY },
    ]);
  });

  it('leaves out a chaser that would come after the note before expiry', () => {
    expect(quoteReminderTimes(0, 7).map((r) => r.reminder)).toEqual(['day-3', 'expiry']);
    expect(quoteReminderTimes(0, 2)).toEqual([]);
  });
});

describe("the editor's live totals", () => {
  const posted = {
    customerName: 'Ann',
    customerEmail: 'ann@example.org',
    'line.0.description': 'Jet the drain',
    'line.0.quantity': '1.5',
    'line.0.price': '85.55',
    'line.0.vat': '20',
    'line.1.description': 'Skip',
    'line.1.price': '120',
    'line.1.vat': '5',
    'line.2.description': 'Survey',
    'line.2.price': '60',
    'line.2.optional': 'on',
    'line.3.description': 'Half typed',
    'line.3.price': '12.',
    depositKind: 'percent',
    deposit: '10',
  };

  it('are the figures the server saves for the same fields, the deposit with them', () => {
    const saved = v.parse(quoteFormSchema, quoteFormInput({ ...posted, 'line.3.price': '0' }));
    const server = quoteTotals(saved.lines, { optional: [], groups: {} });
    const live = editorTotals(posted);
    expect(live).toMatchObject({ net: server.net, vat: server.vat, gross: server.gross, readable: [true, true, true, false] });
    expect(live.deposit).toBe(Math.floor((server.gross * 10 + 50) / 100));
    expect(live.lines[2]!.included).toBe(false);
  });

  it('start at nothing and leave blank lines out', () => {
    expect(editorTotals({ 'line.0.description': '', 'line.0.price': '' })).toMatchObject({ lines: [], gross: 0, deposit: 0 });
  });
});
