import { MAX_PHOTOS, MAX_PHOTOS_TOTAL_BYTES, PHOTO_FIELD, SMALL_PHOTO_FIELDS, SMALL_PHOTO_MAX_BYTES } from '../rules/photos';

/**
 * Reads a lead submission: JSON (the spec's call), or a form post: urlencoded, or multipart
 * (the forms, with or without JavaScript, which may carry photos). Anything a client can get
 * wrong becomes a 4xx here, never an exception.
 */

/**
 * Bytes a lead without photos may take on the wire. The longest valid quote in a non-Latin script
 * (5,000 three-byte characters, percent-encoded to nine bytes each) still fits.
 */
export const LEAD_BODY_LIMIT = 48 * 1024;
/**
 * A multipart post may also carry the photos: their 20 MB and their small versions (150 KB each),
 * with room for the fields and the part headers.
 */
export const LEAD_UPLOAD_BODY_LIMIT = MAX_PHOTOS_TOTAL_BYTES + MAX_PHOTOS * SMALL_PHOTO_MAX_BYTES + 64 * 1024;

export type LeadBody =
  | { ok: true; format: 'json' | 'form'; body: Record<string, unknown> }
  | { ok: false; status: 400 | 415; error: string };

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

export const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

export const isFormPost = (contentType: string | undefined) => FORM_TYPES.has(mediaType(contentType));

export const isMultipart = (contentType: string | undefined) => mediaType(contentType) === 'multipart/form-data';

/** A part with no name and no bytes is a file input left empty: the browser sends one, it means "no file". */
const isEmptyFileInput = (value: FormDataEntryValue) =>
  typeof value === 'string' ? value === '' : value.name === '' && value.size === 0;

export async function readLeadBody(request: Request): Promise<LeadBody> {
  const type = mediaType(request.headers.get('content-type') ?? undefined);
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await request.text());
    } catch {
      return { ok: false, status: 400, error: 'Invalid JSON' };
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return { ok: false, status: 400, error: 'Expected a JSON object' };
    }
    return { ok: true, format: 'json', body: parsed as Record<string, unknown> };
  }
  if (FORM_TYPES.has(type)) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return { ok: false, status: 400, error: 'Invalid form data' };
    }
    const body: Record<string, unknown> = {};
    const photos: unknown[] = [];
    for (const [key, value] of form) {
      // Every photo is kept (`checkPhotos` judges them), and nothing else that is not text.
      if (key === PHOTO_FIELD) {
        if (!isEmptyFileInput(value)) photos.push(value);
        continue;
      }
      // The first value of a repeated field wins; a file where text belongs fails validation. A
      // photo's small version is kept as it came (`checkSmallPhoto` judges it).
      if (!(key in body)) body[key] = typeof value === 'string' || SMALL_PHOTO_FIELDS.has(key) ? value : null;
    }
    if (photos.length > 0) body[PHOTO_FIELD] = photos;
    return { ok: true, format: 'form', body };
  }
  return { ok: false, status: 415, error: 'Send the form as JSON or as a form post' };
}

/** The visitor's own entries, as text, for re-rendering a form after an error. */
export function echoValues(body: Record<string, unknown>, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = body[field];
    if (typeof value === 'string') values[field] = value;
    else if (typeof value === 'number') values[field] = String(value);
  }
  return values;
}
