import { buttonClass } from '../../components/button';
import type { AdminSessionRow, Passkey } from '../../db/schema';
import { CSRF_FIELD } from '../auth/session';
import { NameForm } from '../people/NameForm';
import { DEVICES_PATH } from '../shell/home';
import { Notice } from '../shell/MessagePage';
import { PasskeySection } from './PasskeySection';
import { SessionList } from './SessionList';

export const DEVICES_NOTICES = {
  ended: ['success', 'That device is signed out.'],
  'others-ended': ['success', 'Every other device is signed out.'],
  'passkey-added': ['success', 'Passkey added. Next time, sign in with it.'],
  'passkey-removed': ['success', 'Passkey removed.'],
  renamed: ['success', 'Your name is changed.'],
} as const;

export interface DevicesPageProps {
  csrf: string;
  currentId: number;
  sessions: AdminSessionRow[];
  /** The sessions whose device has alerts on. */
  alertSessions: ReadonlySet<number>;
  passkeys: Passkey[];
  /** The signed-in person's name, which they may change here. */
  name: string;
  notice?: keyof typeof DEVICES_NOTICES;
  error?: string;
}

/** Where you are signed in (end any one, or all others) and your passkeys. Plain forms; only adding a passkey needs JavaScript. */
export function DevicesPage({ csrf, currentId, sessions, alertSessions, passkeys, name, notice, error }: DevicesPageProps) {
  const [tone, text] = notice ? DEVICES_NOTICES[notice] : [];
  return (
    <section className="admin-panel">
      <h1 className="admin-title">Devices</h1>
      {tone && <Notice tone={tone}>{text}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <NameForm csrf={csrf} action={`${DEVICES_PATH}/name`} id="own-name" label="Your name" name={name} />
      <h2 className="admin-subtitle">Signed in</h2>
      <p className="admin-muted">
        Times are UK time. Signing a device out takes effect at once: its next tap goes to the sign-in page, and its alerts stop.
      </p>
      <SessionList
        csrf={csrf}
        sessions={sessions}
        currentId={currentId}
        alertSessions={alertSessions}
        endAction={(row) => `/admin/devices/${row.id}/end`}
      />
      {sessions.length > 1 && (
        <form method="post" action="/admin/devices/end-others" className="admin-devices__others">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <button type="submit" className={buttonClass('default', 'default')}>
            Sign out every other device
          </button>
        </form>
      )}
      <PasskeySection csrf={csrf} passkeys={passkeys} />
    </section>
  );
}
