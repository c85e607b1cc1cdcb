import { clockWords } from './clock-words';
import { pad2, ukClock } from './uk-time';

/**
 * The times of a visit in words, for the customer's job report: 12-hour UK time, as the booking
 * windows are written ('9:05am', '11:20am').
 */

/** The UK clock at an instant: '9:05am', '2pm'. */
export function clockAt(ms: number): string {
  const { hour, minute } = ukClock(ms);
  return clockWords(`${pad2(hour)}:${pad2(minute)}`);
}

/** Arrived → finished: '9:05am to 11:20am'. */
export const timeOnSiteWords = (arrivedAt: number, finishedAt: number) => `${clockAt(arrivedAt)} to ${clockAt(finishedAt)}`;
