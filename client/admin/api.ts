import { CSRF_FIELD } from '../../src/admin/shell/session-fields';

/**
 * The admin islands' requests: multipart posts with the session's CSRF token, as the admin's
 * forms send them (the guard checks it on every POST), answered with JSON.
 */

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: string; aborted?: boolean };

const UNREACHABLE =
  'That could not be sent: check the connection, or reload the page if you have been signed out (your text is kept in this browser).';

export async function postToAdmin<T>(
  url: string,
  csrf: string,
  fields: Record<string, string | Blob>,
  signal?: AbortSignal,
): Promise<ApiResult<T>> {
  const body = new FormData();
  body.set(CSRF_FIELD, csrf);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  try {
    const res = await fetch(url, {
      method: 'POST',
      body,
      signal,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    const json: unknown = (res.headers.get('content-type') ?? '').includes('application/json') ? await res.json() : null;
    if (res.ok && json) return { ok: true, data: json as T };
    const error =
      json && typeof json === 'object' && 'error' in json && typeof json.error === 'string' ? json.error : UNREACHABLE;
    return { ok: false, error };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return { ok: false, error: '', aborted: true };
    return { ok: false, error: UNREACHABLE };
  }
}

export interface UploadedPicture {
  url: string;
  markdown: string;
  html: string;
  width: number;
  height: number;
}

export const ADMIN_API = { preview: '/admin/api/preview', media: '/admin/api/media' } as const;
