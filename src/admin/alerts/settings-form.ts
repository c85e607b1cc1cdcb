import type { AlertChoices } from '../../db/push-subscriptions';
import { CLOCK_TIME, formatClockTime } from '../../rules/quiet-hours';

/** The quiet hours one may choose: each hour of the day. */
export const QUIET_HOUR_CHOICES = Array.from({ length: 24 }, (_, hour) => formatClockTime(hour * 60));

const QUIET_HOURS_MESSAGE = 'Choose both a start and an end for quiet hours (different times), or neither.';

/** The settings form's fields: checkboxes ("yes" or absent) and two times, both or neither. */
export function parseAlertSettings(
  body: Record<string, unknown>,
): { ok: true; choices: AlertChoices } | { ok: false; error: string } {
  const on = (name: string) => body[name] === 'yes';
  const time = (name: string) => {
    const value = body[name];
    return typeof value === 'string' && value.length <= 5 ? value : null;
  };
  const from = time('quietFrom') ?? '';
  const to = time('quietTo') ?? '';
  const none = from === '' && to === '';
  if (!none && (!CLOCK_TIME.test(from) || !CLOCK_TIME.test(to) || from === to)) return { ok: false, error: QUIET_HOURS_MESSAGE };
  return {
    ok: true,
    choices: {
      newLeads: on('newLeads'),
      customerRequests: on('customerRequests'),
      undelivered: on('undelivered'),
      quietFrom: none ? null : from,
      quietTo: none ? null : to,
    },
  };
}
