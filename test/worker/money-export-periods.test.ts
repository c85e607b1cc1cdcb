import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { request, type Session, signIn } from './admin-helpers';
import { insertInvoice } from './payments-helpers';

/**
 * The accountant's exports of one period (issue 56): a month, a quarter or a UK tax year, its
 * invoices and credit notes by when they were issued, from UK midnight to UK midnight (in summer
 * time an hour before UTC's), its payments by the day the money moved. Each edge is tried with a
 * document just inside and one just outside. Instants are written here in UTC, not worked out by
 * the product's date code.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

/** Long before every period here: the invoice a credit note or payment belongs to. */
const LONG_AGO = Date.UTC(2019, 5, 1, 12);

/** An issued invoice of one line, its customer named `name`. */
async function invoiceAt(name: string, issuedAt: number) {
  const invoice = await insertInvoice({ issuedAt, customerName: name, grossPence: 1_200 });
  await env.DB.prepare(
    "insert into invoice_lines (invoice_id, position, description, kind, quantity_milli, unit_pence, vat_rate) values (?, 0, 'Jetting', 'labour', 1000, 1000, '20')",
  )
    .bind(invoice.id)
    .run();
  return invoice;
}

/** A credit note of one line issued at `issuedAt`, on an invoice of long ago whose customer is `name`. */
async function creditAt(name: string, issuedAt: number) {
  const invoice = await invoiceAt(name, LONG_AGO);
  const noteId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "insert into credit_notes (id, invoice_id, number, reason, net_pence, vat_pence, gross_pence, issued_at) values (?, ?, ?, '', 1000, 200, 1200, ?)",
    ).bind(noteId, invoice.id, `CN-P${noteId.slice(0, 8)}`, issuedAt),
    env.DB.prepare(
      "insert into credit_note_lines (credit_note_id, position, description, kind, quantity_milli, unit_pence, vat_rate) values (?, 0, 'Jetting', 'labour', 1000, 1000, '20')",
    ).bind(noteId),
  ]);
}

/** A payment the money of which moved on `paidOn`, recorded at `createdAt` (which does not count). */
async function paymentOn(name: string, paidOn: string, createdAt: number) {
  const invoice = await invoiceAt(name, LONG_AGO);
  await env.DB.prepare(
    "insert into payments (id, invoice_id, amount_pence, method, paid_on, created_at) values (?, ?, 1200, 'bank', ?, ?)",
  )
    .bind(crypto.randomUUID(), invoice.id, paidOn, createdAt)
    .run();
}

/** The customers named in an export of `period` whose names start with `prefix`, sorted. */
async function namesIn(path: string, period: string, prefix: string) {
  const res = await request(`${path}?period=${period}`, { cookie: session.cookie });
  expect(res.status).toBe(200);
  const rows = (await res.text())
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1);
  // The sales file names the customer first; the payments file third.
  const column = path.includes('payments') ? 2 : 0;
  const names = rows.filter(Boolean).map((row) => row.slice(1, -1).split('","')[column]!);
  return [...new Set(names.filter((name) => name.startsWith(prefix)))].sort();
}
const SALES = '/admin/invoices/export.csv';
const PAYMENTS = '/admin/payments/export.csv';

