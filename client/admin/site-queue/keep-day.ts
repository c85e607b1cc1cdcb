import { SCHEDULE_PATH } from '../../../src/admin/schedule/paths';

/** The admin's service worker (the alerts' one, which also keeps the engineer's day), at scope /admin. */
const ADMIN_SW_URL = '/admin/alerts-sw.js';
const SCOPE = '/admin';

/**
 * Has the admin's service worker keep this job page and the engineer's schedule on the phone.
 * Once it controls the page it keeps every engineer page opened as it passes; on the first
 * visit it does not yet, so it is asked to fetch and keep these two. Without service workers
 * (or in a private window that refuses them) the page works as it did: online only.
 */
export async function keepEngineerDay(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const controlled = Boolean(navigator.serviceWorker.controller);
    await navigator.serviceWorker.register(ADMIN_SW_URL, { scope: SCOPE });
    if (controlled) return;
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: 'keep-day', paths: [location.pathname, SCHEDULE_PATH] });
  } catch {
    // Not allowed here: the queue still keeps the items in IndexedDB.
  }
}
