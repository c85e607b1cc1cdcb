import AlertsButton from '../../../client/admin/islands/AlertsButton';
import { buttonClass } from '../../components/button';
import { Island } from '../../components/Island';
import type { AlertChoices } from '../../db/push-subscriptions';
import type { PushSubscriptionRow } from '../../db/schema';
import { formatLondon } from '../../rules/uk-time';
import { CSRF_FIELD } from '../auth/session-fields';
import { Notice } from '../shell/MessagePage';
import { ALERTS_API, ALERTS_SETTINGS_PATH, alertRemovePath } from './paths';
import { QuietHoursFields } from './QuietHoursFields';

export const ALERTS_NOTICES = {
  on: ['success', 'Done: alerts will come to this device.'],
  off: ['success', 'Alerts are off for this device.'],
  removed: ['success', 'That device will get no more alerts.'],
  saved: ['success', 'Your alert settings are saved.'],
} as const;

export interface AlertsPageProps {
  csrf: string;
  /** The VAPID public key browsers subscribe with; null when alerts are not set up on this server. */
  publicKey: string | null;
  own: PushSubscriptionRow[];
  /** The session this page was opened in: its devices are signed in here. */
  sessionId: number;
  /** The owner sees everyone else's devices too. */
  others: { subscription: PushSubscriptionRow; personName: string }[] | null;
  choices: AlertChoices;
  notice?: keyof typeof ALERTS_NOTICES;
  error?: string;
}

function DeviceItem({ row, csrf, who }: { row: PushSubscriptionRow; csrf: string; who?: string }) {
  return (
    <li className="admin-item">
      <div className="admin-item__main">
        <span className="admin-item__title">{who ? `${who}: ${row.device}` : row.device}</span>
        <p className="admin-item__meta">
          <span>{`Alerts on since ${formatLondon(row.createdAt)}`}</span>
          <span>{row.lastSentAt ? `Last alert ${formatLondon(row.lastSentAt)}` : 'No alert yet'}</span>
          {row.sessionId === null && <span>Its sign-in has run out: alerts still come until turned off</span>}
        </p>
      </div>
      <form method="post" action={alertRemovePath(row.id)} className="admin-item__actions">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <button type="submit" className={buttonClass('outline', 'sm', 'admin-danger-link')}>
          Turn off
        </button>
      </form>
    </li>
  );
}

/**
 * Alerts on your phone: turn them on for this device (an island: the Push API needs JavaScript),
 * see and turn off your devices (and, for the owner, anyone's), and choose which alerts come and
 * when they keep quiet. Everything but turning a device on is a plain form.
 */
export function AlertsPage({ csrf, publicKey, own, sessionId, others, choices, notice, error }: AlertsPageProps) {
  const [tone, text] = notice ? ALERTS_NOTICES[notice] : [];
  return (
    <section className="admin-panel">
      <h1 className="admin-title">Alerts</h1>
      {tone && <Notice tone={tone}>{text}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <p className="admin-muted">
        A new request, a customer cancelling or asking to rebook, or an e-mail to a customer that could not be delivered: an alert
        on your phone within seconds. Tap it to open the lead. Signing a device out (here, on Devices, or by the owner) turns its
        alerts off.
      </p>
      <h2 className="admin-subtitle">This device</h2>
      {publicKey ? (
        <>
          <noscript>
            <p className="admin-notice admin-notice--info">Turning on alerts needs JavaScript, which is off in this browser.</p>
          </noscript>
          <Island
            name="AlertsButton"
            component={AlertsButton}
            props={{
              csrf,
              publicKey,
              api: ALERTS_API,
              ownEndpoints: own.map((row) => row.endpoint),
              sessionEndpoints: own.filter((row) => row.sessionId === sessionId).map((row) => row.endpoint),
            }}
          />
        </>
      ) : (
        <Notice tone="info">
          Alerts are not set up on this website yet: the VAPID keys are missing (see the README, "Alerts on the owner's phone").
        </Notice>
      )}
      <h2 className="admin-subtitle">Your devices with alerts on</h2>
      {own.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul className="admin-list">
          {own.map((row) => (
            <DeviceItem key={row.id} row={row} csrf={csrf} />
          ))}
        </ul>
      )}
      {others && others.length > 0 && (
        <>
          <h2 className="admin-subtitle">Other people's devices</h2>
          <ul className="admin-list">
            {others.map(({ subscription, personName }) => (
              <DeviceItem key={subscription.id} row={subscription} csrf={csrf} who={personName} />
            ))}
          </ul>
        </>
      )}
      <h2 className="admin-subtitle" id="settings">
        Which alerts, and when
      </h2>
      <form method="post" action={ALERTS_SETTINGS_PATH} className="admin-form alerts-settings">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <label className="admin-check">
          <input type="checkbox" name="newLeads" value="yes" defaultChecked={choices.newLeads} /> New requests
        </label>
        <label className="admin-check">
          <input type="checkbox" name="customerRequests" value="yes" defaultChecked={choices.customerRequests} /> A customer
          cancels or asks to rebook
        </label>
        <label className="admin-check">
          <input type="checkbox" name="undelivered" value="yes" defaultChecked={choices.undelivered} /> An e-mail to a customer
          could not be delivered
        </label>
        <QuietHoursFields from={choices.quietFrom} to={choices.quietTo} />
        <div className="admin-form__actions">
          <button type="submit" className={buttonClass('default', 'default')}>
            Save alert settings
          </button>
        </div>
      </form>
    </section>
  );
}
