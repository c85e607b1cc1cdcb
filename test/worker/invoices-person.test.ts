import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { postForm, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { insertInvoice } from './payments-helpers';

/** Issue 49: a person's subject access export lists the invoices billed to them, with credit notes and payments. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

interface ExportedInvoice {
  number: string | null;
  state: string;
  issued: string | null;
  totalPence: number;
  paidPence: number;
  creditedPence: number;
  stillDuePence: number | null;
  creditNotes: { number: string; issued: string; totalPence: number }[];
  payments: { paidOn: string; amountPence: number; method: string; refund: boolean }[];
}

describe("the person's export", () => {
  it('holds their invoices, numbers, dates, amounts and states, with credit notes and payments', async () => {
    const lead = await insertLead({ email: `invoiced.${crypto.randomUUID().slice(0, 8)}@example.org` });
    const other = await insertLead();
    const issuedAt = Date.parse('2026-11-02T10:00:00Z');
    const invoice = await insertInvoice({ leadId: lead.id, state: 'part_paid', grossPence: 24_000, issuedAt });
    await insertInvoice({ leadId: other.id });
    await env.DB.batch([
      env.DB.prepare(
        `insert into payments (id, invoice_id, amount_pence, method, paid_on, created_at) values (?, ?, 10000, 'bank', '2026-11-05', ?), (?, ?, -2000, 'bank', '2026-11-06', ?)`,
      ).bind(crypto.randomUUID(), invoice.id, issuedAt + 1, crypto.randomUUID(), invoice.id, issuedAt + 2),
      env.DB.prepare(
        `insert into credit_notes (id, invoice_id, number, net_pence, vat_pence, gross_pence, issued_at) values (?, ?, 'CN-T0001', 5000, 1000, 6000, ?)`,
      ).bind(crypto.randomUUID(), invoice.id, issuedAt + 3),
      env.DB.prepare('update invoices set amount_paid_pence = 8000, amount_credited_pence = 6000 where id = ?').bind(invoice.id),
    ]);

    const res = await postForm(session, '/admin/leads/person/export', { email: lead.email, phone: '' });
    expect(res.status).toBe(200);
    const exported = (await res.json()) as { invoices: ExportedInvoice[] };
    expect(exported.invoices).toHaveLength(1);
    expect(exported.invoices[0]).toMatchObject({
      number: invoice.number,
      state: 'Part paid',
      issued: '2026-11-02T10:00:00.000Z',
      totalPence: 24_000,
      paidPence: 8_000,
      creditedPence: 6_000,
      stillDuePence: 10_000,
      creditNotes: [{ number: 'CN-T0001', issued: '2026-11-02T10:00:00.003Z', totalPence: 6_000 }],
      payments: [
        { paidOn: '2026-11-05', amountPence: 10_000, method: 'Bank transfer', refund: false },
        { paidOn: '2026-11-06', amountPence: -2_000, method: 'Bank transfer', refund: true },
      ],
    });
  });
});
