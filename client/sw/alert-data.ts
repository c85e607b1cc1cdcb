/**
 * An alert as the service worker shows it, from a push's text. Anything unexpected (no text,
 * not JSON, a link that leaves the admin) falls back to a plain alert that opens the leads: a
 * push is shown whatever it holds (browsers require one notification per push), and a tap never
 * leads off our admin.
 */
export interface ShownAlert {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * The installable admin's 192 px icon (ADMIN_ICONS; nothing outside
 * src/admin imports from it, so the path is written here and test/unit/push-rules.test.ts holds
 * the two equal).
 */
export const ALERT_ICON = '/admin-icon-192.png';

const FALLBACK: ShownAlert = { title: 'New activity', body: 'Open the admin to see it.', url: '/admin/leads', tag: 'alert' };

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/** A path under /admin on this origin, or the leads. */
function adminPath(value: unknown, origin: string): string {
  if (typeof value !== 'string') return FALLBACK.url;
  try {
    const url = new URL(value, origin);
    return url.origin === origin && /^\/admin(?:\/|$)/.test(url.pathname) ? `${url.pathname}${url.search}` : FALLBACK.url;
  } catch {
    return FALLBACK.url;
  }
}

export function alertFromPush(data: string | null, origin: string): ShownAlert {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = data ? JSON.parse(data) : null;
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  const title = text(parsed.title, 200);
  return {
    title: title || FALLBACK.title,
    body: title ? text(parsed.body, 300) : FALLBACK.body,
    url: adminPath(parsed.url, origin),
    tag: text(parsed.tag, 100) || FALLBACK.tag,
  };
}
