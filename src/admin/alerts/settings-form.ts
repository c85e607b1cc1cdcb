import type { AlertChoices } from '../../db/alert-settings';
import { CLOCK_TIME, formatClockTime } from '../../rules/quiet-hours';

/** The quiet hours one may choose: each hour of the day. */
export const QUIET_HOUR_CHOICES = Array.from({ length: 24 }, (_, hour) => formatClockTime(hour * 60));

/** The hidden field with the version of the settings a form was read from (`saveAlertSettingsIfCurrent`). */
export const SETTINGS_VERSION_FIELD = 'version';

/** The version a form says it was read from; null when it carries none (never read from the settings as they are). */
export function versionOf(body: Record<string, unknown>): string | null {
  const value = body[SETTINGS_VERSION_FIELD];
  return typeof value === 'string' && value.length <= 15 ? value : null;
}

const QUIET_HOURS_MESSAGE = 'Choose both a start and an end for quiet hours (different times), or neither.';

type Parsed<T> = { ok: true; choices: T } | { ok: false; error: string };

type QuietHours = Pick<AlertChoices, 'quietFrom' | 'quietTo'>;

/** The two quiet-hour selects: both times or neither (the same on everyone's form). */
export function parseQuietHours(body: Record<string, unknown>): Parsed<QuietHours> {
  const time = (name: string) => {
    const value = body[name];
    return typeof value === 'string' && value.length <= 5 ? value : null;
  };
  const from = time('quietFrom') ?? '';
  const to = time('quietTo') ?? '';
  const none = from === '' && to === '';
  if (!none && (!CLOCK_TIME.test(from) || !CLOCK_TIME.test(to) || from === to)) return { ok: false, error: QUIET_HOURS_MESSAGE };
  return { ok: true, choices: { quietFrom: none ? null : from, quietTo: none ? null : to } };
}

/** The office's settings form: checkboxes ("yes" or absent) and the quiet hours. */
export function parseAlertSettings(body: Record<string, unknown>): Parsed<AlertChoices> {
  const quiet = parseQuietHours(body);
  if (!quiet.ok) return quiet;
  const on = (name: string) => body[name] === 'yes';
  return {
    ok: true,
    choices: {
      newLeads: on('newLeads'),
      customerRequests: on('customerRequests'),
      undelivered: on('undelivered'),
      ...quiet.choices,
    },
  };
}
