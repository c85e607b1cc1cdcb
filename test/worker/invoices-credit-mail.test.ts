import { beforeAll, describe, expect, it } from 'vitest';
import { request, type Session, signIn } from './admin-helpers';
import { draftInvoice, invoiceRow, issue, setFacts, textOf, VAT_FACTS } from './invoice-helpers';
import { adminPost } from './job-helpers';
import { mailFor } from './leads-helpers';

/** Issue 49: a credit note is e-mailed to the customer when written, through the outbox like the invoice. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
  await setFacts(VAT_FACTS);
});

const textPart = (mail: Awaited<ReturnType<typeof mailFor>>[number]) =>
  mail.body.content.find((part) => part.type === 'text/plain')!.value;

describe('a credit note', () => {
  it('is e-mailed to the customer with its number, the invoice it credits and what is still due', async () => {
    const { lead, id } = await draftInvoice(session);
    expect((await issue(session, id)).status).toBe(303);
    const { invoice } = await invoiceRow(id);
    const res = await adminPost(session, `/admin/invoices/${id}/credit`, {
      version: String(invoice.version),
      description: 'One grid returned',
      amount: '33.33',
      reason: 'Grid not needed',
    });
    expect(res.status).toBe(303);
    const { creditNotes } = await invoiceRow(id);
    const number = creditNotes[0]!.number;

    const mails = (await mailFor(lead.email)).filter((mail) => mail.body.subject.startsWith('Credit note'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.subject).toContain(`Credit note ${number}`);
    const text = textPart(mails[0]!);
    expect(text).toContain(`Credits invoice: ${invoice.number}`);
    expect(text).toContain('VAT registration number');
    expect(text).toContain('One grid returned');
    expect(text).toContain('Reason: Grid not needed');
    expect(text).toContain('Net credited: £33.33');
    expect(text).toContain('VAT credited: £6.67');
    expect(text).toContain('Total credited including VAT: £40.00');
    expect(text).toContain(`Now due on invoice ${invoice.number}: £259.99`);

    // The lead's page lists it with the job's other e-mails.
    const page = textOf(await (await request(`/admin/leads/${lead.id}`, { cookie: session.cookie })).text());
    expect(page).toContain('Credit note to the customer');
  });
});