describe("the accountant's export of a period", () => {
  it('holds a month’s invoices from its first UK midnight up to the next month’s (GMT)', async () => {
    await invoiceAt('Nov before', Date.UTC(2026, 10, 1) - 1);
    await invoiceAt('Nov first', Date.UTC(2026, 10, 1));
    await invoiceAt('Nov last', Date.UTC(2026, 11, 1) - 1);
    await invoiceAt('Nov after', Date.UTC(2026, 11, 1));
    expect(await namesIn(SALES, '2026-11', 'Nov ')).toEqual(['Nov first', 'Nov last']);
    expect(await namesIn(SALES, '2026-10', 'Nov ')).toEqual(['Nov before']);
    expect(await namesIn(SALES, '2026-12', 'Nov ')).toEqual(['Nov after']);
  });

  it('counts an invoice issued at 00:30 BST on 1 April as April’s, and one at 23:30 BST on 31 March as March’s', async () => {
    // British Summer Time from 28 March 2027: UK midnight on 1 April is 23:00 UTC on 31 March.
    await invoiceAt('Apr 00:30 BST', Date.UTC(2027, 2, 31, 23, 30));
    await invoiceAt('Apr 23:30 BST the day before', Date.UTC(2027, 2, 31, 22, 30));
    expect(await namesIn(SALES, '2027-04', 'Apr ')).toEqual(['Apr 00:30 BST']);
    expect(await namesIn(SALES, '2027-03', 'Apr ')).toEqual(['Apr 23:30 BST the day before']);
  });

  it('holds a quarter’s invoices from UK midnight on its first day up to the next quarter’s (BST at both ends)', async () => {
    await invoiceAt('Q2 before', Date.UTC(2027, 2, 31, 23) - 1);
    await invoiceAt('Q2 first', Date.UTC(2027, 2, 31, 23));
    await invoiceAt('Q2 last', Date.UTC(2027, 5, 30, 23) - 1);
    await invoiceAt('Q2 after', Date.UTC(2027, 5, 30, 23));
    expect(await namesIn(SALES, '2027-Q2', 'Q2 ')).toEqual(['Q2 first', 'Q2 last']);
    expect(await namesIn(SALES, '2027-Q1', 'Q2 ')).toEqual(['Q2 before']);
    expect(await namesIn(SALES, '2027-Q3', 'Q2 ')).toEqual(['Q2 after']);
  });

  it('holds a tax year’s invoices and credit notes from 6 April, UK midnight, to the next 6 April', async () => {
    await invoiceAt('TY before', Date.UTC(2026, 3, 5, 23) - 1);
    await invoiceAt('TY first', Date.UTC(2026, 3, 5, 23));
    await invoiceAt('TY last', Date.UTC(2027, 3, 5, 23) - 1);
    await invoiceAt('TY after', Date.UTC(2027, 3, 5, 23));
    await creditAt('TY credit before', Date.UTC(2026, 3, 5, 23) - 1);
    await creditAt('TY credit first', Date.UTC(2026, 3, 5, 23));
    await creditAt('TY credit last', Date.UTC(2027, 3, 5, 23) - 1);
    await creditAt('TY credit after', Date.UTC(2027, 3, 5, 23));
    expect(await namesIn(SALES, '2026-27', 'TY ')).toEqual(['TY credit first', 'TY credit last', 'TY first', 'TY last']);
    expect(await namesIn(SALES, '2025-26', 'TY ')).toEqual(['TY before', 'TY credit before']);
    expect(await namesIn(SALES, '2027-28', 'TY ')).toEqual(['TY after', 'TY credit after']);
    // A credit note's row is its own: negative, naming the invoice it takes back.
    const res = await request(`${SALES}?period=2026-27`, { cookie: session.cookie });
    const credit = (await res.text()).split('\r\n').find((row) => row.startsWith('"TY credit first"'))!;
    expect(credit).toMatch(/"Credit for INV-T\w+","[^"]*","[^"]*","-12\.00","Jetting","-1"/);
  });

  it('holds the payments by the day the money moved, whenever they were recorded', async () => {
    const recordedInNovember = Date.UTC(2026, 10, 15);
    const recordedLater = Date.UTC(2027, 0, 20);
    await paymentOn('Paid 31 Oct', '2026-10-31', recordedInNovember);
    await paymentOn('Paid 1 Nov', '2026-11-01', recordedLater);
    await paymentOn('Paid 30 Nov', '2026-11-30', recordedLater);
    await paymentOn('Paid 1 Dec', '2026-12-01', recordedInNovember);
    expect(await namesIn(PAYMENTS, '2026-11', 'Paid ')).toEqual(['Paid 1 Nov', 'Paid 30 Nov']);
    expect(await namesIn(PAYMENTS, '2026-Q4', 'Paid ')).toEqual(['Paid 1 Dec', 'Paid 1 Nov', 'Paid 30 Nov', 'Paid 31 Oct']);

    await paymentOn('TY paid 5 Apr', '2026-04-05', Date.UTC(2026, 3, 10));
    await paymentOn('TY paid 6 Apr', '2026-04-06', Date.UTC(2026, 3, 1));
    await paymentOn('TY paid 5 Apr next', '2027-04-05', Date.UTC(2027, 3, 10));
    await paymentOn('TY paid 6 Apr next', '2027-04-06', Date.UTC(2027, 3, 1));
    expect(await namesIn(PAYMENTS, '2026-27', 'TY paid')).toEqual(['TY paid 5 Apr next', 'TY paid 6 Apr']);
  });
});

describe('a period that is missing or cannot be read', () => {
  const refused = async (path: string) => {
    const res = await request(path, { cookie: session.cookie });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-disposition')).toBeNull();
    return res.text();
  };

  it('is answered 400 with words and the choice of periods again, never a file', async () => {
    const missing = await refused(SALES);
    expect(missing).toContain('<h1 class="admin-title">Choose a period to export</h1>');
    expect(missing).toContain('Choose the period to export: a month, a quarter or a tax year.');
    expect(missing).toMatch(/<select id="money-export-period" name="period"/);
    for (const bad of ['2026-13', 'last-month', '2026-Q5', '2026-28', `${'9'.repeat(500)}`]) {
      for (const path of [SALES, PAYMENTS]) {
        expect(await refused(`${path}?period=${bad}`)).toContain(
          'That period could not be read. Choose a month (for example 2026-11), a quarter (2026-Q4) or a tax year (2026-27).',
        );
      }
    }
    expect(await refused(`${PAYMENTS}?period=`)).toContain('Choose the period to export');
  });
});
