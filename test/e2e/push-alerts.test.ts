import { describe, expect, inject, it, vi } from 'vitest';
import type { ReceivedPush } from '../support/push-server';
import { b64url, decryptPush, makeDeviceKeys } from '../support/web-push-decrypt';
import { adminClientIp, signInAt } from './admin-fixture';
import { browserSuite, DESKTOP, PHONE } from './browser';
import { contactInput, fill, openLeadPage, pastMinimumFillTime, tag } from './leads-helpers';
import { queryLocalD1 } from './local-d1';
import { IPHONE_UA, localUrl } from './passkey-helpers';

/**
 * Alerts on the owner's phone, in a real Chromium at phone width (issue 36). The service worker,
 * the permission step (granted as a person would, through the browser's permission API over CDP)
 * and our endpoint are real. Only the browser's push subscription is stood in for in the page:
 * no real push service is reachable from here, so subscribe() hands back an endpoint on the
 * stand-in push service with keys this test holds. What the stand-in receives is decrypted with
 * those keys and handed to the service worker as the browser would (CDP deliverPushMessage).
 * The notification's click is the one step dispatched by hand (no browser lets a test click a
 * notification): see the comment there. Then the lead is answered with its Call button, and
 * signing out turns the phone's alerts off.
 */

const suite = browserSuite('/tmp/push');

const pushServer = () => inject('e2ePushServerUrl');

