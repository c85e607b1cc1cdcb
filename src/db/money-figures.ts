import { sql } from 'drizzle-orm';
import { addDays, londonDay, ukDayStart } from '../rules/invoice-dates';
import type { D1Db as Db } from './client';
import { creditNotes, invoices, owedByDueMonth, payments, REFUND_OWED_BILLED } from './schema';

/**
 * The dashboard's money, from invoices, credit notes and payments (not from the "job value" typed
 * when a job is marked done): what was invoiced, paid and is still owed this month, and what is
 * owed by how long past its due date. Small aggregate reads, one round trip (a D1 batch), each
 * down an index to the rows it sums (issues 51 and 56): the invoices owed and due from 90 days ago
 * on, and the rest of the month that cut falls in (invoices_state_due_idx); the older owed from
 * owed_by_due_month, a row a month kept by triggers; the month's issued invoices
 * (invoices_issued_idx), credit notes and payments. Never the years of invoices behind them.
 */

/** Days overdue that start each age band after "not yet due". */
const AGE_BANDS = [1, 31, 61, 91] as const;

/**
 * The instant the UK day `days` before today began. Calendar days, not 24-hour ones: due dates are
 * UK midnights, and with a clock change between, 30 days back is 30 days and an hour (or less one).
 */
const ukDayStartBack = (todayStartMs: number, days: number) => ukDayStart(addDays(londonDay(todayStartMs), -days));

export interface MoneyFigures {
  /** Issued this month, less deposits already billed and credit notes written this month. */
  invoicedPence: number;
  /** Money in this month (refunds taken off), by the day it was paid. */
  paidPence: number;
  /** Still to pay on the invoices issued this month. */
  outstandingThisMonthPence: number;
  /** Everything still owed: not yet due, then 1–30, 31–60, 61–90 and over 90 days past due. */
  outstandingByAge: [number, number, number, number, number];
  /** Owed back to customers: on every invoice paid more than it bills, and how many they are. */
  refundsOwedPence: number;
  refundsOwedCount: number;
  /** The latest changed of them, to act on. */
  refundsOwed: { id: string; number: string | null; customerName: string; pence: number }[];
}

/** How many of the invoices owing a refund the dashboard names. */
const REFUNDS_NAMED = 5;

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

/** The UTC month ('YYYY-MM') of an instant, and the instant it began: owed_by_due_month's key. */
function utcMonthOf(ms: number) {
  const at = new Date(ms);
  return { key: at.toISOString().slice(0, 7), startMs: Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1) };
}

export async function moneyFigures(db: Db, month: MonthBounds): Promise<MoneyFigures> {
  const due = sql`max(0, ${invoices.grossPence} - ${invoices.lessDepositPence} - ${invoices.amountPaidPence} - ${invoices.amountCreditedPence})`;
  const owed = sql`${invoices.state} in ('issued', 'part_paid')`;
  const inMonth = sql`${invoices.issuedAt} >= ${month.startMs} and ${invoices.issuedAt} < ${month.endMs}`;
  /** Due before this instant: over 90 days late. */
  const lastBandEnd = ukDayStartBack(month.todayStartMs, AGE_BANDS[3] - 1);
  /** The months wholly before it come counted; the rest of its own month is read from the invoices. */
  const cut = utcMonthOf(lastBandEnd);
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
  /** Paid more than billed: the refund-owed index's own condition, word for word, so the reads use it. */
  const overpaid = sql`${sql.identifier('amount_paid_pence')} > ${REFUND_OWED_BILLED}`;
  const owedBack = sql<number>`${invoices.amountPaidPence} - (${REFUND_OWED_BILLED})`;
  const [[recent], [older], [counted], [billed], [credited], [paid], [refunds], refundsNamed] = await db.batch([
    // Not yet due and up to 90 days late: the owed invoices due from 90 days ago on, by range
    // (issuing always sets the due day).
    db
      .select({
        notDue: sql<number>`coalesce(sum(case when ${invoices.dueAt} >= ${month.todayStartMs} then ${due} end), 0)`.as('not_due'),
        days1: band(AGE_BANDS[0], AGE_BANDS[1] - 1),
        days31: band(AGE_BANDS[1], AGE_BANDS[2] - 1),
        days61: band(AGE_BANDS[2], AGE_BANDS[3] - 1),
      })
      .from(invoices)
      .where(sql`${owed} and ${invoices.dueAt} >= ${lastBandEnd}`),
    // Over 90 days late: the part of the cut's month before it, read; the months before, counted.
    db
      .select({ total: sql<number>`coalesce(sum(${due}), 0)`.as('older') })
      .from(invoices)
      .where(sql`${owed} and ${invoices.dueAt} >= ${cut.startMs} and ${invoices.dueAt} < ${lastBandEnd}`),
    db
      .select({ total: sql<number>`coalesce(sum(${owedByDueMonth.owedPence}), 0)`.as('counted') })
      .from(owedByDueMonth)
      .where(sql`${owedByDueMonth.month} < ${cut.key}`),
    // The month's invoices, by the day they were issued: billed, and what is still owed on them.
    db
      .select({
        invoiced:
          sql<number>`coalesce(sum(case when ${invoices.state} != 'draft' then ${invoices.grossPence} - ${invoices.lessDepositPence} end), 0)`.as(
            'invoiced',
          ),
        outstanding: sql<number>`coalesce(sum(case when ${owed} then ${due} end), 0)`.as('outstanding_month'),
      })
      .from(invoices)
      .where(inMonth),
    db
      .select({ total: sql<number>`coalesce(sum(${creditNotes.grossPence}), 0)`.as('credited') })
      .from(creditNotes)
      .where(sql`${creditNotes.issuedAt} >= ${month.startMs} and ${creditNotes.issuedAt} < ${month.endMs}`),
    db
      .select({ total: sql<number>`coalesce(sum(${payments.amountPence}), 0)`.as('paid') })
      .from(payments)
      .where(sql`${payments.paidOn} >= ${month.firstDay} and ${payments.paidOn} <= ${month.lastDay}`),
    db
      .select({
        total: sql<number>`coalesce(sum(${owedBack}), 0)`.as('refunds_owed'),
        count: sql<number>`count(*)`.as('refunds_count'),
      })
      .from(invoices)
      .where(overpaid),
    db
      .select({ id: invoices.id, number: invoices.number, customerName: invoices.customerName, pence: owedBack })
      .from(invoices)
      .where(overpaid)
      .orderBy(sql`${invoices.updatedAt} desc`)
      .limit(REFUNDS_NAMED),
  ]);
  return {
    invoicedPence: (billed?.invoiced ?? 0) - (credited?.total ?? 0),
    paidPence: paid?.total ?? 0,
    outstandingThisMonthPence: billed?.outstanding ?? 0,
    outstandingByAge: [
      recent?.notDue ?? 0,
      recent?.days1 ?? 0,
      recent?.days31 ?? 0,
      recent?.days61 ?? 0,
      (older?.total ?? 0) + (counted?.total ?? 0),
    ],
    refundsOwedPence: refunds?.total ?? 0,
    refundsOwedCount: refunds?.count ?? 0,
    refundsOwed: refundsNamed,
  };
}
