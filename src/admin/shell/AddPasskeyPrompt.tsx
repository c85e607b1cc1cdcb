import { buttonClass } from '../../components/button';
import { DEVICES_PATH } from './home';

/**
 * Shown on every page of a session begun with ADMIN_TOKEN: the token is for the first sign-in
 * and for recovery, and a passkey is how to sign in from now on. One short line on a phone, so
 * the page under it (the inbox's first five leads) still fits the first screen.
 */
export function AddPasskeyPrompt() {
  return (
    <aside className="admin-passkey-prompt" aria-label="Add a passkey">
      <span>Signed in with the token.</span>
      <a className={buttonClass('default', 'sm')} href={`${DEVICES_PATH}#passkeys`}>
        Add a passkey
      </a>
    </aside>
  );
}
