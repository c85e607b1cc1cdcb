import { clockWords } from './clock-words';
import { dayWords } from './job-status';
import { addDays, londonDay, pad2, ukClock } from './uk-time';

/**
 * When something waiting will happen, in the owner's words and UK time: 'today at 4:40pm',
 * 'tomorrow at 9am', 'on Monday 30 November 2026 at 4:40pm'. For an e-mail held until it is due
 * (the review request, two hours after done), so the admin says when it goes instead of "Sending".
 * Midnight as the day it begins, as the emergency line words it: 'at midnight tonight'.
 */
export function dueWords(at: number, now: number): string {
  const { hour, minute } = ukClock(at);
  const clock = clockWords(`${pad2(hour)}:${pad2(minute)}`);
  const day = londonDay(at);
  const today = londonDay(now);
  if (clock === 'midnight') return day === addDays(today, 1) ? 'at midnight tonight' : `at midnight as ${dayWords(day)} begins`;
  if (day === today) return `today at ${clock}`;
  if (day === addDays(today, 1)) return `tomorrow at ${clock}`;
  return `on ${dayWords(day)} at ${clock}`;
}
