import { useEffect, useState } from 'react';
import { buttonClass } from '../../../src/components/button';
import { loadWebAuthn } from '../../forms/browser';

export interface PasskeyButtonProps {
  mode: 'sign-in' | 'register';
  label: string;
  optionsUrl: string;
  verifyUrl: string;
  /** The session's CSRF token, when adding a passkey while signed in. */
  csrf?: string;
  /** Sent with a sign-in: where to go after it. */
  next?: string;
  /** The id of the "remember this device" checkbox whose value a sign-in sends. */
  rememberId?: string;
  typedBeforeStart?: Record<string, string>;
}

type Status = { tone: 'info' | 'error'; text: string } | null;

async function post(url: string, fields: Record<string, string>): Promise<{ status: number; data: Record<string, unknown> }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const res = await fetch(url, { method: 'POST', body, credentials: 'same-origin' });
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, data };
}

const CANCELLED = 'The passkey was not used. Try again when you are ready.';

/**
 * Signs in with a passkey, or adds one (an admin-only island on the sign-in, devices and
 * invitation pages). @simplewebauthn/browser is imported when the button is pressed, so no
 * other page, and not even these until then, loads it. Until the script has started (a moment:
 * the admin hydrates at once) the button cannot act, but it looks ready (data-starting), never
 * greyed out; it looks disabled only in a browser without passkeys. Without JavaScript the page
 * says passkeys need it (a <noscript> beside this island) and CSS hides the button
 * (admin-people.css, scripting: none).
 */
export default function PasskeyButton(props: PasskeyButtonProps) {
  const { mode, label, optionsUrl, verifyUrl, csrf, next, rememberId } = props;
  const [support, setSupport] = useState<'unknown' | 'yes' | 'no'>('unknown');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  useEffect(() => setSupport(typeof window.PublicKeyCredential === 'function' ? 'yes' : 'no'), []);

  const run = async () => {
    setBusy(true);
    setStatus({ tone: 'info', text: 'Waiting for your passkey...' });
    try {
      const browser = await loadWebAuthn();
      if (!browser) return;
      const base: Record<string, string> = csrf ? { _csrf: csrf } : {};
      const options = await post(optionsUrl, base);
      if (options.status !== 200) throw new Error(String(options.data.error ?? 'The passkey could not be started.'));
      // biome-ignore lint/suspicious/noExplicitAny: the server's options JSON, as the library takes it
      const optionsJSON = options.data as any;
      const response =
        mode === 'register'
          ? await browser.startRegistration({ optionsJSON })
          : await browser.startAuthentication({ optionsJSON });
      const remember = rememberId ? (document.getElementById(rememberId) as HTMLInputElement | null)?.checked : false;
      const fields: Record<string, string> = { ...base, response: JSON.stringify(response) };
      if (remember) fields.remember = 'yes';
      if (next) fields.next = next;
      const verified = await post(verifyUrl, fields);
      if (verified.status !== 200 || typeof verified.data.redirect !== 'string') {
        throw new Error(String(verified.data.error ?? 'That passkey could not be checked. Try again.'));
      }
      window.location.assign(verified.data.redirect);
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      const text =
        name === 'NotAllowedError' || name === 'AbortError' ? CANCELLED : error instanceof Error ? error.message : CANCELLED;
      setStatus({ tone: 'error', text });
      setBusy(false);
    }
  };

  return (
    <div className="passkey-button">
      <button
        type="button"
        className={buttonClass('default', 'default')}
        disabled={support !== 'yes' || busy}
        data-starting={support === 'unknown' ? '' : undefined}
        onClick={run}
      >
        {label}
      </button>
      <p className="passkey-button__status" role="status">
        {support === 'no' && 'This browser cannot use passkeys.'}
        {status && <span className={`passkey-button__${status.tone}`}>{status.text}</span>}
      </p>
    </div>
  );
}