describe('alerts on the owner phone', () => {
  it('turns on with a tap, and a request from the public form shows a notification that opens its lead', {
    timeout: 120_000,
  }, async () => {
    const deviceName = `phone-${tag()}`;
    const keys = await makeDeviceKeys();
    const endpoint = `${pushServer()}/push/${deviceName}`;
    // Its own client address: the sign-in limit is 5 a minute per address (admin-fixture.ts).
    const context = await suite.browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: { 'CF-Connecting-IP': adminClientIp() },
    });
    // The stand-in for the browser's push subscription (see the file's comment); everything else is the browser's own.
    await context.addInitScript(
      ({ endpoint, p256dh, auth }) => {
        const subscription = {
          endpoint,
          expirationTime: null,
          options: {},
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => {
            localStorage.removeItem('test-push');
            return true;
          },
        };
        PushManager.prototype.subscribe = async () => {
          localStorage.setItem('test-push', 'on');
          return subscription as unknown as PushSubscription;
        };
        PushManager.prototype.getSubscription = async () =>
          (localStorage.getItem('test-push') ? subscription : null) as unknown as PushSubscription | null;
      },
      { endpoint, p256dh: keys.p256dh, auth: keys.auth },
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const cdp = await context.newCDPSession(page);

    await signInAt(page, '/admin/alerts', localUrl());
    await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
    // Not asked before the tap.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await page.screenshot({ path: suite.shot('alerts-off-375.png'), fullPage: true });
    // The person allows notifications when the browser asks: granted for this context's origin over CDP.
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.grantPermissions', {
      origin: localUrl(),
      permissions: ['notifications'],
      browserContextId: targetInfo.browserContextId,
    });
    await page.getByRole('button', { name: 'Turn on alerts on this phone' }).click();
    await page
      .waitForURL((url) => url.search === '?notice=on', { timeout: 15_000 })
      .catch(async (error) => {
        // Say what the page said rather than only that it timed out.
        throw new Error(
          `${error}; the page says: ${await page.locator('.alerts-button__status').textContent()}; ${errors.join(' | ')}`,
        );
      });
    await page.getByText('Alerts are on for this device.', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Turn off alerts on this device' }).isVisible()).toBe(true);
    await page.screenshot({ path: suite.shot('alerts-on-375.png'), fullPage: true });

    // Devices names the sign-in that has alerts on (signing it out turns them off).
    await page.goto(`${localUrl()}/admin/devices`);
    await page.getByText('Alerts on', { exact: true }).waitFor();
    await page.screenshot({ path: suite.shot('devices-alerts-375.png'), fullPage: true });
    await page.goto(`${localUrl()}/admin/alerts`);

    const registration = await page.evaluate(async () => {
      const found = await navigator.serviceWorker.getRegistration('/admin');
      return { scope: found?.scope, script: found?.active?.scriptURL };
    });
    expect(registration).toEqual({ scope: `${localUrl()}/admin`, script: `${localUrl()}/admin/alerts-sw.js` });

    // A visitor sends a request from the public contact form.
    const visitor = await openLeadPage(suite.browser, '/contact', { viewport: PHONE });
    const input = contactInput(tag());
    await fill(visitor.page, input);
    await pastMinimumFillTime(visitor.openedAt);
    await visitor.page.getByRole('button', { name: 'Send Message' }).click();
    await visitor.page.locator('[data-testid="toast"]').waitFor();
    await visitor.context.close();

    const received = await vi.waitFor(
      async () => {
        const list = (await (await fetch(`${pushServer()}/__received?device=${deviceName}`)).json()) as ReceivedPush[];
        expect(list).toHaveLength(1);
        return list[0]!;
      },
      { timeout: 10_000, interval: 200 },
    );
    const text = await decryptPush(b64url.decode(received.body), keys);
    const alert = JSON.parse(text) as { title: string; url: string };
    expect(alert.title).toBe(`New request from ${input.name}`);

    // The browser hands the push to our service worker, which shows it.
    await cdp.send('ServiceWorker.enable');
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((item: { scopeURL: string }) => item.scopeURL === `${localUrl()}/admin`);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: localUrl(), registrationId, data: text });
    const shown = await vi.waitFor(
      async () => {
        const list = await page.evaluate(async () => {
          const found = await navigator.serviceWorker.getRegistration('/admin');
          return (await found!.getNotifications()).map((item) => ({ title: item.title, body: item.body, data: item.data }));
        });
        expect(list).toHaveLength(1);
        return list[0]!;
      },
      { timeout: 5000, interval: 100 },
    );
    expect(shown).toEqual({ title: `New request from ${input.name}`, body: 'Message', data: { url: alert.url } });

    // The tap. Chromium has no way, over CDP or WebDriver, to click a notification (nor has any
    // browser: web-platform-tests/wpt#51125), so the click is the one step handed to the service
    // worker by hand: the notification the browser shows (from getNotifications) in a
    // NotificationEvent dispatched to the real service worker's own notificationclick listener.
    // A hand-made event may not extend itself (waitUntil throws for it), so the test stands in for
    // the browser there too: it holds the listener's work and waits for it to finish, failing with
    // the listener's own error if it fails. The service worker has no code for tests.
    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();
    const clicked = await worker!.evaluate(async () => {
      // Typed by hand: the test program has the DOM lib, not the WebWorker one.
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      const event = new scope.NotificationEvent('notificationclick', { notification: notification! });
      const work: Promise<unknown>[] = [];
      Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => work.push(promise) });
      scope.dispatchEvent(event);
      await Promise.all(work);
      return { extended: work.length, left: (await scope.registration.getNotifications()).length };
    });
    // The listener extended the click with its work (opening the lead), and closed the notification.
    expect(clicked).toEqual({ extended: 1, left: 0 });
    await page.waitForURL((url) => url.pathname === alert.url, { timeout: 10_000 });
    expect(alert.url).toMatch(/^\/admin\/leads\/[0-9a-f-]{36}$/);
    await page.getByText(input.email).first().waitFor();
    await page.screenshot({ path: suite.shot('lead-from-alert-375.png') });

    // The owner answers from the lead: the Call button's tap is recorded (the island's beacon, with
    // the session's CSRF token) and the timeline says who called. The phone app the tel: link opens
    // does not exist here, so its default is stopped in the page; the island's own handler runs as on a phone.
    await page.evaluate(() =>
      document.addEventListener('click', (event) => {
        if ((event.target as Element).closest('a[href^="tel:"]')) event.preventDefault();
      }),
    );
    const call = page.getByRole('link', { name: /^Call/ });
    // Hydrated: React has put its props on the link (the island's handler is attached).
    await page.waitForFunction(() => {
      const link = document.querySelector('a[href^="tel:"]');
      return !!link && Object.keys(link).some((key) => key.startsWith('__reactProps'));
    });
    await call.tap();
    await vi.waitFor(
      async () => {
        await page.reload();
        expect(await page.locator('.lead-timeline').textContent()).toContain('Called by Owner');
      },
      { timeout: 10_000, interval: 500 },
    );
    await page.getByText('Called by Owner').scrollIntoViewIfNeeded();
    await page.screenshot({ path: suite.shot('lead-called-375.png') });

    await page.setViewportSize(DESKTOP);
    await page.goto(`${localUrl()}/admin/alerts`);
    await page.screenshot({ path: suite.shot('alerts-on-1280.png'), fullPage: true });

    // The sign-in runs out (a day unused): the phone keeps its alerts. Signed in again, the Alerts
    // page hands them to the new sign-in, and signing out from the menu then turns them off.
    const subscription = () =>
      queryLocalD1<{ session_id: number | null }>(`SELECT session_id FROM push_subscriptions WHERE endpoint = '${endpoint}'`);
    const [first] = subscription();
    expect(first?.session_id).toBeTypeOf('number');
    queryLocalD1(`UPDATE admin_sessions SET last_used_at = 0 WHERE id = ${first!.session_id}`);
    const relinked = page.waitForResponse((res) => new URL(res.url()).pathname === '/admin/api/alerts/subscribe');
    await signInAt(page, '/admin/alerts', localUrl());
    await page.getByText('Alerts are on for this device.', { exact: true }).waitFor();
    expect((await relinked).status()).toBe(200);
    const [second] = subscription();
    expect(second?.session_id).toBeTypeOf('number');
    expect(second!.session_id).not.toBe(first!.session_id);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(subscription()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says in plain words on an iPhone not yet added to the home screen how to get alerts, and offers no button that cannot work', async () => {
    const context = await suite.browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      userAgent: IPHONE_UA,
      extraHTTPHeaders: { 'CF-Connecting-IP': adminClientIp() },
    });
    // Safari outside the home-screen app has no Push API.
    await context.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const page = await context.newPage();
    await signInAt(page, '/admin/alerts', localUrl());
    const status = page.locator('.alerts-button__status');
    await status.getByText('Add to Home Screen').waitFor();
    expect(await status.textContent()).toBe(
      'On an iPhone or iPad, alerts work once this admin is on your home screen: tap Share, then "Add to Home Screen", open the admin from that icon and come back to this page (iOS 16.4 or later).',
    );
    expect(await page.getByRole('button', { name: 'Turn on alerts on this phone' }).isDisabled()).toBe(true);
    await page.screenshot({ path: suite.shot('alerts-iphone-375.png'), fullPage: true });
    await context.close();
  });
});
