import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { readMoney } from '../../src/admin/dashboard/money';
import { addDays, londonDay, ukDayStart } from '../../src/rules/invoice-dates';
import { request, type Session, signIn } from './admin-helpers';
import { deliverWebhook, insertInvoice, sessionCompleted } from './payments-helpers';

/** The dashboard's money: invoiced, paid and owed this month, and owed by age, from invoices and payments. */

const DAY = 86_400_000;
let session: Session;

beforeAll(async () => {
  session = await signIn();
});

describe("the dashboard's money", () => {
  it('adds up what was invoiced, paid and is owed this month, and what is owed by how late', async () => {
    const now = Date.now();
    const before = (await readMoney(env, now)).figures;
    const fresh = await insertInvoice({ grossPence: 10_000, issuedAt: now, dueAt: now + 14 * DAY });
    await deliverWebhook(sessionCompleted(fresh.id, 4_000));
    // Issued 40 days ago (last month), 35 days past its due date: owed, 31 to 60 days late.
    await insertInvoice({ grossPence: 5_000, issuedAt: now - 40 * DAY, dueAt: now - 35 * DAY });
    await insertInvoice({ grossPence: 99_900, state: 'draft' });
    const after = (await readMoney(env, now)).figures;
    expect(after.invoicedPence - before.invoicedPence).toBe(10_000);
    expect(after.paidPence - before.paidPence).toBe(4_000);
    expect(after.outstandingThisMonthPence - before.outstandingThisMonthPence).toBe(6_000);
    const aged = after.outstandingByAge.map((value, index) => value - before.outstandingByAge[index]!);
    expect(aged).toEqual([6_000, 0, 5_000, 0, 0]);

    const html = await (await request('/admin/dashboard', { cookie: session.cookie })).text();
    expect(html).toMatch(/Money in \w+ \d{4}/);
    expect(html).toContain('31 to 60 days late');
    // The owner's exports: a period (the last complete month chosen) and a button for each file.
    const form = /<form[^>]* action="\/admin\/invoices\/export.csv" method="get">[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(form).toContain('<label class="lead-form__label" for="money-export-period">Period</label>');
    expect(form).toMatch(/<select id="money-export-period" name="period"/);
    const today = londonDay(Date.now());
    const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
    expect(form).toMatch(new RegExp(`<option value="${lastMonth}" selected="">`));
    expect(form).toContain(`<option value="${today.slice(0, 7)}">`);
    expect(form).toContain('>Tax year ');
    // React writes the attribute formAction; HTML's names are read without case (formaction).
    expect(form).toMatch(
      /<button type="submit"[^>]* formaction="\/admin\/invoices\/export.csv">Invoices and credit notes \(CSV\)</i,
    );
    expect(form).toMatch(/<button type="submit"[^>]* formaction="\/admin\/payments\/export.csv">Payments \(CSV\)</i);
  });

  it('counts every state of invoice in and out of the month as before, reading only the owed and the month', async () => {
    const now = Date.now();
    const before = (await readMoney(env, now)).figures;
    const earlier = now - 100 * DAY;
    /** An invoice as the invoices' code leaves it, with what was paid and credited on it. */
    const invoice = async (fields: Parameters<typeof insertInvoice>[0], paid = 0, credited = 0) => {
      const row = await insertInvoice(fields);
      await env.DB.prepare('update invoices set amount_paid_pence = ?, amount_credited_pence = ? where id = ?')
        .bind(paid, credited, row.id)
        .run();
      return row.id;
    };
    const pay = (invoiceId: string, pence: number, at: number) =>
      env.DB.prepare(
        "insert into payments (id, invoice_id, amount_pence, method, paid_on, created_at) values (?, ?, ?, 'bank', ?, ?)",
      )
        .bind(crypto.randomUUID(), invoiceId, pence, londonDay(at), at)
        .run();
    const credit = (invoiceId: string, pence: number, at: number) =>
      env.DB.prepare(
        'insert into credit_notes (id, invoice_id, number, net_pence, vat_pence, gross_pence, issued_at) values (?, ?, ?, ?, 0, ?, ?)',
      )
        .bind(crypto.randomUUID(), invoiceId, `CN-T${crypto.randomUUID().slice(0, 8)}`, pence, pence, at)
        .run();
    // This month: paid in full (less a refund), part paid after a deposit, cancelled by a credit note, a draft.
    const paid = await invoice({ state: 'paid', grossPence: 20_000, issuedAt: now, dueAt: now + 14 * DAY }, 20_000);
    await pay(paid, 20_000, now);
    await pay(paid, -500, now);
    await invoice(
      { state: 'part_paid', grossPence: 8_000, lessDepositPence: 1_000, issuedAt: now, dueAt: now + 14 * DAY },
      3_000,
    );
    const cancelled = await invoice({ state: 'credited', grossPence: 5_000, issuedAt: now, dueAt: now + 14 * DAY }, 0, 5_000);
    await credit(cancelled, 5_000, now);
    await invoice({ state: 'draft', grossPence: 99_900 });
    // Months ago: paid then (its payment then too), cancelled then, and four still owed, each in its own age band.
    const paidThen = await invoice({ state: 'paid', grossPence: 10_000, issuedAt: earlier, dueAt: earlier + 14 * DAY }, 10_000);
    await pay(paidThen, 10_000, earlier);
    const cancelledThen = await invoice({ state: 'credited', grossPence: 7_000, issuedAt: earlier }, 0, 7_000);
    await credit(cancelledThen, 7_000, earlier);
    await invoice({ state: 'issued', grossPence: 3_000, issuedAt: earlier, dueAt: now - 95 * DAY });
    await invoice({ state: 'part_paid', grossPence: 6_000, issuedAt: earlier, dueAt: now - 65 * DAY }, 2_500);
    await invoice({ state: 'issued', grossPence: 1_500, issuedAt: earlier, dueAt: now - 10 * DAY });
    await invoice({ state: 'issued', grossPence: 4_000, issuedAt: now - 40 * DAY, dueAt: now + 5 * DAY });

    const after = (await readMoney(env, now)).figures;
    // Invoiced: 20,000 + 7,000 (8,000 less the 1,000 deposit) + 5,000, less the 5,000 credit note.
    expect(after.invoicedPence - before.invoicedPence).toBe(27_000);
    expect(after.paidPence - before.paidPence).toBe(19_500);
    expect(after.outstandingThisMonthPence - before.outstandingThisMonthPence).toBe(4_000);
    const aged = after.outstandingByAge.map((value, index) => value - before.outstandingByAge[index]!);
    expect(aged).toEqual([8_000, 1_500, 0, 3_500, 3_000]);
  });

  it('counts days late on the UK calendar, so a clock change between moves no invoice into the next band', async () => {
    // Sunday 1 November 2026, noon: the clocks went back on 25 October, so the days since
    // 2 October (due at midnight BST) are 30 calendar days but 30 days and an hour.
    const now = Date.UTC(2026, 10, 1, 12);
    const before = (await readMoney(env, now)).figures;
    const issuedAt = now - 45 * DAY;
    await insertInvoice({ grossPence: 1_000, issuedAt, dueAt: ukDayStart('2026-10-02') });
    await insertInvoice({ grossPence: 2_000, issuedAt, dueAt: ukDayStart('2026-10-01') });
    await insertInvoice({ grossPence: 4_000, issuedAt, dueAt: ukDayStart('2026-11-01') });
    const after = (await readMoney(env, now)).figures;
    const aged = after.outstandingByAge.map((value, index) => value - before.outstandingByAge[index]!);
    // 30 days late: 1 to 30; 31 days late: 31 to 60; due today: not yet due.
    expect(aged).toEqual([4_000, 1_000, 2_000, 0, 0]);
  });
});
