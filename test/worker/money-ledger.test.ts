import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { taxYearOf } from '../../src/rules/money-periods';
import { londonDay } from '../../src/rules/uk-time';
import { request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { formFields, invoiceRow, setFacts, textOf, VAT_FACTS } from './invoice-helpers';
import { adminPost } from './job-helpers';
import { requestPage } from './job-request-helpers';
import { mailFor, ORIGIN } from './leads-helpers';
import { type Drawn, draw, type OracleLine } from './money-ledger-draw';
import { chargeRefunded, deliverWebhook, sessionCompleted } from './payments-helpers';

/**
 * The books balance across documents (issue 56): random histories played through the Worker on a
 * real local D1 (quotes with optional items, alternatives and mixed VAT rates; percent and fixed
 * deposits; deposit and final invoices; card, bank and cash payments, part and double payments,
 * credit notes, refunds), each checked against an oracle worked out here, not by the product's
 * rules: the VAT of the invoices less the credit notes is the VAT of what was supplied; each
 * invoice's balance, on the owner's page, the customer's page and in both CSVs, is paid − refunded
 * − (invoiced − credited); every invoice's CSV rows add up to its total. `LEDGER_HISTORIES` plays
 * more (the suite plays 60; a few hundred were played when it was written).
 */

const HISTORIES = Number((env as unknown as Record<string, string>).LEDGER_HISTORIES ?? 60);
/** The first history played (`LEDGER_FROM`), to play one again by its seed. */
const FROM = Number((env as unknown as Record<string, string>).LEDGER_FROM ?? 0);
const SEED = 56;

let session: Session;
beforeAll(async () => {
  session = await signIn();
  await setFacts(VAT_FACTS);
}, 60_000);

const pence = (text: string) => Math.round(Number(text) * 100);
const halfUp = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));
/** Half away from zero, as a spreadsheet or Xero rounds a negative line (a credit note's). */
const rounded = (a: number, b: number) => Math.sign(a) * halfUp(Math.abs(a), b);
/** A CSV row's amount: its quantity × unit price rounded to the penny, plus its VAT. */
const rowAmount = (row: string[]) => rounded(Math.round(Number(row[10]!) * 1000) * pence(row[11]!), 1000) + pence(row[14]!);
const pounds = (pence: number) => `£${Math.floor(pence / 100).toLocaleString('en-GB')}.${String(pence % 100).padStart(2, '0')}`;
const admin = (path: string) => request(path, { cookie: session.cookie });

/** The oracle's figures of a line: net from quantity × price, VAT on the net, each half-up to the penny. */
function oracleOf(line: OracleLine) {
  const net = halfUp(line.quantityMilli * line.unitPence, 1000);
  return { net, vat: halfUp(net * line.rate, 100) };
}

async function sendQuote(drawn: Drawn) {
  const lead = await insertLead({
    name: `Ledger ${drawn.tag}`,
    email: `ledger.${drawn.tag}@example.org`,
    service: 'drain-unblocking',
  });
  const fields: Record<string, string> = { lead: lead.id, customerName: lead.name, customerEmail: lead.email, action: 'send' };
  drawn.lines.forEach((line, i) => {
    Object.assign(fields, {
      [`line.${i}.description`]: `Work ${i}`,
      [`line.${i}.kind`]: 'labour',
      [`line.${i}.quantity`]: String(line.quantityMilli / 1000),
      [`line.${i}.price`]: (line.unitPence / 100).toFixed(2),
      [`line.${i}.vat`]: String(line.rate),
      [`line.${i}.optional`]: line.optional ? 'on' : '',
      [`line.${i}.group`]: line.group,
    });
  });
  Object.assign(fields, drawn.deposit);
  const res = await adminPost(session, '/admin/quotes', fields);
  expect(res.status).toBe(303);
  const mail = (await mailFor(lead.email)).find((m) => m.body.subject.startsWith('Your quote'))!;
  const text = mail.body.content.find((part) => part.type === 'text/plain')!.value;
  const token = /\/r\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})\/quote/.exec(text)![1]!;
  const quoteId = /\/admin\/quotes\/([0-9a-f-]{36})$/.exec(res.headers.get('Location')!)![1]!;
  return { lead, token, quoteId };
}

