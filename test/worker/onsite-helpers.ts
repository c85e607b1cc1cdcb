import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import worker from '../../src/index';
import { ORIGIN, personWithSession, type Session, signIn, tag } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, GO_ON, statusPath, ukDay } from './job-helpers';

/** Shared by the on-site tests (issue 50): a job given to an engineer, and the items their page posts. */

/** A CCTV survey booked for tomorrow, 10am to 12pm, given to a new engineer. */
export async function engineersJob(firstName = 'Eddie') {
  const owner = await signIn();
  const engineer = await personWithSession('engineer', `${firstName} ${tag()}`);
  const t = tag();
  const lead = await insertLead({
    name: `Rosa Quinn-${t}`,
    kind: 'quote',
    email: `rosa.${t}@example.org`,
    phone: '07700 900456',
    address: '2 Quay Street, Poole BH15 1HJ',
    service: 'cctv-drain-survey',
    message: `Slow drain at ${t}`,
  });
  const day = ukDay(1);
  const booked = await adminPost(owner, statusPath(lead.id), {
    status: 'booked',
    day,
    window: '10-12',
    person: String(engineer.id),
    ...GO_ON,
  });
  expect(booked.status).toBe(303);
  return { owner, engineer, lead, day };
}

/** A fresh item key, as the page or the phone's queue writes one. */
export const itemKey = () => crypto.randomUUID();

/**
 * One item posted as the engineer's page (or the phone's queue) sends it: a plain form, or
 * multipart when a file goes with it; JSON asked for unless `page` is set. Waits for the work
 * done after the answer (the e-mail's first try).
 */
export async function sitePost(
  session: Session,
  leadId: string,
  item: string,
  fields: Record<string, string | File>,
  options: { page?: boolean; env?: Env } = {},
) {
  const multipart = Object.values(fields).some((value) => value instanceof File) || item === 'media' || item === 'signature';
  let body: FormData | URLSearchParams;
  if (multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ _csrf: session.csrf, ...fields })) form.append(name, value);
    body = form;
  } else {
    body = new URLSearchParams({ _csrf: session.csrf, ...(fields as Record<string, string>) });
  }
  const headers = new Headers({ Cookie: session.cookie, Origin: ORIGIN, 'CF-Connecting-IP': '2001:db8:50::1' });
  if (!options.page) headers.set('Accept', 'application/json');
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${ORIGIN}/admin/leads/${leadId}/site/${item}`, { method: 'POST', headers, body, redirect: 'manual' }),
    options.env ?? env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** A PNG's signature and a few bytes: what the server judges a PNG by. */
export const pngFile = (name = 'photo.png', extra = 32) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(extra).fill(7)])], name, {
    type: 'image/png',
  });

/** An MP4's first box ('ftyp', brand isom), padded to `bytes`. */
export function mp4File(bytes: number) {
  const data = new Uint8Array(bytes);
  data.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
  return new File([data], 'clip.mp4', { type: 'video/mp4' });
}

/** Counts of a lead's rows in a site table. */
export async function rowsIn(table: string, leadId: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE lead_id = ?`).bind(leadId).first<{ n: number }>();
  return row!.n;
}

/**
 * The owner's checklist for a service, saved through their page's rows (issue 57). Written here
 * as one line a question for short tests: `question | kind | customer`, the kind `text`,
 * `yes-no`, `choice: A, B`, `number: mm` or `distance: A, B` (what may be found; none: typed).
 */
export async function saveChecklistAsOwner(owner: Session, service: string, lines: string) {
  const fields: Record<string, string> = { version: await checklistVersion(service), action: 'save' };
  const rows = lines.split('\n').filter((line) => line.trim());
  fields.rows = String(rows.length);
  for (const [n, line] of rows.entries()) {
    const [text = '', kindPart = 'text', flag = ''] = line.split('|').map((part) => part.trim());
    const [kind = 'text', rest = ''] = kindPart.split(/:\s*/);
    fields[`text-${n}`] = text;
    fields[`kind-${n}`] = kind;
    if (kind === 'number') fields[`unit-${n}`] = rest;
    else fields[`choices-${n}`] = rest.split(/,\s*/).join('\n');
    if (flag === 'customer') fields[`customer-${n}`] = 'yes';
  }
  const res = await adminPost(owner, `/admin/on-site/checklists/${service}`, fields);
  expect(res.status).toBe(303);
}

async function checklistVersion(service: string) {
  const row = await env.DB.prepare('SELECT version FROM checklist_templates WHERE service = ?')
    .bind(service)
    .first<{ version: number }>();
  return String(row?.version ?? 0);
}
