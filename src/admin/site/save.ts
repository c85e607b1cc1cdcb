import { keepPagesOfRevision, keptOnSave } from '../../cache/keep-on-save';
import { d1Database } from '../../db/client';
import { insertRevisionIfNewest, listRevisionsAfter, readLatestRevision, readRevision } from '../../db/content-revisions';
import { afterResponse } from '../../http/execution';
import { log } from '../../log';
import { publicCaching } from '../../routes/caching';
import { formatLondon } from '../../rules/uk-time';
import type { FieldErrors } from '../../rules/validation';
import { readDefaultContent } from '../../site-content/default-asset';
import type { SiteContent } from '../../site-content/model';
import { tookRevision } from '../../site-content/revision';
import { audit } from '../audit/audit';
import type { Ctx } from './context';
import type { Form, FormResult } from './forms';

/**
 * Saving the owner's content when two people (or two tabs) edit at once. Every form carries the
 * revision it was read from; a save reads the newest revision from D1 (never the isolate's
 * 15-second copy), applies the form's own section onto it, and writes it in one statement that
 * inserts only while that revision is still the newest. If someone else changed the same section
 * since the form was read, nothing is saved and the form comes back with their change named.
 */

type ContentEnv = Ctx['env'];

/** The newest content, straight from D1: what every edit is applied to. */
export async function newestContent(env: ContentEnv): Promise<{ id: number; content: SiteContent }> {
  const latest = await readLatestRevision(d1Database(env));
  return latest ?? { id: 0, content: structuredClone(await readDefaultContent(env)) };
}

/** A revision's content; 0 is the content the site started with. */
export async function contentAt(env: ContentEnv, id: number): Promise<SiteContent | undefined> {
  return id === 0 ? structuredClone(await readDefaultContent(env)) : readRevision(d1Database(env), id);
}

/** One form's change: the part of the content it edits, and the edit itself. */
export interface Edit {
  /** The part this form changes; if it differs between the form's revision and the newest, the save is stale. */
  part: (content: SiteContent) => unknown;
  apply: (content: SiteContent) => FormResult;
}

export type SaveResult =
  | { ok: true; id: number }
  | { ok: false; status: 400; errors: FieldErrors }
  | { ok: false; status: 409; errors: FieldErrors; newest: number; since: string };

/** The revision a form says it was read from; undefined when missing or not a number. */
const revisionOf = (form: Form): number | undefined =>
  /^\d{1,9}$/.test(form.revision ?? '') ? Number(form.revision) : undefined;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export async function saveEdit(c: Ctx, form: Form, edit: Edit): Promise<SaveResult> {
  const base = revisionOf(form);
  let baseContent: SiteContent | undefined;
  // Another try only when someone saved another section in the very same moment.
  for (let attempt = 0; attempt < 6; attempt++) {
    const newest = await newestContent(c.env);
    if (base === undefined || base > newest.id) return stale(c, base, newest.id);
    if (base !== newest.id) {
      baseContent ??= await contentAt(c.env, base);
      if (!baseContent || !same(edit.part(baseContent), edit.part(newest.content))) return stale(c, base, newest.id);
    }
    const result = edit.apply(newest.content);
    if (!result.ok) return { ok: false, status: 400, errors: result.errors };
    const id = await insertRevisionIfNewest(c.env.DB, {
      base: newest.id,
      content: result.content,
      summary: result.summary,
      author: c.var.person.name,
      now: Date.now(),
    });
    if (id === undefined) continue;
    tookRevision(id, result.content);
    log.info('site content published', { revision: id, summary: result.summary });
    await audit(c, result.summary.startsWith('Restored') ? 'site-restored' : 'site-saved', 'content-revision', id);
    keepPages(c, id);
    return { ok: true, id };
  }
  return stale(c, base, (await newestContent(c.env)).id);
}

/**
 * After the answer: the new revision's public pages (keptOnSave) rendered once, by the site
 * renderer the app handed to the admin, and kept in this isolate and in D1 for every data centre
 * (keepPagesOfRevision), so the visitors after an edit, anywhere, are not the ones who pay for a
 * cold render. A page not kept is rendered by its first visitor, and the cron keeps it
 * (keepPagesNoOneKept).
 */
function keepPages(c: Ctx, id: number): void {
  if (c.env.KEEP_ON_SAVE === 'off') return;
  const keeping = keepPagesOfRevision(c.env, id, c.var.renderSite, keptOnSave(publicCaching)).catch((error: Error) =>
    log.warn('pages not kept after a save', { revision: id, error: error.message }),
  );
  afterResponse(c, keeping);
}

/** Nothing saved: the form comes back as typed, with who changed what since it was read. */
async function stale(c: Ctx, base: number | undefined, newest: number): Promise<SaveResult> {
  const since = base === undefined ? [] : await listRevisionsAfter(d1Database(c.env), base, 5);
  const named = since.map((r) => `${r.author} published “${r.summary}” at ${formatLondon(r.createdAt)}`).join('; ');
  const what = named ? `since you opened this page, ${named}.` : 'this page was out of date.';
  const message = `Nothing was saved: ${what} Your changes are still below: check them against what is live now, then publish again to replace it.`;
  return { ok: false, status: 409, errors: { _form: message }, newest, since: what };
}

/** A form post's text fields. */
export async function formOf(c: Ctx): Promise<Form> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
