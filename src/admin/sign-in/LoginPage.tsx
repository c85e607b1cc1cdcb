import { buttonClass } from '../../components/button';
import { Notice } from '../shell/MessagePage';

export interface LoginPageProps {
  next?: string;
  error?: string;
  signedOut?: boolean;
}

/** The sign-in form: one password field for the owner's ADMIN_TOKEN. */
export function LoginPage({ next, error, signedOut }: LoginPageProps) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <h1 className="admin-title">Sign in</h1>
      {signedOut && !error && <Notice tone="info">You have signed out.</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <form method="post" action="/admin/login" className="admin-form">
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
            The ADMIN_TOKEN secret set for this site. You stay signed in for 12 hours on this device.
          </p>
        </div>
        <button type="submit" className={buttonClass('default', 'default', 'admin-form__submit')}>
          Sign in
        </button>
      </form>
    </section>
  );
}
