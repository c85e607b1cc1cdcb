import { sql } from 'drizzle-orm';
import type { D1Db as Db } from './client';

/**
 * One job's money on its lead page: what was quoted (its accepted quotes' totals as accepted),
 * invoiced (issued invoices less deposits already billed and credit notes), paid (payments,
 * refunds taken off) and still owed. One statement; every figure named (D1 names an unnamed
 * column by its text).
 */
export interface JobMoney {
  quotedPence: number;
  invoicedPence: number;
  paidPence: number;
  outstandingPence: number;
}

export async function jobMoney(db: Db, leadId: string): Promise<JobMoney> {
  const row = await db.get<{ quoted: number; invoiced: number; paid: number; outstanding: number }>(sql`
    select
      (select coalesce(sum(a.gross_pence), 0) from quotes q join quote_acceptances a on a.quote_id = q.id
        where q.lead_id = ${leadId} and q.state = 'accepted') as quoted,
      coalesce(sum(i.gross_pence - i.less_deposit_pence - i.amount_credited_pence), 0) as invoiced,
      coalesce(sum(i.amount_paid_pence), 0) as paid,
      coalesce(sum(case when i.state in ('issued', 'part_paid')
        then max(0, i.gross_pence - i.less_deposit_pence - i.amount_paid_pence - i.amount_credited_pence) end), 0) as outstanding
    from invoices i where i.lead_id = ${leadId} and i.state != 'draft'`);
  return {
    quotedPence: row?.quoted ?? 0,
    invoicedPence: row?.invoiced ?? 0,
    paidPence: row?.paid ?? 0,
    outstandingPence: row?.outstanding ?? 0,
  };
}
