import { buttonClass } from '../../components/button';
import type { StoredAlertSettings } from '../../db/alert-settings';
import { CSRF_FIELD } from '../auth/session-fields';
import { ALERTS_QUIET_PATH, ALERTS_SETTINGS_PATH } from './paths';
import { QuietHoursFields } from './QuietHoursFields';
import { SETTINGS_VERSION_FIELD } from './settings-form';

/**
 * The Alerts page's settings, plain forms that carry the version of the settings they were read
 * from (a save from an older one is refused). The office chooses which alerts come and when;
 * an engineer, whose alerts are their own jobs', chooses only when.
 */

type FormProps = { csrf: string; settings: StoredAlertSettings };

function Hidden({ csrf, settings }: FormProps) {
  return (
    <>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name={SETTINGS_VERSION_FIELD} value={settings.version} />
    </>
  );
}

/** Which of the office's alerts come, and the quiet hours: not an engineer's, whose alerts are their own jobs. */
export function AlertSettingsForm({ csrf, settings }: FormProps) {
  const { choices } = settings;
  return (
    <>
      <h2 className="admin-subtitle" id="settings">
        Which alerts, and when
      </h2>
      <form method="post" action={ALERTS_SETTINGS_PATH} className="admin-form alerts-settings">
        <Hidden csrf={csrf} settings={settings} />
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

const ENGINEER_NOTE =
  'No alerts on your phone between these times: a job given to you, moved or taken off you then comes as an alert when the quiet hours end. Its e-mail still comes at once.';

/** An engineer's quiet hours: their job alerts wait through them; the e-mails about their jobs do not. */
export function QuietHoursForm({ csrf, settings }: FormProps) {
  return (
    <>
      <h2 className="admin-subtitle" id="quiet">
        Quiet hours
      </h2>
      <form method="post" action={ALERTS_QUIET_PATH} className="admin-form alerts-settings">
        <Hidden csrf={csrf} settings={settings} />
        <QuietHoursFields
          from={settings.choices.quietFrom}
          to={settings.choices.quietTo}
          note={ENGINEER_NOTE}
          legend="When your phone stays quiet (UK time)"
        />
        <div className="admin-form__actions">
          <button type="submit" className={buttonClass('default', 'default')}>
            Save quiet hours
          </button>
        </div>
      </form>
    </>
  );
}
