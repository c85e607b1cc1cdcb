import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import type { Lead } from '../../src/db/schema';
import worker from '../../src/index';
import { issueFormToken } from '../../src/leads/form-token';
import type { LeadFormName } from '../../src/leads/schemas';
import type { MailMode, ReceivedMail } from '../support/mail-server';

/** Shared by the lead tests: requests through the real Worker, the real D1, the mail server. */

export const ORIGIN = 'https://www.example.com';

/** Each test gets its own client address, so the per-IP limit never links two tests. */
export const freshIp = () => `2001:db8::${crypto.randomUUID().slice(0, 8)}`;

/** A token as the page would have issued it, long enough ago to pass the minimum fill time. */
export const validToken = (form: LeadFormName, ageMs = 10_000) =>
  issueFormToken(env.FORM_SIGNING_SECRET!, form, Date.now() - ageMs);

/** Runs a request through the Worker and waits for its background work (the first send). */
export async function call(path: string, init: RequestInit & { ip?: string } = {}, bindings: Cloudflare.Env = env) {
  const headers = new Headers(init.headers);
  headers.set('CF-Connecting-IP', init.ip ?? freshIp());
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export function postJson(path: string, body: unknown, options: { ip?: string; bindings?: Cloudflare.Env } = {}) {
  return call(
    path,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ip: options.ip,
    },
    options.bindings,
  );
}

/** A browser's form post: urlencoded, from our own origin (the CSRF check wants it). */
export function postForm(path: string, fields: Record<string, string>, options: { ip?: string; multipart?: boolean } = {}) {
  const body = options.multipart ? toFormData(fields) : new URLSearchParams(fields);
  return call(path, { method: 'POST', headers: { Origin: ORIGIN }, body, redirect: 'manual', ip: options.ip });
}

function toFormData(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/** A unique marker for one test's lead, so parallel files never confuse their rows or mail. */
export const tag = () => crypto.randomUUID().slice(0, 8);

export async function contactLead(overrides: Record<string, unknown> = {}) {
  const t = tag();
  return {
    name: `Alice ${t}`,
    email: `alice.${t}@example.org`,
    phone: '01632 960123',
    message: 'My outside drain is blocked.\nWater is backing up.',
    formToken: await validToken('contact'),
    ...overrides,
  };
}

export async function quoteLead(overrides: Record<string, unknown> = {}) {
  const t = tag();
  return {
    'full-name': `Bob ${t}`,
    email: `bob.${t}@example.org`,
    phone: '07700 900123',
    address: '12 Seaview Road, Southbourne, Bournemouth BH6 3AA',
    details: 'Victorian terrace, buying it next month.',
    service: 'cctv-drain-survey',
    formToken: await validToken('quote'),
    ...overrides,
  };
}

export async function leadsByEmail(email: string): Promise<Lead[]> {
  const { results } = await env.DB.prepare('SELECT * FROM leads WHERE email = ?').bind(email).all();
  return results.map(toLead);
}

export async function leadById(id: string): Promise<Lead | undefined> {
  const row = await env.DB.prepare('SELECT * FROM leads WHERE id = ?').bind(id).first();
  return row ? toLead(row) : undefined;
}

export async function countLeads(): Promise<number> {
  return (await env.DB.prepare('SELECT count(*) AS n FROM leads').first<{ n: number }>())!.n;
}

function toLead(row: Record<string, unknown>): Lead {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    service: row.service,
    message: row.message,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sentAt: row.sent_at,
    handledAt: row.handled_at,
    formPage: row.form_page,
    previousPage: row.previous_page,
    referrerOrigin: row.referrer_origin,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    utmTerm: row.utm_term,
    utmContent: row.utm_content,
    gclid: row.gclid,
    source: row.source,
  } as Lead;
}

// The stand-in MailChannels server (test/support/mail-server.ts), a real HTTP server.
const mailUrl = () => env.MAILCHANNELS_API_URL;

export async function setMailMode(mode: MailMode) {
  await fetch(`${mailUrl()}/__control`, { method: 'POST', body: JSON.stringify({ mode }) });
}

export interface SentMail {
  personalizations: { to: { email: string; name?: string }[]; dkim_domain?: string }[];
  from: { email: string; name?: string };
  reply_to?: { email: string; name?: string };
  subject: string;
  content: { type: string; value: string }[];
}

/** Send requests the mail server received whose subject mentions `marker`. */
export async function mailFor(marker: string): Promise<(ReceivedMail & { body: SentMail })[]> {
  const all = (await (await fetch(`${mailUrl()}/__messages`)).json()) as (ReceivedMail & { body: SentMail })[];
  return all.filter((mail) => JSON.stringify(mail.body).includes(marker));
}
