import { beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '../../src/db/schema';
import { addDays, londonDay, ukDayStart } from '../../src/rules/invoice-dates';
import type { QuoteState } from '../../src/rules/quote-state';
import { request, type Session, signIn } from './admin-helpers';
import { insertInvoice } from './payments-helpers';
import { db } from './quote-helpers';

/**
 * The invoices and quotes lists as the owner reads them, in the order they promise, now that each
 * is read in parts down its indexes (issue 51) rather than every row sorted.
 */

const DAY = 86_400_000;
let session: Session;

beforeAll(async () => {
  session = await signIn();
});

/** Where each name first appears on the page, in the order given: they must rise. */
const positionsOf = (html: string, names: readonly string[]) => names.map((name) => html.indexOf(name));

describe('the invoices list', () => {
  it('shows the overdue first (longest first), then drafts, then the rest owed (soonest due first), then the settled newest first', async () => {
    const now = Date.now();
    const tag = crypto.randomUUID().slice(0, 6);
    const name = (what: string) => `${what} ${tag}`;
    await insertInvoice({ state: 'paid', customerName: name('Settled Old'), issuedAt: now - 60 * DAY, dueAt: now - 46 * DAY });
    await insertInvoice({ state: 'paid', customerName: name('Settled New'), issuedAt: now - 20 * DAY, dueAt: now - 6 * DAY });
    await insertInvoice({ state: 'credited', customerName: name('Settled Credited'), issuedAt: now - 30 * DAY });
    await insertInvoice({ state: 'issued', customerName: name('Owed Later'), issuedAt: now - 2 * DAY, dueAt: now + 12 * DAY });
    await insertInvoice({ state: 'part_paid', customerName: name('Owed Sooner'), issuedAt: now - 9 * DAY, dueAt: now + 5 * DAY });
    await insertInvoice({ state: 'draft', customerName: name('Draft Waiting'), issuedAt: now - DAY });
    await insertInvoice({
      state: 'part_paid',
      customerName: name('Overdue Little'),
      issuedAt: now - 17 * DAY,
      dueAt: now - 3 * DAY,
    });
    // Due thirty-six UK days back on the calendar, so a clock change between (late October, late
    // March) near midnight cannot make it 35 or 37.
    const dueLong = ukDayStart(addDays(londonDay(now), -36));
    await insertInvoice({ state: 'issued', customerName: name('Overdue Long'), issuedAt: dueLong - 14 * DAY, dueAt: dueLong });

    const html = (await (await request('/admin/invoices', { cookie: session.cookie })).text()).replaceAll('<!-- -->', '');
    const order = [
      'Overdue Long',
      'Overdue Little',
      'Draft Waiting',
      'Owed Sooner',
      'Owed Later',
      'Settled New',
      'Settled Credited',
      'Settled Old',
    ].map(name);
    const positions = positionsOf(html, order);
    expect(positions.every((at) => at > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(html).toContain('Overdue: 36 days');
  });
});

describe('the quotes list', () => {
  it('shows the quotes waiting over three days first (oldest first), then the rest newest first, never a superseded one', async () => {
    const now = Date.now();
    const tag = crypto.randomUUID().slice(0, 6);
    const name = (what: string) => `${what} ${tag}`;
    const quote = (what: string, state: QuoteState, sentDaysAgo: number | null, updatedDaysAgo: number) => {
      const id = crypto.randomUUID();
      const sentAt = sentDaysAgo === null ? null : now - sentDaysAgo * DAY;
      return db()
        .insert(quotes)
        .values({
          id,
          chainId: id,
          customerName: name(what),
          customerEmail: 'quote.list@example.org',
          state,
          sentAt,
          validUntil: sentAt === null ? null : sentAt + 30 * DAY,
          createdAt: now - updatedDaysAgo * DAY,
          updatedAt: now - updatedDaysAgo * DAY,
        });
    };
    await quote('Accepted Older', 'accepted', 20, 15);
    await quote('Waiting Ten', 'sent', 10, 10);
    await quote('Draft New', 'draft', null, 0.5);
    await quote('Sent Yesterday', 'sent', 1, 1);
    await quote('Waiting Twenty', 'viewed', 20, 5);
    await quote('Replaced', 'superseded', 25, 2);

    const html = await (await request('/admin/quotes', { cookie: session.cookie })).text();
    const positions = positionsOf(
      html,
      ['Waiting Twenty', 'Waiting Ten', 'Draft New', 'Sent Yesterday', 'Accepted Older'].map(name),
    );
    expect(positions.every((at) => at > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(html).not.toContain(name('Replaced'));
  });
});
