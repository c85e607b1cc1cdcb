/**
 * The ledger test's random histories, drawn from a seed so a failure can be played again: a quote's
 * lines (mixed VAT rates, optional items ticked or not, a pair of alternatives), its deposit, and
 * what happens to its invoices (how they are paid, credited and refunded).
 */

export interface OracleLine {
  quantityMilli: number;
  unitPence: number;
  rate: 20 | 5 | 0;
  optional: boolean;
  group: string;
  /** The customer takes it: a plain line always, an optional one when ticked, one of a group. */
  taken: boolean;
}

export interface Drawn {
  tag: string;
  lines: OracleLine[];
  deposit: { depositKind: 'none' | 'percent' | 'amount'; deposit: string };
  payDeposit: 'card' | 'bank' | 'cash' | null;
  finalPayment: 'none' | 'part' | 'whole' | 'twice';
  payFinal: 'card' | 'bank' | 'cash';
  credit: 'none' | 'part' | 'whole' | 'both';
  refund: 'none' | 'owed' | 'stripe-over';
}

/** mulberry32: a small, well-mixed 32-bit generator. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function draw(seed: number): Drawn {
  const random = generator(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const lines: OracleLine[] = [];
  const plain = 1 + Math.floor(random() * 3);
  for (let i = 0; i < plain; i++)
    lines.push({
      quantityMilli: pick([1000, 1500, 2000, 250, 3000, 1333]),
      unitPence: 1 + Math.floor(random() * 60_000),
      rate: pick([20, 20, 5, 0] as const),
      optional: false,
      group: '',
      taken: true,
    });
  if (random() < 0.5)
    lines.push({
      quantityMilli: 1000,
      unitPence: 100 + Math.floor(random() * 20_000),
      rate: pick([20, 5] as const),
      optional: true,
      group: '',
      taken: random() < 0.6,
    });
  if (random() < 0.4) {
    const second = random() < 0.5;
    for (const taken of [!second, second])
      lines.push({
        quantityMilli: 1000,
        unitPence: 500 + Math.floor(random() * 90_000),
        rate: 20,
        optional: false,
        group: 'fix',
        taken,
      });
  }
  // A fixed deposit fits the total the customer first reads (nothing optional, each group's first).
  const firstRead = lines
    .filter((line, index) => !line.optional && (line.group === '' || lines.findIndex((l) => l.group === line.group) === index))
    .reduce((sum, line) => {
      const net = Math.floor((2 * line.quantityMilli * line.unitPence + 1000) / 2000);
      return sum + net + Math.floor((2 * net * line.rate + 100) / 200);
    }, 0);
  const kind = pick(['none', 'percent', 'percent', 'amount'] as const);
  const deposit =
    kind === 'percent'
      ? String(1 + Math.floor(random() * 60))
      : kind === 'amount'
        ? (Math.max(1, Math.floor(random() * firstRead)) / 100).toFixed(2)
        : '';
  return {
    tag: `${seed}-${Math.floor(random() * 1e9).toString(36)}`,
    lines,
    deposit: { depositKind: kind, deposit },
    payDeposit: pick(['card', 'bank', 'cash', null] as const),
    finalPayment: pick(['none', 'part', 'whole', 'whole', 'twice'] as const),
    payFinal: pick(['card', 'bank', 'cash'] as const),
    credit: pick(['none', 'none', 'part', 'whole', 'both'] as const),
    refund: pick(['none', 'owed', 'owed', 'stripe-over'] as const),
  };
}
