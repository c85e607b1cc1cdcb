import { buttonClass } from '../../components/button';
import type { AdminSessionRow } from '../../db/schema';
import { formatLondon } from '../../rules/uk-time';
import { CSRF_FIELD } from '../auth/session';
import { Badge } from '../shell/parts';

export interface SessionListProps {
  csrf: string;
  sessions: AdminSessionRow[];
  /** The session this page was opened in: marked "This device", first, with no button. */
  currentId?: number;
  /** Where the button under a session posts to end it. */
  endAction: (row: AdminSessionRow) => string;
  /** The sessions whose device has alerts on (signing one out turns them off). */
  alertSessions?: ReadonlySet<number>;
}

const how: Record<AdminSessionRow['method'], string> = {
  passkey: 'with a passkey',
  token: 'with the token',
  invite: 'from an invitation',
};

/**
 * Sessions, each named by its browser and system, with when it was first and last seen. Each
 * button names the device it signs out, so "this device" never means the wrong one.
 */
export function SessionList({ csrf, sessions, currentId, endAction, alertSessions }: SessionListProps) {
  const sorted = [...sessions].sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId));
  return (
    <ul className="admin-list admin-sessions">
      {sorted.map((row) => {
        const current = row.id === currentId;
        return (
          <li key={row.id} className="admin-item">
            <div className="admin-item__main">
              <span className="admin-item__title">
                {row.device} {current && <Badge tone="green">This device</Badge>}{' '}
                {alertSessions?.has(row.id) && <Badge tone="blue">Alerts on</Badge>}
              </span>
              <p className="admin-item__meta">
                <span>{`First seen ${formatLondon(row.createdAt)}, ${how[row.method]}`}</span>
                <span>{current ? 'Last seen now' : `Last seen ${formatLondon(row.lastUsedAt)}`}</span>
                <span>{row.remember ? 'Remembered for 30 days' : 'Signs out after 12 hours unused'}</span>
              </p>
            </div>
            {!current && (
              <form method="post" action={endAction(row)} className="admin-item__actions">
                <input type="hidden" name={CSRF_FIELD} value={csrf} />
                <button type="submit" className={buttonClass('outline', 'sm')}>
                  {`Sign out ${row.device}`}
                </button>
              </form>
            )}
          </li>
        );
      })}
    </ul>
  );
}
