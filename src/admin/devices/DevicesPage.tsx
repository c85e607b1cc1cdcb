import { buttonClass } from '../../components/button';
import type { AdminSessionRow, Passkey } from '../../db/schema';
import { formatLondon } from '../../rules/uk-time';
import { CSRF_FIELD } from '../auth/session';
import { Notice } from '../shell/MessagePage';
import { PasskeySection } from './PasskeySection';

export const DEVICES_NOTICES = {
  ended: ['success', 'That device is signed out.'],
  'others-ended': ['success', 'Every other device is signed out.'],
  'passkey-added': ['success', 'Passkey added. Next time, sign in with it.'],
  'passkey-removed': ['success', 'Passkey removed.'],
} as const;

export interface DevicesPageProps {
  csrf: string;
  currentId: number;
  sessions: AdminSessionRow[];
  passkeys: Passkey[];
  notice?: keyof typeof DEVICES_NOTICES;
}

const lastUsed = (row: AdminSessionRow, currentId: number) =>
  row.id === currentId ? 'This device, now' : `Last used ${formatLondon(row.lastUsedAt)}`;

/** Where you are signed in (end any one, or all others) and your passkeys. Plain forms; only adding a passkey needs JavaScript. */
export function DevicesPage({ csrf, currentId, sessions, passkeys, notice }: DevicesPageProps) {
  const [tone, text] = notice ? DEVICES_NOTICES[notice] : [];
  return (
    <section className="admin-panel">
      <h1 className="admin-title">Devices</h1>
      {tone && <Notice tone={tone}>{text}</Notice>}
      <h2 className="admin-subtitle">Signed in</h2>
      <p className="admin-muted">Times are UK time. Ending a session signs that device out at once.</p>
      <ul className="admin-list">
        {[...sessions]
          .sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId))
          .map((row) => (
            <li key={row.id} className="admin-item">
              <div className="admin-item__main">
                <span className="admin-item__title">{row.device}</span>
                <p className="admin-item__meta">
                  <span>{lastUsed(row, currentId)}</span>
                  <span>{`Signed in ${formatLondon(row.createdAt)}`}</span>
                  <span>{row.remember ? 'Remembered for 30 days' : 'Ends after 12 hours unused'}</span>
                </p>
              </div>
              {row.id !== currentId && (
                <form method="post" action={`/admin/devices/${row.id}/end`} className="admin-item__actions">
                  <input type="hidden" name={CSRF_FIELD} value={csrf} />
                  <button type="submit" className={buttonClass('outline', 'sm')}>
                    Sign out this device
                  </button>
                </form>
              )}
            </li>
          ))}
      </ul>
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
