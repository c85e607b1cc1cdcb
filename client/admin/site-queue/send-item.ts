import { LOGIN_PATH } from '../../../src/admin/auth/login-path';
import type { QueuedItem, SendOutcome } from './queue';

/**
 * One try at sending a queued item: the form's own fields (its CSRF token and item key among
 * them) as a multipart POST asking for JSON. 2xx: the server has it, stored now or before (the
 * key was seen). A 4xx other than a timeout or a rate limit: refused for good, in the server's
 * words. No answer, a 5xx, or the sign-in page: tried again later.
 */
const REFUSED: Record<number, string> = {
  403: 'This job is no longer yours to add to.',
  409: 'This job has changed: this item was not added.',
  413: 'This is too big to send.',
};

export async function sendItem(item: QueuedItem): Promise<SendOutcome> {
  const body = new FormData();
  for (const [name, value] of item.fields) {
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, value.blob, value.name);
  }
  let res: Response;
  try {
    res = await fetch(item.url, { method: 'POST', body, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    return { kind: 'unreachable' };
  }
  // The session has ended: the guard sent the post to the sign-in page. Kept until signed in again.
  if (res.redirected && new URL(res.url).pathname === LOGIN_PATH) return { kind: 'signed-out' };
  const json: unknown = (res.headers.get('content-type') ?? '').includes('application/json')
    ? await res.json().catch(() => null)
    : null;
  if (res.ok) return { kind: 'stored' };
  if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
    const message = json && typeof json === 'object' && 'message' in json && typeof json.message === 'string' ? json.message : '';
    return { kind: 'refused', message: message || REFUSED[res.status] || 'The server refused this item.' };
  }
  return { kind: 'unreachable' };
}
