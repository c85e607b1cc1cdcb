/**
 * Reads a lead submission: JSON (the islands and the spec's call) or a normal form post
 * (urlencoded or multipart, the no-JavaScript path). Anything a client can get wrong becomes
 * a 4xx here, never an exception.
 */

/**
 * Bytes a lead may take on the wire. The longest valid quote in a non-Latin script (5,000
 * three-byte characters, percent-encoded to nine bytes each) still fits.
 */
export const LEAD_BODY_LIMIT = 48 * 1024;

export type LeadBody =
  | { ok: true; format: 'json' | 'form'; body: Record<string, unknown> }
  | { ok: false; status: 400 | 415; error: string };

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

export const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

export const isFormPost = (contentType: string | undefined) => FORM_TYPES.has(mediaType(contentType));

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
    for (const [key, value] of form) {
      // The first value of a repeated field wins; a file where text belongs fails validation.
      if (!(key in body)) body[key] = typeof value === 'string' ? value : null;
    }
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
