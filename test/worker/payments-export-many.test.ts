import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { request, type Session, signIn } from './admin-helpers';

/**
 * The accountant's export past one batch and past D1's 100 bound parameters: 230 issued invoices
 * (several issued in the same millisecond across the batch's edge), their lines, credit notes and
 * 210 payments (all paid the same day: the keyset's tie on the id again), all in October 2026,
 * each in the files of October exactly once with its own lines and totals.
 */

let session: Session;
// The first request loads the Worker's modules: seconds on a busy machine.
beforeAll(async () => {
  session = await signIn();
}, 60_000);

const INVOICES = 230;
const PAYMENTS = 210;
const CREDITS = 5;
const BASE = Date.parse('2026-10-01T09:00:00Z');

const numberOf = (i: number) => `INV-M${String(i).padStart(4, '0')}`;
/** 1 to 3 lines, each £10.00 and up in 5p steps at 20% VAT (whole pence, so the VAT is exact). */
const linesFor = (i: number) =>
  Array.from({ length: (i % 3) + 1 }, (_, position) => ({ position, unitPence: 1000 + 5 * i + 500 * position }));
const grossOf = (i: number) => linesFor(i).reduce((sum, line) => sum + line.unitPence + line.unitPence / 5, 0);

async function insertMany() {
  const statements: D1PreparedStatement[] = [];
  const ids: string[] = [];
  for (let i = 0; i < INVOICES; i++) {
    const id = crypto.randomUUID();
    ids.push(id);
    const gross = grossOf(i);
    // Seven invoices to each millisecond: the keyset's tie on the id decides the order at a batch's edge.
    const issuedAt = BASE + Math.floor(i / 7);
    statements.push(
      env.DB.prepare(
        `insert into invoices (id, number, state, customer_name, customer_address, net_pence, vat_pence, gross_pence,
           issued_at, due_at, created_at, updated_at) values (?, ?, 'issued', ?, '3 Bay Road, Poole BH14 0AA', ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        id,
        numberOf(i),
        `Customer ${i}`,
        (gross * 5) / 6,
        gross / 6,
        gross,
        issuedAt,
        issuedAt + 14 * 86_400_000,
        issuedAt,
        issuedAt,
      ),
      ...linesFor(i).map((line) =>
        env.DB.prepare(
          `insert into invoice_lines (invoice_id, position, description, kind, quantity_milli, unit_pence, vat_rate)
           values (?, ?, ?, 'labour', 1000, ?, '20')`,
        ).bind(id, line.position, `Work ${i}.${line.position}`, line.unitPence),
      ),
    );
  }
  for (let i = 0; i < CREDITS; i++) {
    const noteId = crypto.randomUUID();
    statements.push(
      env.DB.prepare(
        `insert into credit_notes (id, invoice_id, number, net_pence, vat_pence, gross_pence, issued_at) values (?, ?, ?, 1000, 200, 1200, ?)`,
      ).bind(noteId, ids[i], `CN-M${i}`, BASE + 86_400_000),
      env.DB.prepare(
        `insert into credit_note_lines (credit_note_id, position, description, kind, quantity_milli, unit_pence, vat_rate)
         values (?, 0, ?, 'labour', 1000, 1000, '20')`,
      ).bind(noteId, `Credit ${i}`),
    );
  }
  for (let i = 0; i < PAYMENTS; i++) {
    statements.push(
      env.DB.prepare(
        `insert into payments (id, invoice_id, amount_pence, method, paid_on, created_at) values (?, ?, ?, 'bank', '2026-10-20', ?)`,
      ).bind(crypto.randomUUID(), ids[i], grossOf(i), BASE + Math.floor(i / 9)),
    );
  }
  await env.DB.batch(statements);
}

/** The file's rows as cells (every cell is quoted; no value here holds a quote). */
async function csvRows(path: string) {
  const res = await request(path, { cookie: session.cookie });
  expect(res.status).toBe(200);
  const text = (await res.text()).replace(/^\uFEFF/, '');
  return text
    .split('\r\n')
    .filter((row) => row !== '')
    .slice(1)
    .map((row) => row.slice(1, -1).split('","'));
}

describe("the accountant's export with more documents than one batch or one statement's ids", () => {
  it('lists every invoice once with all its lines and totals, every credit note and every payment', async () => {
    await insertMany();

    const sales = await csvRows('/admin/invoices/export.csv?period=2026-10');
    const byNumber = new Map<string, string[][]>();
    for (const cells of sales) byNumber.set(cells[4]!, [...(byNumber.get(cells[4]!) ?? []), cells]);
    for (let i = 0; i < INVOICES; i++) {
      const rows = byNumber.get(numberOf(i)) ?? [];
      // One row per line, in order, each naming its customer and the invoice's total.
      expect(rows.map((cells) => cells[9])).toEqual(linesFor(i).map((line) => `Work ${i}.${line.position}`));
      for (const [index, cells] of rows.entries()) {
        const line = linesFor(i)[index]!;
        expect(cells[0]).toBe(`Customer ${i}`);
        expect(cells[8]).toBe((grossOf(i) / 100).toFixed(2));
        expect(cells[11]).toBe((line.unitPence / 100).toFixed(2));
        expect(cells[14]).toBe((line.unitPence / 500).toFixed(2));
      }
    }
    const invoiceNumbers = [...byNumber.keys()].filter((number) => number.startsWith('INV-M'));
    expect(invoiceNumbers).toHaveLength(INVOICES);
    // In the order they were issued.
    expect(invoiceNumbers.map((number) => Math.floor(Number(number.slice(5)) / 7))).toEqual(
      Array.from({ length: INVOICES }, (_, i) => Math.floor(i / 7)),
    );
    for (let i = 0; i < CREDITS; i++) {
      expect(byNumber.get(`CN-M${i}`)?.map((cells) => [cells[5], cells[8], cells[9], cells[10]])).toEqual([
        [`Credit for ${numberOf(i)}`, '-12.00', `Credit ${i}`, '-1'],
      ]);
    }

    const paid = await csvRows('/admin/payments/export.csv?period=2026-10');
    const references = paid.map((cells) => cells[4]!).filter((number) => number.startsWith('INV-M'));
    expect(references.toSorted()).toEqual(Array.from({ length: PAYMENTS }, (_, i) => numberOf(i)));
    for (const cells of paid.filter((row) => row[4]!.startsWith('INV-M'))) {
      const i = Number(cells[4]!.slice(5));
      expect(cells.slice(0, 3)).toEqual(['20/10/2026', (grossOf(i) / 100).toFixed(2), `Customer ${i}`]);
    }
  });
});