async function accept(token: string, drawn: Drawn) {
  const html = await (await requestPage(`/r/${token}/quote`)).text();
  const form = new URLSearchParams({
    quote: /name="quote" value="([^"]+)"/.exec(html)![1]!,
    rowVersion: /name="rowVersion" value="(\d+)"/.exec(html)![1]!,
    action: 'accept',
    typedName: 'Ann Example',
    terms: 'yes',
    expressStart: 'no',
  });
  drawn.lines.forEach((line, i) => {
    if (line.optional && line.taken) form.append('optional', String(i));
    if (line.group !== '' && line.taken) form.set(`group.${line.group}`, String(i));
  });
  const res = await requestPage(`/r/${token}/quote`, { method: 'POST', headers: { Origin: ORIGIN }, body: form });
  expect(res.status).toBe(303);
}

/** The invoice form a "new invoice" page offers, posted with "Issue and e-mail"; the invoice's id. */
async function issueFrom(path: string) {
  const page = await admin(path);
  expect(page.status).toBe(200);
  const html = await page.text();
  const res = await adminPost(session, '/admin/invoices', { ...formFields(html), action: 'issue' });
  expect(res.status).toBe(303);
  return /\/admin\/invoices\/([0-9a-f-]{36})$/.exec(res.headers.get('Location')!)![1]!;
}

const version = async (id: string) => String((await invoiceRow(id)).invoice.version);

async function payByHand(id: string, pence: number, method: 'bank' | 'cash') {
  const res = await adminPost(session, `/admin/invoices/${id}/payments`, {
    version: await version(id),
    amount: (pence / 100).toFixed(2),
    paidOn: '2026-12-01',
    method,
  });
  expect(res.status).toBe(303);
}

async function refundByHand(id: string, pence: number) {
  const res = await adminPost(session, `/admin/invoices/${id}/payments/refund`, {
    version: await version(id),
    amount: (pence / 100).toFixed(2),
    paidOn: '2026-12-02',
    method: 'bank',
  });
  expect(res.status).toBe(303);
}

async function credit(id: string, fields: Record<string, string>) {
  const res = await adminPost(session, `/admin/invoices/${id}/credit`, {
    version: await version(id),
    reason: 'Ledger',
    ...fields,
  });
  expect(res.status).toBe(303);
}

/** One invoice as the oracle keeps it: what it bills, its VAT, what was credited and paid. */
interface Book {
  id: string;
  billed: number;
  vat: number;
  credited: number;
  creditedVat: number;
  paid: number;
  refunded: number;
}

async function pay(book: Book, pence: number, how: 'card' | 'bank' | 'cash') {
  if (how === 'card') {
    const event = `evt_${crypto.randomUUID()}`;
    expect((await deliverWebhook(sessionCompleted(book.id, pence, event))).status).toBe(200);
    book.paid += pence;
    return `pi_${event}`;
  }
  await payByHand(book.id, pence, how);
  book.paid += pence;
  return null;
}

