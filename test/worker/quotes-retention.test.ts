import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { findQuote } from '../../src/db/quotes';
import { quoteAcceptances, quoteLines } from '../../src/db/schema';
import { accountingRecordsDueBefore } from '../../src/rules/accounting-records';
import { deleteAcceptedQuotesPastRetention } from '../../src/scheduled';
import { takeLogs } from '../support/console-guard';
import { type Session, signIn } from './admin-helpers';
import { acceptForm, customerQuotePost, db, quoteRow, sentQuote } from './quote-helpers';

/**
 * Issue 48: an accepted quote is an accounting record, kept six years after the end of the UK tax
 * year it belongs to (5 April), then deleted by the cron with its lines and acceptance.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

async function acceptedOn(iso: string) {
  const { id, token } = await sentQuote(session);
  expect((await customerQuotePost(token, '', await acceptForm(token))).status).toBe(303);
  await db()
    .update(quoteAcceptances)
    .set({ acceptedAt: Date.parse(iso) })
    .where(eq(quoteAcceptances.quoteId, id));
  return id;
}

describe('accepted quotes past their accounting years', () => {
  it('the six years count from the end of the tax year, 5 April, UK time', () => {
    // Tax year 2033/34 began on 6 April 2033: records of tax years ending by 5 April 2027 are due.
    expect(accountingRecordsDueBefore(Date.parse('2033-04-06T12:00:00Z'))).toBe(Date.parse('2027-04-05T23:00:00Z'));
    // On 5 April 2033 the tax year 2032/33 still runs: only records of years ending by 5 April 2026.
    expect(accountingRecordsDueBefore(Date.parse('2033-04-05T12:00:00Z'))).toBe(Date.parse('2026-04-05T23:00:00Z'));
  });

  it('the cron deletes one accepted in a tax year ended six years ago, and keeps the next day’s', async () => {
    const old = await acceptedOn('2027-04-05T12:00:00Z');
    const kept = await acceptedOn('2027-04-06T12:00:00Z');

    // The day before the six years are over, nothing goes.
    await deleteAcceptedQuotesPastRetention(env, Date.parse('2033-04-05T12:00:00Z'));
    expect((await quoteRow(old)).acceptance).toBeTruthy();

    expect(await deleteAcceptedQuotesPastRetention(env, Date.parse('2033-04-06T12:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(takeLogs('info', 'accepted quotes deleted by retention')).toHaveLength(1);
    expect(await findQuote(db(), old)).toBeUndefined();
    expect(await db().select().from(quoteLines).where(eq(quoteLines.quoteId, old))).toEqual([]);
    expect(await db().select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, old))).toEqual([]);
    const stays = await quoteRow(kept);
    expect(stays.quote.state).toBe('accepted');
    expect(stays.lines.length).toBeGreaterThan(0);
    expect(stays.acceptance).toBeTruthy();
  });
});
