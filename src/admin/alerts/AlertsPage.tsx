import AlertsButton from '../../../client/admin/islands/AlertsButton';
import { buttonClass } from '../../components/button';
import { Island } from '../../components/Island';
import type { AlertChoices } from '../../db/push-subscriptions';
import type { PushSubscriptionRow } from '../../db/schema';
import type { TestAlertResult } from '../../push/test-alert';
import { formatLondon } from '../../rules/uk-time';
import { CSRF_FIELD } from '../auth/session-fields';
import { Notice } from '../shell/MessagePage';
import { ALERTS_API, ALERTS_SETTINGS_PATH, ALERTS_TEST_PATH, alertRemovePath } from './paths';
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
  /** Which alerts come and when; null for an engineer, whose only alerts are about their own jobs. */
  choices: AlertChoices | null;
  notice?: keyof typeof ALERTS_NOTICES;
  error?: string;
  /** What the test alert just sent did, device by device. */
  test?: TestAlertResult | null;
}

const devices = (n: number) => (n === 1 ? '1 device' : `${n} devices`);

/** What a test alert did, in words: where it went, what failed and what to do. */
function testWords({ sent, failed, gone }: TestAlertResult): { tone: 'success' | 'error'; text: string } {
  if (sent + failed + gone === 0) {
    return {
      tone: 'error',
      text: 'No test alert was sent: you have no devices with alerts on. Turn them on for this device above first.',
    };
  }
  const parts = [
    sent > 0
      ? `A test alert went to ${devices(sent)}. It should show within a few seconds; if it does not, check that notifications are allowed for this site in the device’s settings.`
      : 'The test alert reached none of your devices.',
    failed > 0
      ? `${devices(failed)} could not be reached: the push service did not accept the alert. Try again in a minute.`
      : '',
    gone > 0 ? `${devices(gone)} had turned alerts off in its browser and ${gone === 1 ? 'is' : 'are'} now off your list.` : '',
  ];
  return { tone: sent > 0 && failed === 0 ? 'success' : 'error', text: parts.filter(Boolean).join(' ') };
}

/** "Send a test alert" to your own devices, and what the last one did. */
function TestAlert({ csrf, test }: { csrf: string; test?: TestAlertResult | null }) {
  const said = test ? testWords(test) : null;
  return (
    <div id="test" className="alerts-test">
      {said && <Notice tone={said.tone}>{said.text}</Notice>}
      <form method="post" action={ALERTS_TEST_PATH}>
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <button type="submit" className={buttonClass('outline', 'default')}>
          Send a test alert
        </button>
      </form>
    </div>
  );
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
export function AlertsPage({ csrf, publicKey, own, sessionId, others, choices, notice, error, test }: AlertsPageProps) {
  const [tone, text] = notice ? ALERTS_NOTICES[notice] : [];
  return (
    <section className="admin-panel">
      <h1 className="admin-title">Alerts</h1>
      {tone && <Notice tone={tone}>{text}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <p className="admin-muted">
        {choices
          ? 'A new request, a customer cancelling or asking to rebook, or an e-mail to a customer that could not be delivered: an alert on your phone within seconds. Tap it to open the lead.'
          : 'A job given to you, moved, or taken off you: an alert on your phone within seconds, as well as the e-mail. Tap it to open the job.'}{' '}
        Signing a device out (here, on Devices, or by the owner) turns its alerts off.
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
          {choices === null
            ? 'Alerts are not set up on this website yet. Ask the owner.'
            : 'Alerts are not set up on this website yet: whoever looks after the website needs to add its alert keys (the README’s section “Alerts on the owner’s phone” says how).'}
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
      {publicKey && <TestAlert csrf={csrf} test={test} />}
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
      {choices && <AlertSettingsForm csrf={csrf} choices={choices} />}
    </section>
  );
}

/** Which of the office's alerts come, and the quiet hours: not an engineer's, whose alerts are their own jobs. */
function AlertSettingsForm({ csrf, choices }: { csrf: string; choices: AlertChoices }) {
  return (
    <>
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
    </>
  );
}
