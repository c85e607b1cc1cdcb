import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { readMoney } from '../../src/admin/dashboard/money';
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
    expect(html).toContain('href="/admin/invoices/export.csv"');
  });
});
