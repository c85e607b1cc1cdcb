import { expect } from 'vitest';
import { request, type Session } from './admin-helpers';
import { formsOf } from './form-guards';
import { adminPost } from './job-helpers';

/**
 * The checklist editor driven as a browser without JavaScript drives it (issue 57): the fields
 * read from the page as it rendered them, changed as a person would, and the form sent with the
 * button pressed. What comes back (the same page with a row more, or the saved one) is read again.
 */

export const editorPath = (service: string) => `/admin/on-site/checklists/${service}`;

/** The editor form's fields as the browser would send them (unticked boxes left out). */
export async function editorFields(html: string, service: string): Promise<Map<string, string>> {
  const form = (await formsOf(editorPath(service), html)).find((one) => one.action === editorPath(service));
  expect(form, 'the checklist form').toBeDefined();
  const fields = new Map<string, string>();
  for (const field of form!.fields) {
    if (field.type === 'button' || field.type === 'file') continue;
    if ((field.type === 'checkbox' || field.type === 'radio') && !field.checked) continue;
    fields.set(field.name, field.value);
  }
  return fields;
}

export async function openEditor(owner: Session, service: string, query = '') {
  const res = await request(`${editorPath(service)}${query}`, { cookie: owner.cookie });
  expect(res.status).toBe(200);
  const html = await res.text();
  return { html, fields: await editorFields(html, service) };
}

/** Changes typed into the fields (null: a box unticked), then the button pressed. */
export async function press(
  owner: Session,
  service: string,
  fields: Map<string, string>,
  action: string,
  changes: Record<string, string | null> = {},
) {
  const sent = new Map(fields);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) sent.delete(name);
    else sent.set(name, value);
  }
  sent.set('action', action);
  const res = await adminPost(owner, editorPath(service), Object.fromEntries(sent));
  const html = res.status === 303 ? '' : await res.text();
  // The editor comes back on a row moved (200), a refusal (422) or a stale save (409); a broken post gets the error page.
  const editor = [200, 409, 422].includes(res.status);
  return { res, html, fields: editor ? await editorFields(html, service) : new Map<string, string>() };
}

/** The text inside the field's error beside it. */
export const problemBeside = (html: string, id: string) => new RegExp(`id="${id}-error"[^>]*>([^<]*)<`).exec(html)?.[1];
