import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { newestContent } from '../../src/admin/site/save';
import { d1Database } from '../../src/db/client';
import { findInvoice } from '../../src/db/invoices';
import { leads, numberCounters } from '../../src/db/schema';
import type { Facts } from '../../src/site-content/model';
import { forgetRevision } from '../../src/site-content/revision';
import { request, type Session } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost } from './job-helpers';

/** Shared by the invoice tests: the business's facts, a done job, an invoice drafted and issued through the admin. */

export const db = () => d1Database(env);

export const invoiceRow = async (id: string) => (await findInvoice(db(), id))!;

/** Saves the site's facts with these changes as a new revision, and makes this isolate read it at once. */
export async function setFacts(patch: Partial<Facts>) {
  const { content } = await newestContent(env);
  const next = { ...content, facts: { ...content.facts, ...patch } };
  await env.DB.prepare('INSERT INTO content_revisions (created_at, author, summary, content) VALUES (?, ?, ?, ?)')
    .bind(Date.now(), 'Owner', 'Invoice test facts', JSON.stringify(next))
    .run();
  forgetRevision();
}

export const VAT_FACTS: Partial<Facts> = {
  vatNumber: 'GB123456789',
  address: { street: '1 Drain Lane', locality: 'Southbourne', town: 'Bournemouth', region: 'Dorset', postcode: 'BH6 3AA' },
};

/** A job marked done, with its customer's address and request link. */
async function doneJob() {
  const t = crypto.randomUUID().slice(0, 8);
  const lead = await insertLead({
    name: `Invoice Customer ${t}`,
    email: `invoice.${t}@example.org`,
    address: `${t} Sea Road, Bournemouth BH6 4AB`,
    service: 'drain-unblocking',
  });
  await db()
    .update(leads)
    .set({ jobStatus: 'done', bookedDay: '2026-11-20', requestKey: crypto.randomUUID().replace(/-/g, '') })
    .where(eq(leads.id, lead.id));
  return lead;
}

/** Two lines: labour £100.00 × 1.5 at 20%, materials £33.33 × 3 at 20% (VAT on each line rounded half-up). */
const LINES = {
  'line.0.description': 'Jet and clear the blocked drain',
  'line.0.kind': 'labour',
  'line.0.quantity': '1.5',
  'line.0.price': '100',
  'line.0.vat': '20',
  'line.1.description': 'Replacement gully grid',
  'line.1.kind': 'materials',
  'line.1.quantity': '3',
  'line.1.price': '33.33',
  'line.1.vat': '20',
};

const idOf = (res: Response) => /\/admin\/invoices\/([0-9a-f-]{36})/.exec(res.headers.get('Location') ?? '')?.[1];

/** A draft invoice for a done job, saved through the admin; its id. */
export async function draftInvoice(session: Session, extra: Record<string, string> = {}) {
  const lead = await doneJob();
  const res = await adminPost(session, '/admin/invoices', {
    lead: lead.id,
    kind: 'final',
    customerName: lead.name,
    customerEmail: lead.email,
    customerAddress: lead.address,
    ...LINES,
    ...extra,
    action: 'save',
  });
  expect(res.status).toBe(303);
  return { lead, id: idOf(res)! };
}

/** Issues a draft as its page would (with the version the page read). */
export async function issue(session: Session, id: string, fields: Record<string, string> = {}) {
  const { invoice, lines } = await invoiceRow(id);
  const lineFields = Object.fromEntries(
    lines.flatMap((line, i) => [
      [`line.${i}.description`, line.description],
      [`line.${i}.kind`, line.kind],
      [`line.${i}.quantity`, String(line.quantityMilli / 1000)],
      [`line.${i}.price`, (line.unitPence / 100).toFixed(2)],
      [`line.${i}.vat`, line.vatRate],
    ]),
  );
  return adminPost(session, `/admin/invoices/${id}`, {
    version: String(invoice.version),
    customerName: invoice.customerName,
    customerEmail: invoice.customerEmail,
    customerAddress: invoice.customerAddress,
    business: invoice.business ? 'on' : '',
    termsDays: String(invoice.termsDays),
    notes: invoice.notes,
    ...lineFields,
    ...fields,
    action: 'issue',
  });
}

export const invoicePage = async (session: Session, id: string) =>
  (await request(`/admin/invoices/${id}`, { cookie: session.cookie })).text();

export const counter = async (name: string) =>
  (await db().select().from(numberCounters).where(eq(numberCounters.name, name)).get())!.next;

/** The page's text as a person reads it: tags out, entities and spaces as one. */
export const textOf = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, ' ')
    // React's markers between adjoining pieces of text are not text.
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

/** The fields a page's editor form carries, as a browser would post them. */
export function formFields(html: string): Record<string, string> {
  const form = /<form[^>]*action="\/admin\/invoices"[^>]*>[\s\S]*?<\/form>/.exec(html)![0];
  const fields: Record<string, string> = {};
  for (const [, name, value] of form.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields[name!] = value!;
  for (const [, name, value] of form.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([^<]*)<\/textarea>/g)) fields[name!] = value!;
  for (const [, name, options] of form.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g))
    fields[name!] = /<option[^>]*value="([^"]+)"[^>]*selected/.exec(options!)?.[1] ?? /value="([^"]+)"/.exec(options!)![1]!;
  for (const [, name] of form.matchAll(/<input type="checkbox" name="([^"]+)" checked/g)) fields[name!] = 'on';
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.replace(/&amp;/g, '&').replace(/&#x27;/g, "'")]));
}
