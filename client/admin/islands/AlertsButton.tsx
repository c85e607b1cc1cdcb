import { useEffect, useState } from 'react';
import { buttonClass } from '../../../src/components/button';
import { postToAdmin } from '../api';

export interface AlertsButtonProps {
  csrf: string;
  /** The VAPID public key (base64url) this server's alerts are signed with. */
  publicKey: string;
  api: { subscribe: string; unsubscribe: string };
  /** The push addresses of the signed-in person's devices: is this one of them? */
  ownEndpoints: string[];
  /** Those of them turned on in this sign-in (signing out turns them off). */
  sessionEndpoints: string[];
}

const SW_URL = '/admin/alerts-sw.js';
const SCOPE = '/admin';

type State =
  | { kind: 'checking' }
  | { kind: 'unsupported'; text: string }
  | { kind: 'blocked' }
  | { kind: 'off' }
  | { kind: 'on'; subscription: PushSubscription };

/** Where alerts cannot work yet, in plain words: an iPhone needs the admin on its home screen first. */
function unsupportedText(): string {
  const apple =
    /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia('(display-mode: standalone)').matches;
  if (apple && !standalone) {
    return 'On an iPhone or iPad, alerts work once this admin is on your home screen: tap Share, then "Add to Home Screen", open the admin from that icon and come back to this page (iOS 16.4 or later).';
  }
  if (apple) return 'This iPhone or iPad cannot show alerts yet: update it to iOS 16.4 or later.';
  return 'This browser cannot show alerts. Use Chrome on Android, or Safari on an iPhone with this admin added to the home screen.';
}

/**
 * How long the browser and its push service get to subscribe and our server to store it, once
 * permission is given: a push service that never answers (a blocked network, a browser without
 * one) would otherwise leave the button busy for ever.
 */
const SUBSCRIBE_TIMEOUT_MS = 20_000;
const TIMED_OUT =
  'Turning on alerts took too long: the browser’s push service did not answer within 20 seconds. Check the connection (a work or public Wi-Fi may block it) and try again.';

class TimedOut extends Error {}

/** The work, or a TimedOut rejection after `ms`. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
}

/**
 * "Turn on alerts on this phone": asks the browser's permission only when pressed, registers the
 * admin's service worker (scope /admin), subscribes with our VAPID key and stores the
 * subscription for the person signed in. Shows whether this device has alerts on, and turns
 * them off again. Says plainly where alerts cannot work yet.
 */
/** What the subscribe endpoint stores of a browser's subscription. */
function subscriptionFields(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return { endpoint: json.endpoint ?? '', p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' };
}

export default function AlertsButton({ csrf, publicKey, api, ownEndpoints, sessionEndpoints }: AlertsButtonProps) {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!supported()) return setState({ kind: 'unsupported', text: unsupportedText() });
    if (Notification.permission === 'denied') return setState({ kind: 'blocked' });
    navigator.serviceWorker
      .getRegistration(SCOPE)
      .then((registration) => registration?.pushManager.getSubscription() ?? null)
      .then((subscription) => {
        if (!subscription || !ownEndpoints.includes(subscription.endpoint)) return setState({ kind: 'off' });
        setState({ kind: 'on', subscription });
        // On since an earlier sign-in that ran out: it now belongs to this one, so signing out turns it off.
        if (!sessionEndpoints.includes(subscription.endpoint))
          void postToAdmin(api.subscribe, csrf, subscriptionFields(subscription));
      })
      .catch(() => setState({ kind: 'off' }));
  }, [ownEndpoints, sessionEndpoints, api, csrf]);

  const turnOn = async () => {
    setBusy(true);
    setError('');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? { kind: 'blocked' } : { kind: 'off' });
        if (permission !== 'denied') setError('Alerts stay off: the browser was not allowed to show them.');
        return;
      }
      const abort = new AbortController();
      const subscribe = async () => {
        const registration = await navigator.serviceWorker.register(SW_URL, { scope: SCOPE });
        await navigator.serviceWorker.ready;
        const subscription = await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey),
        });
        const saved = await postToAdmin<{ redirect: string }>(
          api.subscribe,
          csrf,
          subscriptionFields(subscription),
          abort.signal,
        );
        return { subscription, saved };
      };
      const { subscription, saved } = await within(SUBSCRIBE_TIMEOUT_MS, subscribe()).catch((error: unknown) => {
        abort.abort();
        throw error;
      });
      if (!saved.ok) {
        await subscription.unsubscribe().catch(() => false);
        setError(saved.error);
        return;
      }
      window.location.assign(saved.data.redirect);
    } catch (error) {
      setError(
        error instanceof TimedOut ? TIMED_OUT : 'Alerts could not be turned on in this browser. Reload the page and try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async (subscription: PushSubscription) => {
    setBusy(true);
    setError('');
    const removed = await postToAdmin<{ redirect: string }>(api.unsubscribe, csrf, { endpoint: subscription.endpoint });
    await subscription.unsubscribe().catch(() => false);
    if (removed.ok) window.location.assign(removed.data.redirect);
    else {
      setError(removed.error);
      setBusy(false);
    }
  };

  return (
    <div className="alerts-button">
      {state.kind === 'on' ? (
        <>
          <p className="alerts-button__state">Alerts are on for this device.</p>
          <button
            type="button"
            className={buttonClass('outline', 'default')}
            disabled={busy}
            onClick={() => turnOff(state.subscription)}
          >
            Turn off alerts on this device
          </button>
        </>
      ) : (
        <button
          type="button"
          className={buttonClass('default', 'default')}
          disabled={busy || state.kind !== 'off'}
          onClick={turnOn}
        >
          Turn on alerts on this phone
        </button>
      )}
      <p className="alerts-button__status" role="status">
        {state.kind === 'unsupported' && state.text}
        {state.kind === 'blocked' &&
          "Alerts are blocked for this site in this browser's settings. Allow notifications for this site there, then reload this page."}
        {error && <span className="alerts-button__error">{error}</span>}
      </p>
    </div>
  );
}
