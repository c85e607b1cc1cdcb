import { CUSTOMER_PHOTO_SIDE, shrinkPhoto } from '../../shrink-photo';
import type { QueuedItem, QueuedValue } from './queue';

/**
 * A submitted on-site form as an item to queue: its fields as they are now (the CSRF token
 * among them), a fresh item key of its own (the server stores a key once, so a retry is never
 * stored twice), photos drawn smaller as the customers' forms draw them, and a video judged
 * against its cap here, before it takes room on the phone.
 */

/** The form field the server reads an item's key from (the on-site forms' contract). */
const ITEM_KEY_FIELD = 'item_key';
/** A video's cap: a short clip from a phone (the server refuses larger with a 413 either way). */
export const SITE_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
const VIDEO_TOO_BIG = 'That video is too long to send: keep it under 50 MB (about 30 seconds).';

export type Captured = { item: QueuedItem } | { refused: string };

/** The drawable photo types: HEIC (outside Safari) and videos go as they are. */
const SHRINKABLE = /^image\/(jpeg|png|webp)$/;

async function keptFile(file: File): Promise<QueuedValue | string> {
  if (file.type.startsWith('video/') && file.size > SITE_VIDEO_MAX_BYTES) return VIDEO_TOO_BIG;
  const sent = SHRINKABLE.test(file.type) ? await shrinkPhoto(file, CUSTOMER_PHOTO_SIDE) : file;
  return { blob: sent, name: sent.name };
}

/** What the engineer made, in the page's words: the form's data-site-item, else its button's text. */
function labelOf(form: HTMLFormElement, submitter: HTMLElement | null): string {
  const named = form.dataset.siteItem?.trim();
  if (named) return named;
  return (submitter?.textContent ?? form.querySelector('button')?.textContent ?? '').trim() || 'An item';
}

export async function captureForm(form: HTMLFormElement, submitter: HTMLElement | null): Promise<Captured> {
  const data = new FormData(form, submitter);
  const fields: [string, QueuedValue][] = [];
  for (const [name, value] of data) {
    if (name === ITEM_KEY_FIELD) continue;
    if (typeof value === 'string') fields.push([name, value]);
    // A file input left empty comes as a nameless empty file: nothing to send.
    else if (value.size > 0 || value.name) {
      const kept = await keptFile(value);
      if (typeof kept === 'string') return { refused: kept };
      fields.push([name, kept]);
    }
  }
  fields.push([ITEM_KEY_FIELD, crypto.randomUUID()]);
  return { item: { url: new URL(form.action, location.href).pathname, label: labelOf(form, submitter), fields } };
}

/**
 * The form once its item is queued: what adds something new (a note, a photo, a signature) is
 * emptied for the next; a checklist keeps its answers showing, as they were ticked.
 */
export function settleForm(form: HTMLFormElement): void {
  if (!/\/checklist$/.test(new URL(form.action, location.href).pathname)) {
    form.reset();
    return;
  }
  for (const control of form.elements) {
    if (control instanceof HTMLInputElement) {
      if (control.type === 'checkbox' || control.type === 'radio') control.defaultChecked = control.checked;
      else if (control.type !== 'hidden') control.defaultValue = control.value;
    } else if (control instanceof HTMLTextAreaElement) control.defaultValue = control.value;
    else if (control instanceof HTMLSelectElement) for (const option of control.options) option.defaultSelected = option.selected;
  }
}
