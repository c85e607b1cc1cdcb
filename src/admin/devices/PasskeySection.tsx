import PasskeyButton, { type PasskeyButtonProps } from '../../../client/admin/islands/PasskeyButton';
import { buttonClass } from '../../components/button';
import { Island } from '../../components/Island';
import type { Passkey } from '../../db/schema';
import { formatLondon } from '../../rules/uk-time';
import { PASSKEY_API } from '../auth/passkey-paths';
import { CSRF_FIELD } from '../auth/session';

/**
 * The passkey button (an island: WebAuthn needs JavaScript), and in its place without JavaScript
 * a line that says so. Used on sign-in, Devices and an invitation.
 */
export function PasskeyButtonIsland(props: PasskeyButtonProps) {
  return (
    <>
      <noscript>
        <p className="admin-notice admin-notice--info">Passkeys need JavaScript, which is off in this browser.</p>
      </noscript>
      <Island name="PasskeyButton" component={PasskeyButton} props={props} />
    </>
  );
}

/** The person's passkeys: add one on this device (JavaScript), remove any (a plain form). */
export function PasskeySection({ csrf, passkeys }: { csrf: string; passkeys: Passkey[] }) {
  return (
    <>
      <h2 className="admin-subtitle" id="passkeys">
        Passkeys
      </h2>
      <p className="admin-muted">
        A passkey signs you in with this device's fingerprint, face or screen lock: nothing to type, and nothing another site can
        ask you for.
      </p>
      {passkeys.length === 0 ? (
        <p>No passkeys yet.</p>
      ) : (
        <ul className="admin-list">
          {passkeys.map((key) => (
            <li key={key.id} className="admin-item">
              <div className="admin-item__main">
                <span className="admin-item__title">{`Passkey made on ${key.device}`}</span>
                <p className="admin-item__meta">
                  <span>{`Added ${formatLondon(key.createdAt)}`}</span>
                  <span>{key.lastUsedAt ? `Last used ${formatLondon(key.lastUsedAt)}` : 'Not used yet'}</span>
                </p>
              </div>
              <form method="post" action={`/admin/devices/passkeys/${key.id}/remove`} className="admin-item__actions">
                <input type="hidden" name={CSRF_FIELD} value={csrf} />
                <button type="submit" className={buttonClass('outline', 'sm', 'admin-danger-link')}>
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <PasskeyButtonIsland
        mode="register"
        label="Add a passkey on this device"
        optionsUrl={PASSKEY_API.registerOptions}
        verifyUrl={PASSKEY_API.register}
        csrf={csrf}
      />
    </>
  );
}
