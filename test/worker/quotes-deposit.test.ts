import { beforeAll, describe, expect, it } from 'vitest';
import { type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost } from './job-helpers';
import { acceptForm, customerQuotePost, quotePage, quoteRow, sentQuote } from './quote-helpers';

/**
 * Issue 48: a quote may ask for a deposit on acceptance, a percent of the total the customer
 * accepts or a fixed amount; stored in pence with the acceptance, shown on the quote and its
 * e-mails. (Taking it is the invoices'.)
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

describe('a deposit asked on acceptance', () => {
  it('a percent is worked out on the total the customer accepts, shown and recorded with the acceptance', async () => {
    const { id, token, text } = await sentQuote(session, { depositKind: 'percent', deposit: '25' });
    const { quote } = await quoteRow(id);
    expect(quote).toMatchObject({ depositPercent: 25, depositPence: null });
    // The defaults: £100 and the first alternative (£500), with VAT £720; a quarter is £180.
    expect(text).toContain('Deposit on acceptance: £180.00');
    expect(await (await quotePage(token)).text()).toContain('Deposit on acceptance (25%)');

    // The customer ticks the optional £20 survey (£24 with VAT): £744 accepted, £186 deposit.
    expect((await customerQuotePost(token, '', await acceptForm(token, { optional: '1' }))).status).toBe(303);
    const { acceptance } = await quoteRow(id);
    expect(acceptance).toMatchObject({ grossPence: 74_400, depositPence: 18_600 });
    expect(JSON.parse(acceptance!.canonical).deposit).toEqual({ pence: 18_600, percent: 25 });
    expect(await (await quotePage(token)).text()).toContain('£186.00');
  });

  it('a fixed amount is kept in pence; none asked records none', async () => {
    const fixed = await sentQuote(session, { depositKind: 'amount', deposit: '150.50' });
    expect((await quoteRow(fixed.id)).quote).toMatchObject({ depositPercent: null, depositPence: 15_050 });
    expect(fixed.text).toContain('Deposit on acceptance: £150.50');

    const none = await sentQuote(session);
    expect((await quoteRow(none.id)).quote).toMatchObject({ depositPercent: null, depositPence: null });
    expect(none.text).not.toContain('Deposit');
    expect((await customerQuotePost(none.token, '', await acceptForm(none.token))).status).toBe(303);
    const { acceptance } = await quoteRow(none.id);
    expect(acceptance!.depositPence).toBe(0);
    expect(JSON.parse(acceptance!.canonical)).not.toHaveProperty('deposit');
  });

  it('a deposit that is not a percent from 1 to 100 or an amount is refused with a message, nothing saved', async () => {
    const lead = await insertLead({ name: 'Deposit Check', email: `deposit.${crypto.randomUUID().slice(0, 8)}@example.org` });
    const post = (fields: Record<string, string>) =>
      adminPost(session, '/admin/quotes', {
        lead: lead.id,
        customerName: lead.name,
        customerEmail: lead.email,
        'line.0.description': 'Jet the drain',
        'line.0.price': '120',
        action: 'save',
        ...fields,
      });
    const percent = await post({ depositKind: 'percent', deposit: '120' });
    expect(percent.status).toBe(422);
    expect(await percent.text()).toContain('Please give the deposit as a whole percent from 1 to 100, like 25.');
    const amount = await post({ depositKind: 'amount', deposit: 'lots' });
    expect(amount.status).toBe(422);
    expect(await amount.text()).toContain('Please give the deposit in pounds, like 150 or 99.50, up to £100,000.');
  });
});
