import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { newestContent } from '../../src/admin/site/save';
import { d1Database } from '../../src/db/client';
import { findQuote } from '../../src/db/quotes';
import { leadMessages, quotes } from '../../src/db/schema';
import type { Session } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { setFacts, VAT_FACTS } from './invoice-helpers';
import { adminPost } from './job-helpers';
import { requestPage } from './job-request-helpers';
import { mailFor, ORIGIN } from './leads-helpers';

/** Shared by the quote tests: a quote written and sent through the admin, the customer's page and forms. */

export const db = () => d1Database(env);

export const quoteRow = async (id: string) => (await findQuote(db(), id))!;

export const quoteMessages = (quoteId: string) => db().select().from(leadMessages).where(eq(leadMessages.about, quoteId));

/** Lines: a required one (£100 + 20% VAT), an optional one (£20), and two alternatives (£500 or £900). */
const LINES = {
  'line.0.description': 'Clear the blocked drain',
  'line.0.kind': 'labour',
  'line.0.price': '100',
  'line.0.vat': '20',
  'line.1.description': 'CCTV survey of the run',
  'line.1.price': '20',
  'line.1.vat': '20',
  'line.1.optional': 'on',
  'line.2.description': 'Reline the pipe',
  'line.2.price': '500',
  'line.2.vat': '20',
  'line.2.group': 'repair',
  'line.3.description': 'Dig up and replace',
  'line.3.price': '900',
  'line.3.vat': '20',
  'line.3.group': 'repair',
};

/** Writes and sends a quote for a new lead (the business VAT-registered); returns the lead, the quote's id and the customer's token from the e-mail. */
export async function sentQuote(session: Session, extra: Record<string, string> = {}) {
  // These quotes charge VAT, so the business has a VAT number (without one the server charges none).
  if ((await newestContent(env)).content.facts.vatNumber.trim() === '') await setFacts(VAT_FACTS);
  const t = crypto.randomUUID().slice(0, 8);
  const lead = await insertLead({ name: `Quote Customer ${t}`, email: `quote.${t}@example.org`, service: 'drain-unblocking' });
  const res = await adminPost(session, '/admin/quotes', {
    lead: lead.id,
    customerName: lead.name,
    customerEmail: lead.email,
    ...LINES,
    ...extra,
    action: 'send',
  });
  expect(res.status).toBe(303);
  const id = /\/admin\/quotes\/([0-9a-f-]{36})$/.exec(res.headers.get('Location') ?? '')?.[1];
  expect(id).toBeTruthy();
  const mail = (await mailFor(lead.email)).find((m) => m.body.subject.startsWith('Your quote'));
  expect(mail).toBeTruthy();
  const text = mail!.body.content.find((part) => part.type === 'text/plain')!.value;
  const token = /\/r\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})\/quote/.exec(text)?.[1];
  expect(token).toBeTruthy();
  return { lead, id: id!, token: token!, text };
}

export const quotePage = (token: string) => requestPage(`/r/${token}/quote`);

/** The customer's accept form as their page would post it (the quote's id and row version read from the page). */
export async function acceptForm(token: string, fields: Record<string, string> = {}) {
  const html = await (await quotePage(token)).text();
  const quote = /name="quote" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const rowVersion = /name="rowVersion" value="(\d+)"/.exec(html)?.[1] ?? '';
  return { quote, rowVersion, action: 'accept', typedName: 'Ann Example', terms: 'yes', expressStart: 'no', ...fields };
}

export const customerQuotePost = (
  token: string,
  path: '' | '/decline' | '/question',
  fields: Record<string, string> | URLSearchParams,
) =>
  requestPage(`/r/${token}/quote${path}`, {
    method: 'POST',
    headers: { Origin: ORIGIN },
    body: fields instanceof URLSearchParams ? fields : new URLSearchParams(fields),
  });

export const setQuoteColumns = (id: string, columns: Partial<typeof quotes.$inferInsert>) =>
  db().update(quotes).set(columns).where(eq(quotes.id, id));
