import { CSRF_FIELD } from '../../src/admin/auth/session-fields';

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

/**
 * A post whose answer nobody waits for, sent even as the page goes to the background (a phone's
 * dialer opening): sendBeacon, or a fetch kept alive where a browser refuses the beacon. The same
 * multipart body with the CSRF token as every admin form. Never throws.
 */
export function beaconToAdmin(url: string, csrf: string, fields: Record<string, string>): void {
  const body = new FormData();
  body.set(CSRF_FIELD, csrf);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  try {
    if (navigator.sendBeacon?.(url, body)) return;
  } catch {
    // Refused: the fetch below.
  }
  fetch(url, { method: 'POST', body, credentials: 'same-origin', keepalive: true }).catch(() => undefined);
}

export interface UploadedPicture {
  url: string;
  markdown: string;
  html: string;
  width: number;
  height: number;
  /** The picture was not in the library before this upload (so taking it back removes it). */
  created: boolean;
}

export const ADMIN_API = { preview: '/admin/api/preview', media: '/admin/api/media' } as const;

export interface Upload<T> {
  /** Settles when the answer arrives, or at once with `aborted` after abort(). */
  result: Promise<ApiResult<T>>;
  /** Stops sending; the server reads a cut-off body and stores nothing. */
  abort: () => void;
  /** Every byte has left the browser: from here on only the server's answer is awaited. */
  sent: () => boolean;
}

/**
 * A multipart post with upload progress, which fetch cannot report: XMLHttpRequest's upload
 * events give the bytes sent so far, so the picture panel can show a real percentage.
 */
export function uploadToAdmin<T>(
  url: string,
  csrf: string,
  fields: Record<string, string | Blob>,
  onProgress: (fraction: number) => void,
): Upload<T> {
  const body = new FormData();
  body.set(CSRF_FIELD, csrf);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const xhr = new XMLHttpRequest();
  let done = false;
  const result = new Promise<ApiResult<T>>((resolve) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => {
      done = true;
      onProgress(1);
    };
    xhr.onload = () => {
      let json: unknown = null;
      if ((xhr.getResponseHeader('content-type') ?? '').includes('application/json')) {
        try {
          json = JSON.parse(xhr.responseText);
        } catch {
          json = null;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300 && json) return resolve({ ok: true, data: json as T });
      const error =
        json && typeof json === 'object' && 'error' in json && typeof json.error === 'string' ? json.error : UNREACHABLE;
      resolve({ ok: false, error });
    };
    xhr.onerror = () => resolve({ ok: false, error: UNREACHABLE });
    xhr.onabort = () => resolve({ ok: false, error: '', aborted: true });
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.send(body);
  });
  return { result, abort: () => xhr.abort(), sent: () => done };
}
