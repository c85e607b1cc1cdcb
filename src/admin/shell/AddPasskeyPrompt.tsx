import { buttonClass } from '../../components/button';
import { DEVICES_PATH } from './home';

/**
 * Shown on every page of a session begun with ADMIN_TOKEN: the token is for the first sign-in
 * and for recovery, and a passkey is how to sign in from now on.
 */
export function AddPasskeyPrompt() {
  return (
    <aside className="admin-passkey-prompt" aria-label="Add a passkey">
      <span>
        You signed in with the admin token. Add a passkey on this device, and sign in with your fingerprint, face or screen lock
        from now on.
      </span>
      <a className={buttonClass('default', 'sm')} href={`${DEVICES_PATH}#passkeys`}>
        Add a passkey
      </a>
    </aside>
  );
}
