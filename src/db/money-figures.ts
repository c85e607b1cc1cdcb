import { sql } from 'drizzle-orm';
import { addDays, londonDay, ukDayStart } from '../rules/invoice-dates';
import type { D1Db as Db } from './client';
import { creditNotes, invoices, payments } from './schema';

/**
 * The dashboard's money, from invoices, credit notes and payments (not from the "job value" typed
 * when a job is marked done): what was invoiced, paid and is still owed this month, and what is
 * owed by how long past its due date. Four small aggregate reads, one round trip (a D1 batch), each
 * down an index to the rows it sums (issue 51): the invoices still owed (invoices_state_due_idx),
 * the month's issued invoices (invoices_issued_idx), the month's credit notes and payments. Never
 * the years of settled invoices.
 */

/** Days overdue that start each age band after "not yet due". */
const AGE_BANDS = [1, 31, 61, 91] as const;

/**
 * The instant the UK day `days` before today began. Calendar days, not 24-hour ones: due dates are
 * UK midnights, and with a clock change between, 30 days back is 30 days and an hour (or less one).
 */
const ukDayStartBack = (todayStartMs: number, days: number) => ukDayStart(addDays(londonDay(todayStartMs), -days));
/** Past the last band's start: any invoice ever issued. */
const FOREVER_DAYS = 100_000;

export interface MoneyFigures {
  /** Issued this month, less deposits already billed and credit notes written this month. */
  invoicedPence: number;
  /** Money in this month (refunds taken off), by the day it was paid. */
  paidPence: number;
  /** Still to pay on the invoices issued this month. */
  outstandingThisMonthPence: number;
  /** Everything still owed: not yet due, then 1–30, 31–60, 61–90 and over 90 days past due. */
  outstandingByAge: [number, number, number, number, number];
}

export interface MonthBounds {
  /** The instants the UK month starts and the next one starts. */
  startMs: number;
  endMs: number;
  /** Its first and last days, 'YYYY-MM-DD'. */
  firstDay: string;
  lastDay: string;
  /** The instant today (UK) began: an invoice due before it is overdue. */
  todayStartMs: number;
}

export async function moneyFigures(db: Db, month: MonthBounds): Promise<MoneyFigures> {
  const due = sql`max(0, ${invoices.grossPence} - ${invoices.lessDepositPence} - ${invoices.amountPaidPence} - ${invoices.amountCreditedPence})`;
  const owed = sql`${invoices.state} in ('issued', 'part_paid')`;
  const inMonth = sql`${invoices.issuedAt} >= ${month.startMs} and ${invoices.issuedAt} < ${month.endMs}`;
  /**
   * What is owed on the owed invoices `from` to `to` days past due (today's start less whole days). Every
   * figure has a name of its own: D1 names a column by its text, and the bands' texts differ only
   * in their parameters, so unnamed they would come back as one column.
   */
  const band = (from: number, to: number) => {
    const dueBefore = ukDayStartBack(month.todayStartMs, from - 1);
    const dueFrom = ukDayStartBack(month.todayStartMs, to);
    return sql<number>`coalesce(sum(case when ${invoices.dueAt} < ${dueBefore} and ${invoices.dueAt} >= ${dueFrom} then ${due} end), 0)`.as(
      `days${from}`,
    );
  };
  const [[owing], [billed], [credited], [paid]] = await db.batch([
    db
      .select({
        outstandingThisMonth: sql<number>`coalesce(sum(case when ${inMonth} then ${due} end), 0)`.as('outstanding_month'),
        notDue:
          sql<number>`coalesce(sum(case when ${invoices.dueAt} is null or ${invoices.dueAt} >= ${month.todayStartMs} then ${due} end), 0)`.as(
            'not_due',
          ),
        days1: band(AGE_BANDS[0], AGE_BANDS[1] - 1),
        days31: band(AGE_BANDS[1], AGE_BANDS[2] - 1),
        days61: band(AGE_BANDS[2], AGE_BANDS[3] - 1),
        days91: band(AGE_BANDS[3], FOREVER_DAYS),
      })
      .from(invoices)
      .where(owed),
    db
      .select({ invoiced: sql<number>`coalesce(sum(${invoices.grossPence} - ${invoices.lessDepositPence}), 0)`.as('invoiced') })
      .from(invoices)
      .where(sql`${inMonth} and ${invoices.state} != 'draft'`),
    db
      .select({ total: sql<number>`coalesce(sum(${creditNotes.grossPence}), 0)`.as('credited') })
      .from(creditNotes)
      .where(sql`${creditNotes.issuedAt} >= ${month.startMs} and ${creditNotes.issuedAt} < ${month.endMs}`),
    db
      .select({ total: sql<number>`coalesce(sum(${payments.amountPence}), 0)`.as('paid') })
      .from(payments)
      .where(sql`${payments.paidOn} >= ${month.firstDay} and ${payments.paidOn} <= ${month.lastDay}`),
  ]);
  return {
    invoicedPence: (billed?.invoiced ?? 0) - (credited?.total ?? 0),
    paidPence: paid?.total ?? 0,
    outstandingThisMonthPence: owing?.outstandingThisMonth ?? 0,
    outstandingByAge: [owing?.notDue ?? 0, owing?.days1 ?? 0, owing?.days31 ?? 0, owing?.days61 ?? 0, owing?.days91 ?? 0],
  };
}
