import { formatLondonTime } from './uk-time';

/**
 * The times of a visit in words, for the customer's job report: 12-hour UK time, as the booking
 * windows are written ('9:05am', '11:20am').
 */

/** Arrived → finished: '9:05am to 11:20am'. */
export const timeOnSiteWords = (arrivedAt: number, finishedAt: number) =>
  `${formatLondonTime(arrivedAt)} to ${formatLondonTime(finishedAt)}`;