async function play(drawn: Drawn) {
  const { lead, token, quoteId } = await sendQuote(drawn);
  await accept(token, drawn);
  const included = drawn.lines.filter((line) => line.taken);
  const job = included.map(oracleOf);
  const jobNet = job.reduce((sum, l) => sum + l.net, 0);
  const jobVat = job.reduce((sum, l) => sum + l.vat, 0);
  const jobGross = jobNet + jobVat;
  const asked = drawn.deposit.depositKind === 'percent' ? halfUp(jobGross * Number(drawn.deposit.deposit), 100) : 0;
  const fixed = drawn.deposit.depositKind === 'amount' ? Math.round(Number(drawn.deposit.deposit) * 100) : 0;
  const deposit = Math.min(asked || fixed, jobGross);
  const books: Book[] = [];

  if (deposit > 0) {
    const id = await issueFrom(`/admin/invoices/new?quote=${quoteId}`);
    const row = (await invoiceRow(id)).invoice;
    // The deposit invoice bills the deposit accepted, to the penny; one rate: its VAT is that rate's fraction of it.
    expect(row.grossPence).toBe(deposit);
    const rates = [...new Set(included.map((line) => line.rate))];
    if (rates.length === 1) expect(row.vatPence).toBe(halfUp(deposit * rates[0]!, 100 + rates[0]!));
    const book = { id, billed: deposit, vat: row.vatPence, credited: 0, creditedVat: 0, paid: 0, refunded: 0 };
    books.push(book);
    if (drawn.payDeposit) await pay(book, deposit, drawn.payDeposit);
  }

  await env.DB.prepare("update leads set job_status = 'done', handled_at = ? where id = ?").bind(Date.now(), lead.id).run();
  const finalId = await issueFrom(`/admin/invoices/new?lead=${lead.id}`);
  const finalRow = (await invoiceRow(finalId)).invoice;
  const depositVat = books[0]?.vat ?? 0;
  // The final invoice bills the whole job less the deposit, and its VAT is the job's less the deposit's.
  expect(finalRow.grossPence).toBe(jobGross - deposit);
  expect(finalRow.vatPence).toBe(jobVat - depositVat);
  const final: Book = {
    id: finalId,
    billed: jobGross - deposit,
    vat: jobVat - depositVat,
    credited: 0,
    creditedVat: 0,
    paid: 0,
    refunded: 0,
  };
  books.push(final);

  let cardIntent: string | null = null;
  // A deposit of the whole job leaves a final invoice of nothing: nothing more to pay or credit.
  if (final.billed === 0) return { books, token, jobVat };
  if (drawn.finalPayment === 'whole' || drawn.finalPayment === 'twice')
    cardIntent = await pay(final, final.billed, drawn.payFinal);
  if (drawn.finalPayment === 'part') await pay(final, Math.max(1, Math.floor(final.billed / 3)), drawn.payFinal);
  if (drawn.finalPayment === 'twice') {
    // Paid by card from a page opened before the bank payment was recorded: the same again.
    const event = `evt_${crypto.randomUUID()}`;
    expect((await deliverWebhook(sessionCompleted(final.id, final.billed, event))).status).toBe(200);
    final.paid += final.billed;
  }

  const firstRate = included[0]!.rate;
  if ((drawn.credit === 'part' || drawn.credit === 'both') && final.billed > 2) {
    const net = Math.max(1, Math.floor((final.billed * 100) / (100 + firstRate) / 2));
    await credit(final.id, { whole: 'no', description: 'Goodwill', amount: (net / 100).toFixed(2) });
    const vat = halfUp(net * firstRate, 100);
    final.credited += net + vat;
    final.creditedVat += vat;
  }
  if (drawn.credit === 'whole' || drawn.credit === 'both') {
    await credit(final.id, { whole: 'yes' });
    final.creditedVat = final.vat;
    final.credited = final.billed;
  }

  const owedBack = final.paid - final.refunded - (final.billed - final.credited);
  if (drawn.refund === 'owed' && owedBack > 0) {
    await refundByHand(final.id, owedBack);
    final.refunded += owedBack;
  }
  if (drawn.refund === 'stripe-over' && cardIntent) {
    // Stripe says more was refunded than the charge: the refund recorded is the charge, no more.
    expect((await deliverWebhook(chargeRefunded(cardIntent, final.billed + 5_000))).status).toBe(200);
    final.refunded += final.billed;
  }
  return { books, token, jobVat };
}

/**
 * The exports' periods the histories fall in: the tax year of today (the documents and the card
 * payments are dated now) and that of the days the payments and refunds by hand are dated.
 */
const TAX_YEARS = [...new Set([londonDay(Date.now()), '2026-12-01', '2026-12-02'].map((day) => taxYearOf(day).value))];
/** An export's rows of each of those tax years, without the byte-order marks and headers. */
const exported = async (path: string) => {
  const files = await Promise.all(TAX_YEARS.map(async (year) => (await admin(`${path}?period=${year}`)).text()));
  return files.flatMap((csv) =>
    csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1),
  );
};

/** Each row of the sales CSV by invoice or credit note number. */
function salesRowsByNumber(csv: string[]) {
  const rows = new Map<string, string[][]>();
  for (const line of csv) {
    if (!line) continue;
    const cells = [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));
    rows.set(cells[4]!, [...(rows.get(cells[4]!) ?? []), cells]);
  }
  return rows;
}

/**
 * The dashboard's money as the owner reads it: everything owed (its five age bands added) and the
 * refunds owed, in pence, from the page's words.
 */
async function dashboardMoney() {
  const html = (await (await admin('/admin/dashboard')).text()).replaceAll('<!-- -->', '');
  const figure = (label: string) => {
    const found = new RegExp(`${label}</(?:dt|th)><(?:dd|td)>(-?)£([\\d,]+\\.\\d\\d)<`).exec(html);
    expect(found, label).not.toBeNull();
    return (found![1] ? -1 : 1) * pence(found![2]!.replaceAll(',', ''));
  };
  const bands = ['Not yet due', '1 to 30 days late', '31 to 60 days late', '61 to 90 days late', 'Over 90 days late'];
  return { owed: bands.reduce((sum, band) => sum + figure(band), 0), refunds: figure('Refunds owed to customers') };
}

