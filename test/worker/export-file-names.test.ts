import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEADS_CSV_PATH } from '../../src/admin/leads/paths';
import { PAYMENTS_CSV_PATH, SALES_CSV_PATH } from '../../src/admin/payments/paths';
import { postForm, request, signIn } from './admin-helpers';
import { insertTestLead } from './privacy-helpers';

// The owner's exports are named with the owner's date: the UK one, which after midnight in
// summer is a day ahead of UTC's.

/** Tuesday 30 March 2027, 00:30 BST (still the 29th in UTC). */
const AFTER_MIDNIGHT_BST = new Date('2027-03-29T23:30:00Z');

afterEach(() => {
  vi.useRealTimers();
});

describe('the date in an export’s file name', () => {
  it('is the UK date: 30 March at 00:30 BST, not UTC’s 29th', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(AFTER_MIDNIGHT_BST);
    const session = await signIn();
    const nameOf = async (res: Response) => {
      expect(res.status).toBe(200);
      await res.body?.cancel();
      return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
    };
    expect(await nameOf(await request(LEADS_CSV_PATH, { cookie: session.cookie }))).toBe('leads-2027-03-30.csv');
    // The accountant's: what they hold, the period, then the day they were made.
    expect(await nameOf(await request(`${SALES_CSV_PATH}?period=2027-03`, { cookie: session.cookie }))).toBe(
      'invoices-and-credit-notes-2027-03-on-2027-03-30.csv',
    );
    expect(await nameOf(await request(`${PAYMENTS_CSV_PATH}?period=2026-27`, { cookie: session.cookie }))).toBe(
      'payments-tax-year-2026-27-on-2027-03-30.csv',
    );
    expect(await nameOf(await request(`${PAYMENTS_CSV_PATH}?period=2027-Q1`, { cookie: session.cookie }))).toBe(
      'payments-2027-Q1-on-2027-03-30.csv',
    );
    const lead = await insertTestLead();
    const person = await postForm(session, '/admin/leads/person/export', { email: lead.email, phone: '' });
    expect(await nameOf(person)).toBe('leads-for-person-2027-03-30.json');
    // The first request loads the Worker's modules: seconds on a busy machine.
  }, 60_000);
});
