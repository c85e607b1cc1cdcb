/**
 * A time of day in words, one way for the whole site: the opening hours, when the line next
 * opens, a booking's arrival window (windowWords), when a held e-mail goes. 12-hour with am/pm,
 * minutes only when there are some, and 00:00 as 'midnight' ('12am' is read both ways; GOV.UK's
 * style says midnight). Noon stays '12pm', as the booking windows have always said it. A caller
 * that names a day beside midnight says which night it means (nextOpeningInWords, dueWords).
 */

/** '08:00' → '8am', '17:30' → '5:30pm', '12:00' → '12pm', '00:15' → '12:15am', '00:00' → 'midnight'. */
export function clockWords(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  if (h === 0 && m === 0) return 'midnight';
  const hour = h % 12 === 0 ? 12 : h % 12;
  const minutes = m === 0 ? '' : `:${String(m).padStart(2, '0')}`;
  return `${hour}${minutes}${h < 12 ? 'am' : 'pm'}`;
}
