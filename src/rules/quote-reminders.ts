/**
 * When a sent quote's reminders to the customer fall due: three days and ten days after sending,
 * and two days before it expires. A reminder that would come after the one before expiry, or too
 * close to sending to be one, is left out. Each is checked again when due (an answer, a decline or
 * a replaced quote stops it). Browser-safe.
 */
const DAY_MS = 86_400_000;

export type QuoteReminder = 'day-3' | 'day-10' | 'expiry';

export function quoteReminderTimes(sentAt: number, validDays: number): { reminder: QuoteReminder; dueAt: number }[] {
  const expiry = sentAt + (validDays - 2) * DAY_MS;
  const chasers = [
    { reminder: 'day-3' as const, dueAt: sentAt + 3 * DAY_MS },
    { reminder: 'day-10' as const, dueAt: sentAt + 10 * DAY_MS },
  ].filter(({ dueAt }) => dueAt < expiry);
  return validDays > 3 ? [...chasers, { reminder: 'expiry', dueAt: expiry }] : chasers;
}
