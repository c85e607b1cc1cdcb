import { formatLondonTime } from './uk-time';

/** When something happened on site, in words: '8:05am', UK time. */
export const timeWords = (ms: number): string => formatLondonTime(ms);

/** How long between arriving and finishing: '1 hour 25 minutes', '40 minutes'. */
export function durationWords(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourPart = hours === 0 ? '' : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  const minutePart = rest === 0 && hours > 0 ? '' : `${rest} ${rest === 1 ? 'minute' : 'minutes'}`;
  return [hourPart, minutePart].filter(Boolean).join(' ');
}
