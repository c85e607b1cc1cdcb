/**
 * The owner's calendar is UK time (GMT in winter, BST in summer): a tap at 00:30 BST belongs to
 * that day, not the one before, and the dashboard's weeks start on a UK Monday.
 */
let format: Intl.DateTimeFormat | undefined;

/**
 * The UK date of an instant, 'YYYY-MM-DD'. The formatter is made on first use: an isolate's
 * first Intl call loads its ICU data, which no page should wait for (only taps and the admin
 * ask for days).
 */
export function londonDay(ms: number): string {
  format ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
  return format.format(new Date(ms));
}

/** A 'YYYY-MM-DD' date moved by whole days (calendar arithmetic, no clocks involved). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The Monday on or before a 'YYYY-MM-DD' date. */
export function mondayOf(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}
