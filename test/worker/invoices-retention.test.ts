import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { newestContent } from '../../src/admin/site/save';
import { financialRecordsKeptFrom } from '../../src/rules/accounting-records';
import { deleteInvoicesPastRetention } from '../../src/scheduled';
import { DEFAULT_INVOICING, invoicingOf } from '../../src/site-content/invoicing';
import { forgetRevision } from '../../src/site-content/revision';
import { takeLogs } from '../support/console-guard';
import { request, type Session, signIn } from './admin-helpers';
import { setFacts, textOf } from './invoice-helpers';
import { adminPost } from './job-helpers';
import { insertInvoice } from './payments-helpers';

/**
 * Issue 49: invoices, their credit notes and payments are kept six years after the end of the
 * business's financial year (31 March unless the facts say otherwise), then the cron deletes them.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const at = (iso: string) => Date.parse(iso);

async function payment(invoiceId: string, paidOn: string) {
  await env.DB.prepare(
    `insert into payments (id, invoice_id, amount_pence, method, paid_on, created_at) values (?, ?, 1000, 'bank', ?, ?)`,
  )
    .bind(crypto.randomUUID(), invoiceId, paidOn, at(`${paidOn}T12:00:00Z`))
    .run();
}

async function creditNote(invoiceId: string, issuedAt: number) {
  const id = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      `insert into credit_notes (id, invoice_id, number, net_pence, vat_pence, gross_pence, issued_at) values (?, ?, ?, 500, 100, 600, ?)`,
    ).bind(id, invoiceId, `CN-T${id.slice(0, 8)}`, issuedAt),
    env.DB.prepare(
      `insert into credit_note_lines (credit_note_id, position, description, kind, quantity_milli, unit_pence, vat_rate)
       values (?, 0, 'Refund of the call-out', 'labour', 1000, 500, '20')`,
    ).bind(id),
  ]);
  return id;
}

async function lineOf(invoiceId: string) {
  await env.DB.prepare(
    `insert into invoice_lines (invoice_id, position, description, kind, quantity_milli, unit_pence, vat_rate)
     values (?, 0, 'Jet the drain', 'labour', 1000, 20000, '20')`,
  )
    .bind(invoiceId)
    .run();
}

const rows = async (table: string, column: string, id: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table} where ${column} = ?`).bind(id).first<{ n: number }>())!.n;

describe('the financial year the six years count from', () => {
  it('ends on 31 March unless the business says otherwise', () => {
    // The year ended 31 March 2027 is over six years on 1 April 2033, not on 31 March.
    expect(financialRecordsKeptFrom(at('2033-04-01T12:00:00Z'))).toBe('2027-04-01');
    expect(financialRecordsKeptFrom(at('2033-03-31T12:00:00Z'))).toBe('2026-04-01');
    // A calendar year: 2027's records go on 1 January 2034 (UK time; GMT then).
    expect(financialRecordsKeptFrom(at('2033-12-31T23:30:00Z'), { day: 31, month: 12 })).toBe('2027-01-01');
    expect(financialRecordsKeptFrom(at('2034-01-01T00:30:00Z'), { day: 31, month: 12 })).toBe('2028-01-01');
    // 00:30 BST on 1 April is still 31 March in UTC, but the UK day is the 1st.
    expect(financialRecordsKeptFrom(at('2033-03-31T23:30:00Z'))).toBe('2027-04-01');
    // A year ending on 29 February ends on the 28th in a year without one.
    expect(financialRecordsKeptFrom(at('2033-03-01T12:00:00Z'), { day: 29, month: 2 })).toBe('2027-03-01');
  });
});

describe('invoices past their accounting years', () => {
  it('the cron deletes one issued in a year ended six years ago, with its lines, credit notes and payments', async () => {
    const old = await insertInvoice({ issuedAt: at('2027-03-31T12:00:00Z'), state: 'part_paid' });
    await lineOf(old.id);
    await payment(old.id, '2027-03-31');
    const note = await creditNote(old.id, at('2027-03-31T13:00:00Z'));
    const nextDay = await insertInvoice({ issuedAt: at('2027-04-01T12:00:00Z') });
    // Paid in the next financial year: kept until that year's six years are over.
    const paidLate = await insertInvoice({ issuedAt: at('2027-03-01T12:00:00Z'), state: 'paid' });
    await payment(paidLate.id, '2027-04-02');

    // The last day of the six years: nothing goes.
    await deleteInvoicesPastRetention(env, at('2033-03-31T12:00:00Z'));
    expect(await rows('invoices', 'id', old.id)).toBe(1);

    expect(await deleteInvoicesPastRetention(env, at('2033-04-01T12:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(takeLogs('info', 'invoices deleted by retention')).toHaveLength(1);
    expect(await rows('invoices', 'id', old.id)).toBe(0);
    expect(await rows('invoice_lines', 'invoice_id', old.id)).toBe(0);
    expect(await rows('payments', 'invoice_id', old.id)).toBe(0);
    expect(await rows('credit_notes', 'invoice_id', old.id)).toBe(0);
    expect(await rows('credit_note_lines', 'credit_note_id', note)).toBe(0);
    expect(await rows('invoices', 'id', nextDay.id)).toBe(1);
    expect(await rows('invoices', 'id', paidLate.id)).toBe(1);
    expect(await rows('payments', 'invoice_id', paidLate.id)).toBe(1);

    // A year later the late payment's year is over too.
    await deleteInvoicesPastRetention(env, at('2034-04-01T12:00:00Z'));
    takeLogs('info', 'invoices deleted by retention');
    expect(await rows('invoices', 'id', paidLate.id)).toBe(0);
    expect(await rows('invoices', 'id', nextDay.id)).toBe(0);
  });

  it('a draft never issued goes once untouched for a year', async () => {
    const now = Date.now();
    const stale = await insertInvoice({ state: 'draft', issuedAt: now - 366 * 86_400_000 });
    const fresh = await insertInvoice({ state: 'draft', issuedAt: now - 300 * 86_400_000 });
    await deleteInvoicesPastRetention(env, now);
    expect(takeLogs('info', 'draft invoices deleted by retention')).toHaveLength(1);
    expect(await rows('invoices', 'id', stale.id)).toBe(0);
    expect(await rows('invoices', 'id', fresh.id)).toBe(1);
  });

  it('counts from the year end the owner sets in the business facts', async () => {
    const form = await request('/admin/site/facts/invoicing', { cookie: session.cookie });
    const html = await form.text();
    expect(textOf(html)).toContain('Financial year ends: day');
    const revision = /name="revision" value="(\d+)"/.exec(html)![1]!;
    const bad = await adminPost(session, '/admin/site/facts/invoicing', { revision, yearEndDay: '30', yearEndMonth: '2' });
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain('That day is not in the month chosen');
    const saved = await adminPost(session, '/admin/site/facts/invoicing', { revision, yearEndDay: '31', yearEndMonth: '12' });
    expect(saved.status).toBe(303);
    forgetRevision();
    expect(invoicingOf((await newestContent(env)).content.facts).yearEnd).toEqual({ day: 31, month: 12 });

    const june = await insertInvoice({ issuedAt: at('2027-06-01T12:00:00Z') });
    await deleteInvoicesPastRetention(env, at('2033-12-31T12:00:00Z'));
    expect(await rows('invoices', 'id', june.id)).toBe(1);
    await deleteInvoicesPastRetention(env, at('2034-01-01T12:00:00Z'));
    takeLogs('info', 'invoices deleted by retention');
    expect(await rows('invoices', 'id', june.id)).toBe(0);
    await setFacts({ invoicing: DEFAULT_INVOICING });
  });
});
