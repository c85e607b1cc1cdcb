import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { Lead, LeadMessage, LeadMessageKind } from '../../src/db/schema';
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

/** Extra parts of a multipart post, after the photos: the photos' small versions (smallPhoto<n>). */
export type ExtraParts = Record<string, File | string>;

function toFormData(fields: Record<string, string>, files: readonly File[] = [], parts: ExtraParts = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  for (const file of files) data.append('photos', file, file.name);
  for (const [key, value] of Object.entries(parts)) data.append(key, value);
  return data;
}

/**
 * A multipart post with photos, as the forms send it: `accept: 'json'` as the islands do (JSON
 * answers), otherwise as a browser without JavaScript (pages and redirects).
 */
export function postWithPhotos(
  path: string,
  fields: Record<string, unknown>,
  files: readonly File[],
  options: { ip?: string; accept?: 'json' | 'page'; bindings?: Cloudflare.Env; parts?: ExtraParts } = {},
) {
  const text = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value ?? '')]));
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (options.accept === 'json') headers.Accept = 'application/json';
  return call(
    path,
    { method: 'POST', headers, body: toFormData(text, files, options.parts), redirect: 'manual', ip: options.ip },
    options.bindings,
  );
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

/** A lead's e-mails in the outbox, by kind. */
export async function messagesOf(leadId: string): Promise<Partial<Record<LeadMessageKind, LeadMessage>>> {
  const { results } = await env.DB.prepare('SELECT * FROM lead_messages WHERE lead_id = ?').bind(leadId).all();
  return Object.fromEntries(results.map((row) => [row.kind, toMessage(row)]));
}

export const ownerMessageOf = async (leadId: string) => (await messagesOf(leadId)).owner;

function toMessage(row: Record<string, unknown>): LeadMessage {
  return {
    id: row.id,
    leadId: row.lead_id,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    sentAt: row.sent_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  } as LeadMessage;
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
    bestTime: row.best_time,
    areaCheck: row.area_check,
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

/** How the mail server answers sends to this address alone (null: as it answers everyone). */
export async function setRecipientMode(email: string, mode: MailMode | null) {
  await fetch(`${mailUrl()}/__recipient`, { method: 'POST', body: JSON.stringify({ email, mode }) });
}

export interface SentMail {
  personalizations: { to: { email: string; name?: string }[]; dkim_domain?: string }[];
  from: { email: string; name?: string };
  reply_to?: { email: string; name?: string };
  subject: string;
  content: { type: string; value: string }[];
}

/** Send requests the mail server received that mention `marker` anywhere (both of a lead's e-mails). */
export async function mailFor(marker: string): Promise<(ReceivedMail & { body: SentMail })[]> {
  const all = (await (await fetch(`${mailUrl()}/__messages`)).json()) as (ReceivedMail & { body: SentMail })[];
  return all.filter((mail) => JSON.stringify(mail.body).includes(marker));
}

const recipient = (mail: { body: SentMail }) => mail.body.personalizations[0]?.to[0]?.email;

/** The owner's e-mails that mention `marker` (sent to LEADS_TO_EMAIL). */
export const ownerMailFor = async (marker: string) =>
  (await mailFor(marker)).filter((mail) => recipient(mail) === env.LEADS_TO_EMAIL);

/** The confirmations sent to this customer's address. */
export const confirmationsTo = async (email: string) => (await mailFor(email)).filter((mail) => recipient(mail) === email);
