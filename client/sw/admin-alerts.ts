/**
 * The admin's service worker (issue 36), served as /admin/alerts-sw.js (scripts/build.mjs) and
 * registered with scope /admin by the Alerts page when the owner turns alerts on, and by an
 * engineer's job page. It shows the alert a push brings, and opens its lead when tapped; and it
 * keeps the engineer's day for when there is no signal (engineer-day-sw.ts): only an engineer's own
 * schedule and job pages are kept, every other admin fetch passes it by untouched.
 *
 * Typed by hand rather than with the WebWorker lib, which cannot sit beside the DOM lib in one
 * program; only what is used here is declared.
 */

import { onFetch, onMessage } from '../admin/site-queue/engineer-day-sw';
import { ALERT_ICON, alertFromPush } from './alert-data';

interface NotificationEventLike extends ExtendableEventLike {
  notification: Notification & { data: unknown };
}
interface ExtendableEventLike extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}
interface ServiceWorkerScope {
  location: Location;
  registration: { showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<WindowClientLike | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: Parameters<typeof onFetch>[0]) => void): void;
  addEventListener(type: 'message', listener: (event: Parameters<typeof onMessage>[0]) => void): void;
}

const sw = self as unknown as ServiceWorkerScope;

sw.addEventListener('install', (event) => event.waitUntil(sw.skipWaiting()));
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));
sw.addEventListener('fetch', onFetch);
sw.addEventListener('message', (event) => onMessage(event, sw.location.origin));

sw.addEventListener('push', (event) => {
  const alert = alertFromPush(event.data?.text() ?? null, sw.location.origin);
  event.waitUntil(
    sw.registration.showNotification(alert.title, {
      body: alert.body,
      tag: alert.tag,
      icon: ALERT_ICON,
      badge: ALERT_ICON,
      data: { url: alert.url },
    }),
  );
});

/** Tapping an alert opens its lead: in an admin window already open if there is one, else a new one. */
sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = alertFromPush(JSON.stringify({ title: '', url: data?.url }), sw.location.origin).url;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const admin = windows.find((client) => new URL(client.url).pathname.startsWith('/admin'));
      if (admin) {
        const moved = await admin.navigate(url).catch(() => null);
        // Focus needs the tap's permission, which only a real tap gives; the lead is open either way.
        if (moved) return void (await moved.focus().catch(() => moved));
      }
      await sw.clients.openWindow(url);
    })(),
  );
});
