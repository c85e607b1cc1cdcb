/**
 * The editor's unsaved text, kept in this browser (localStorage) while the owner types, so a
 * crash, a closed tab or a lost signal never loses it. One entry per post ('new' for a post not
 * saved yet); the server's copy always wins until the owner chooses to restore.
 */

import { POST_FIELDS } from '../../src/admin/posts/fields';

/** The form's text fields are kept; files and the CSRF token are not. */
const KEPT_FIELDS = POST_FIELDS;

export type KeptValues = Partial<Record<(typeof KEPT_FIELDS)[number], string>>;

export interface KeptDraft {
  savedAt: number;
  values: KeptValues;
}

const storageKey = (draftKey: string) => `bcp-admin:post-text:${draftKey}`;

/** localStorage can be missing or full (private windows): keeping the text is then skipped, never an error. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readKept(draftKey: string): KeptDraft | null {
  try {
    const raw = storage()?.getItem(storageKey(draftKey));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as KeptDraft;
    return typeof parsed?.savedAt === 'number' && parsed.values && typeof parsed.values === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

export function keep(draftKey: string, values: KeptValues): void {
  try {
    storage()?.setItem(storageKey(draftKey), JSON.stringify({ savedAt: Date.now(), values } satisfies KeptDraft));
  } catch {
    // Full or refused: the form itself still holds the text.
  }
}

export function forget(draftKey: string): void {
  try {
    storage()?.removeItem(storageKey(draftKey));
  } catch {}
}

/** The kept fields of a form as they are now. */
export function formValues(form: HTMLFormElement): KeptValues {
  const values: KeptValues = {};
  for (const name of KEPT_FIELDS) {
    const control = form.elements.namedItem(name);
    if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement) {
      values[name] = control.value;
    }
  }
  return values;
}

export const sameValues = (a: KeptValues, b: KeptValues) => KEPT_FIELDS.every((name) => (a[name] ?? '') === (b[name] ?? ''));
