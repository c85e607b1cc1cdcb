import { buttonClass } from '../../components/button';
import { PasskeyButtonIsland } from '../devices/PasskeySection';
import { Notice } from '../shell/MessagePage';
import { PASSKEY_API } from './passkey-paths';

export interface LoginPageProps {
  next?: string;
  error?: string;
  signedOut?: boolean;
}

/**
 * Sign in with a passkey (JavaScript), or with the ADMIN_TOKEN secret (a plain form): the token is
 * the first sign-in and the way back when every passkey is lost. "Remember this device" applies
 * to either.
 */
export function LoginPage({ next, error, signedOut }: LoginPageProps) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <h1 className="admin-title">Sign in</h1>
      {signedOut && !error && <Notice tone="info">You have signed out.</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <div className="lead-form__field admin-remember">
        <label>
          <input type="checkbox" id="remember" name="remember" value="yes" form="token-form" /> Remember this device for 30 days
        </label>
        <p className="lead-form__hint">Leave it unticked on a shared computer: you are then signed out after 12 hours unused.</p>
      </div>
      <h2 className="admin-subtitle">With a passkey</h2>
      <PasskeyButtonIsland
        mode="sign-in"
        label="Sign in with a passkey"
        optionsUrl={PASSKEY_API.signInOptions}
        verifyUrl={PASSKEY_API.signIn}
        rememberId="remember"
        {...(next ? { next } : {})}
      />
      <h2 className="admin-subtitle">Or with the admin token</h2>
      <p className="admin-muted">For the first sign-in, or when every passkey is lost.</p>
      <form method="post" action="/admin/login" className="admin-form" id="token-form">
        {next && <input type="hidden" name="next" value={next} />}
        <div className="lead-form__field">
          <label className="lead-form__label" htmlFor="token">
            Admin token
          </label>
          <input
            className="lead-form__control"
            id="token"
            name="token"
            type="password"
            autoComplete="current-password"
            required
            maxLength={500}
            aria-describedby="token-hint"
          />
          <p className="lead-form__hint" id="token-hint">
            The ADMIN_TOKEN secret set for this site. You will be asked to add a passkey straight after.
          </p>
        </div>
        <button type="submit" className={buttonClass('default', 'default', 'admin-form__submit')}>
          Sign in
        </button>
      </form>
    </section>
  );
}