describe('the books across documents', () => {
  it(`balance in ${HISTORIES} random histories: VAT declared once, one balance everywhere, CSV rows adding up`, async () => {
    const dashboardBefore = await dashboardMoney();
    const played: (Awaited<ReturnType<typeof play>> & { seed: number })[] = [];
    for (let h = FROM; h < FROM + HISTORIES; h++)
      played.push({ ...(await play(draw(SEED * 1_000 + h))), seed: SEED * 1_000 + h });

    const problems: string[] = [];
    const check = (actual: number, expected: number, what: string) => {
      if (actual !== expected) problems.push(`${what}: ${actual}, not ${expected}`);
    };
    const sales = salesRowsByNumber(await exported('/admin/invoices/export.csv'));
    const paymentsCsv = await exported('/admin/payments/export.csv');
    for (const { books, token, jobVat, seed } of played) {
      // The VAT of the invoices less the credit notes is the VAT of what was supplied.
      const declared = books.reduce((sum, book) => sum + book.vat - book.creditedVat, 0);
      const creditedVat = books.reduce((sum, book) => sum + book.creditedVat, 0);
      check(declared, jobVat - creditedVat, `VAT declared (seed ${seed})`);
      const customerPage = await requestPage(`/r/${token}`);
      expect(customerPage.status, 'the customer page').toBe(200);
      const customer = textOf(await customerPage.text());
      for (const book of books) {
        const { invoice, creditNotes } = await invoiceRow(book.id);
        check(
          invoice.vatPence - creditNotes.reduce((sum, note) => sum + note.vatPence, 0),
          book.vat - book.creditedVat,
          `${invoice.number}'s VAT (seed ${seed})`,
        );
        const balance = book.billed - book.credited - (book.paid - book.refunded);
        const words = balance >= 0 ? `Amount due ${pounds(balance)}` : `Refund owed ${pounds(-balance)}`;
        const page = textOf(await (await admin(`/admin/invoices/${book.id}`)).text());
        if (!page.includes(words)) problems.push(`${invoice.number} on the owner's page (seed ${seed}): not ${words}`);
        if (balance > 0 && !customer.includes(`${pounds(balance)} to pay`))
          problems.push(`${invoice.number} on the customer's page (seed ${seed}): not ${pounds(balance)} to pay`);
        if (balance < 0 && !customer.includes(`we owe you a refund of ${pounds(-balance)}`))
          problems.push(`${invoice.number} on the customer's page (seed ${seed}): no refund of ${pounds(-balance)}`);
        // Every row of the invoice carries the one total, and the rows add up to it.
        const rows = sales.get(invoice.number!)!;
        check(new Set(rows.map((row) => row[8])).size, 1, `${invoice.number}'s totals (seed ${seed})`);
        const sum = rows.reduce((acc, row) => acc + rowAmount(row), 0);
        check(sum, book.billed, `${invoice.number}'s CSV rows (seed ${seed})`);
        check(pence(rows[0]![8]!), book.billed, `${invoice.number}'s CSV total (seed ${seed})`);
        for (const note of creditNotes) {
          const noteRows = sales.get(note.number)!;
          const noteSum = noteRows.reduce((acc, row) => acc + rowAmount(row), 0);
          check(noteSum, -note.grossPence, `${note.number}'s CSV rows (seed ${seed})`);
        }
        const paidRows = paymentsCsv.filter((row) => row.includes(`"${invoice.number}","`));
        const paidInCsv = paidRows.reduce((acc, row) => acc + pence(/^"[^"]*","(-?[\d.]+)"/.exec(row)![1]!), 0);
        check(paidInCsv, book.paid - book.refunded, `${invoice.number}'s payments in the CSV (seed ${seed})`);
      }
    }
    // The dashboard: what the histories left owed, either way, is what it adds to its figures.
    const balances = played.flatMap(({ books }) => books.map((b) => b.billed - b.credited - (b.paid - b.refunded)));
    const dashboardAfter = await dashboardMoney();
    check(
      dashboardAfter.owed - dashboardBefore.owed,
      balances.reduce((sum, balance) => sum + Math.max(0, balance), 0),
      "the dashboard's owed",
    );
    check(
      dashboardAfter.refunds - dashboardBefore.refunds,
      balances.reduce((sum, balance) => sum + Math.max(0, -balance), 0),
      "the dashboard's refunds owed",
    );
    expect(problems).toEqual([]);
  }, 600_000);
});
