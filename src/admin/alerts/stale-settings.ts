import type { AlertChoices, StoredAlertSettings } from '../../db/alert-settings';
import { clockWords } from '../../rules/clock-words';
import { formatLondon, formatLondonTime, londonDay } from '../../rules/uk-time';

/**
 * The refusal of a settings form read before the person's last save (another tab, another
 * device): when that save was, and what the settings now say, so they can choose again.
 */

/** 'Quiet hours are now 10pm to 7am' (12-hour, as the form's times read). */
function quietHoursWords({ quietFrom, quietTo }: Pick<AlertChoices, 'quietFrom' | 'quietTo'>): string {
  return quietFrom && quietTo
    ? `Quiet hours are now ${clockWords(quietFrom)} to ${clockWords(quietTo)}.`
    : 'There are now no quiet hours.';
}

/** The office's alert kinds that are on, in the form's words. */
function kindsWords(choices: AlertChoices): string {
  const on = [
    choices.newLeads && 'new requests',
    choices.customerRequests && 'customers cancelling or asking to rebook',
    choices.undelivered && 'e-mails to customers that could not be delivered',
  ].filter(Boolean);
  return on.length === 0 ? 'All alerts are now off.' : `Alerts now on: ${on.join('; ')}.`;
}

/** 'at 9:14pm' today, else 'on 3 Dec 2026 at 9:14pm'. */
function whenWords(at: number, now: number): string {
  const time = formatLondonTime(at);
  return londonDay(at) === londonDay(now) ? `at ${time}` : `on ${formatLondon(at).split(',')[0]} at ${time}`;
}

export function staleSettingsMessage(current: StoredAlertSettings, withKinds: boolean, now: number): string {
  const what = [withKinds ? kindsWords(current.choices) : '', quietHoursWords(current.choices)].filter(Boolean).join(' ');
  if (current.savedAt === null) return `Nothing was saved: this form was out of date. ${what} Choose again and save.`;
  return `Nothing was saved: your alert settings were changed ${whenWords(current.savedAt, now)}, after you opened this page (in another tab or on another device). ${what} Here they are as they are now: choose again and save if you still want a change.`;
}
