import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { londonDay } from '../../src/rules/uk-time';
import { request, type Session, signIn } from './admin-helpers';
import { deliverWebhook, insertInvoice, sessionCompleted } from './payments-helpers';

/** The accountant's CSVs: invoices and credit notes in Xero's sales import columns, and payments. */

let session: Session;

beforeAll(async () => {
  session = await signIn();
});

const csv = async (path: string) => {
  const res = await request(path, { cookie: session.cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
};

describe("the accountant's export", () => {
  it('lists each issued invoice line with its VAT, a credit note as negative rows, and every payment', async () => {
    const invoice = await insertInvoice({ grossPence: 12_000, customerName: 'Maria Smith' });
    await env.DB.batch([
      env.DB.prepare(
        "insert into invoice_lines (invoice_id, position, description, kind, quantity_milli, unit_pence, vat_rate) values (?, 0, 'Drain unblocking', 'labour', 1000, 10000, '20')",
      ).bind(invoice.id),
      env.DB.prepare(
        "insert into credit_notes (id, invoice_id, number, reason, net_pence, vat_pence, gross_pence, issued_at) values (?, ?, ?, '', 2500, 500, 3000, ?)",
      ).bind(crypto.randomUUID(), invoice.id, `CN-T${invoice.id.slice(0, 6)}`, Date.now()),
    ]);
    const noteId = (await env.DB.prepare('select id from credit_notes where invoice_id = ?')
      .bind(invoice.id)
      .first<{ id: string }>())!.id;
    await env.DB.prepare(
      "insert into credit_note_lines (credit_note_id, position, description, kind, quantity_milli, unit_pence, vat_rate) values (?, 0, 'Part of the call-out', 'labour', 1000, 2500, '20')",
    )
      .bind(noteId)
      .run();
    await deliverWebhook(sessionCompleted(invoice.id, 9_000));
    await insertInvoice({ state: 'draft', customerName: 'Draft Only' });

    // The month of today: the invoice, its credit note and the card payment are all today's.
    const month = londonDay(Date.now()).slice(0, 7);
    const sales = await csv(`/admin/invoices/export.csv?period=${month}`);
    expect(sales[0]).toBe(
      '"*ContactName","EmailAddress","POAddressLine1","POPostalCode","*InvoiceNumber","Reference","*InvoiceDate","*DueDate","Total","*Description","*Quantity","*UnitAmount","*AccountCode","*TaxType","TaxAmount","Currency"',
    );
    const line = sales.find((row) => row.includes(`"${invoice.number}"`))!;
    expect(line).toContain('"Maria Smith","","3 Bay Road, Poole BH14 0AA","BH14 0AA"');
    expect(line).toContain('"120.00","Drain unblocking","1","100.00","200","20% (VAT on Income)","20.00","GBP"');
    const credit = sales.find((row) => row.includes(`"CN-T${invoice.id.slice(0, 6)}"`))!;
    expect(credit).toContain(`"Credit for ${invoice.number}"`);
    expect(credit).toContain('"-30.00","Part of the call-out","-1","25.00","200","20% (VAT on Income)","-5.00","GBP"');
    expect(sales.join('\n')).not.toContain('Draft Only');

    const paid = await csv(`/admin/payments/export.csv?period=${month}`);
    expect(paid[0]).toBe('"Date","Amount","Payee","Description","Reference","Method"');
    expect(paid.find((row) => row.includes(`"${invoice.number}"`))).toContain(
      `"90.00","Maria Smith","Payment of ${invoice.number}","${invoice.number}","Card (online)"`,
    );
  });
});
