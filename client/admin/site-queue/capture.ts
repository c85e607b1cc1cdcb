import {
  ITEM_KEY_FIELD,
  MAX_SITE_PHOTO_BYTES,
  MAX_SITE_VIDEO_BYTES,
  MEDIA_LIMITS_TEXT,
  TAKEN_AT_FIELD,
} from '../../../src/rules/site-items';
import { CUSTOMER_PHOTO_SIDE, shrinkPhoto } from '../../shrink-photo';
import type { QueuedItem, QueuedValue } from './queue';

/**
 * A submitted on-site form as an item to queue: its fields as they are now (the CSRF token
 * among them), a fresh item key of its own (the server stores a key once, so a retry is never
 * stored twice), photos drawn smaller as the customers' forms draw them, and a file judged
 * against the server's caps here, before it takes room on the phone (the server judges again).
 */

export type Captured = { item: QueuedItem } | { refused: string };

/** The drawable photo types: HEIC (outside Safari) and videos go as they are. */
const SHRINKABLE = /^image\/(jpeg|png|webp)$/;

async function keptFile(file: File): Promise<QueuedValue | string> {
  const video = file.type.startsWith('video/');
  if (video && file.size > MAX_SITE_VIDEO_BYTES) return `That video is too big to send. ${MEDIA_LIMITS_TEXT}`;
  const sent = SHRINKABLE.test(file.type) ? await shrinkPhoto(file, CUSTOMER_PHOTO_SIDE) : file;
  if (!video && sent.size > MAX_SITE_PHOTO_BYTES) return `That photo is too big to send. ${MEDIA_LIMITS_TEXT}`;
  return { blob: sent, name: sent.name };
}

/** What the engineer made, in words, by where its form posts; else the form's data-site-item or its button's text. */
const ITEM_LABELS: Record<string, string> = {
  'on-my-way': 'On my way',
  arrived: 'Arrived',
  finished: 'Finished',
  notes: 'Notes',
  checklist: 'A checklist answer',
  media: 'A photo or video',
  signature: 'The signature',
};

function labelOf(form: HTMLFormElement, path: string, submitter: HTMLElement | null): string {
  const named = ITEM_LABELS[path.split('/').pop() ?? ''] ?? form.dataset.siteItem?.trim();
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
  fields.push([ITEM_KEY_FIELD, crypto.randomUUID()], [TAKEN_AT_FIELD, String(Date.now())]);
  const url = new URL(form.action, location.href).pathname;
  return { item: { url, label: labelOf(form, url, submitter), form: form.dataset.siteForm, fields } };
}

/**
 * The form once its item is queued: what adds something new (a photo, a signature) is emptied for
 * the next; the notes and a checklist keep what was written and ticked showing (issue 57: the notes
 * are the job's, saved whole each time), as the page would show them after a reload.
 */
export function settleForm(form: HTMLFormElement): void {
  if (!/\/(checklist|notes)$/.test(new URL(form.action, location.href).pathname)) {
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
