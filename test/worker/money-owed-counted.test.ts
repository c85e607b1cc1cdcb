import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { monthOf, readMoney } from '../../src/admin/dashboard/money';
import { d1Database } from '../../src/db/client';
import { moneyFigures } from '../../src/db/money-figures';
import { addDays, londonDay, ukDayStart } from '../../src/rules/invoice-dates';
import { insertInvoice } from './payments-helpers';
import { rowsReadBy } from './query-helpers';

/**
 * Issue 56: the dashboard's "over 90 days late" comes from owed_by_due_month, a row a month kept
 * by triggers on invoices, and the rest of the month the 90 days end in. Checked here against a
 * sum over every invoice written in the test, not by the triggers' own arithmetic: through
 * payments, a refund, a credit note, a moved due day and a deletion; and what the dashboard reads
 * stays put while years of unpaid invoices pile up behind it.
 */

const DAY = 86_400_000;

/** What the owed invoices still owe, by the UTC month they fell due: the counted table's truth. */
async function owedByMonthFromInvoices() {
  const { results } = await env.DB.prepare(
    `select strftime('%Y-%m', due_at / 1000, 'unixepoch') as month,
       sum(max(0, gross_pence - less_deposit_pence - amount_paid_pence - amount_credited_pence)) as owed, count(*) as n
     from invoices where state in ('issued', 'part_paid') and due_at is not null group by 1 order by 1`,
  ).all<{ month: string; owed: number; n: number }>();
  return results.map((row) => [row.month, row.owed, row.n]);
}

async function countedOwedByMonth() {
  const { results } = await env.DB.prepare(
    'select month, owed_pence as owed, invoices as n from owed_by_due_month where invoices != 0 or owed_pence != 0 order by month',
  ).all<{ month: string; owed: number; n: number }>();
  return results.map((row) => [row.month, row.owed, row.n]);
}

const set = (id: string, sql: string, ...values: (string | number)[]) =>
  env.DB.prepare(`update invoices set ${sql}, updated_at = updated_at + 1 where id = ?`)
    .bind(...values, id)
    .run();

/** What is owed over 90 days late, read the slow way: every owed invoice due before the cut. */
async function over90FromInvoices(now: number) {
  const cut = ukDayStart(addDays(londonDay(now), -90));
  const row = await env.DB.prepare(
    `select coalesce(sum(max(0, gross_pence - less_deposit_pence - amount_paid_pence - amount_credited_pence)), 0) as owed
     from invoices where state in ('issued', 'part_paid') and due_at < ?`,
  )
    .bind(cut)
    .first<{ owed: number }>();
  return row?.owed ?? 0;
}

describe("the owed invoices' months", () => {
  it('follow every change to an invoice, and the dashboard’s over-90 figure is the sum of the invoices', async () => {
    const now = Date.now();
    const check = async () => {
      expect(await countedOwedByMonth()).toEqual(await owedByMonthFromInvoices());
      expect((await readMoney(env, now)).figures.outstandingByAge[4]).toBe(await over90FromInvoices(now));
    };
    const dueDaysAgo = (days: number) => ukDayStart(addDays(londonDay(now), -days));
    const old = await insertInvoice({ grossPence: 12_000, issuedAt: now - 420 * DAY, dueAt: dueDaysAgo(400) });
    const older = await insertInvoice({ grossPence: 3_000, issuedAt: now - 820 * DAY, dueAt: dueDaysAgo(800) });
    // Either side of the cut at 90 days: one in the month the cut falls in, just before it; one after.
    const justOver = await insertInvoice({ grossPence: 2_500, issuedAt: now - 110 * DAY, dueAt: dueDaysAgo(91) });
    await insertInvoice({ grossPence: 1_700, issuedAt: now - 110 * DAY, dueAt: dueDaysAgo(90) });
    await insertInvoice({ grossPence: 9_999, state: 'draft' });
    await check();

    await set(old.id, "amount_paid_pence = 5000, state = 'part_paid'");
    await check();
    // A refund of the part paid: owed again in full.
    await set(old.id, "amount_paid_pence = 0, state = 'issued'");
    await check();
    await set(older.id, "amount_credited_pence = 3000, state = 'credited'");
    await check();
    // A due day moved across the cut, and one paid in full.
    await set(justOver.id, 'due_at = ?', dueDaysAgo(30));
    await check();
    await set(justOver.id, "amount_paid_pence = 2500, state = 'paid'");
    await check();
    await env.DB.prepare('delete from invoices where id = ?').bind(old.id).run();
    await check();
  });

  it('keep what the dashboard reads the same while years of unpaid invoices pile up behind it', async () => {
    const now = Date.now();
    const today = londonDay(now);
    const month = monthOf(now).bounds;
    const read = async () => (await rowsReadBy((db) => moneyFigures(db, month))).reduce((a, b) => a + b, 0);
    const before = await read();
    const overBefore = (await moneyFigures(d1Database(env), month)).outstandingByAge[4];
    // 150 unpaid invoices in each of three months years ago.
    for (const yearsAgo of [2, 3, 4]) {
      const dueAt = ukDayStart(addDays(today, -365 * yearsAgo));
      await env.DB.batch(
        Array.from({ length: 150 }, (_, index) =>
          env.DB.prepare(
            `insert into invoices (id, number, state, customer_name, net_pence, vat_pence, gross_pence, issued_at, due_at, created_at, updated_at)
             values (?, ?, 'issued', 'Old Debtor', 1000, 0, 1000, ?, ?, ?, ?)`,
          ).bind(crypto.randomUUID(), `INV-OLD${yearsAgo}-${index}`, dueAt - 14 * DAY, dueAt, dueAt, dueAt),
        ),
      );
    }
    // 450 more invoices behind the figures; at most a counted row more for each of their months.
    expect(await read()).toBeLessThanOrEqual(before + 3);
    const overAfter = (await readMoney(env, now)).figures.outstandingByAge[4];
    expect(overAfter - (overBefore ?? 0)).toBe(450 * 1000);
  });
});
