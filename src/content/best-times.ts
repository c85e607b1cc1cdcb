/**
 * The "best time to call" both forms offer, optional. Browser-safe: the islands show these, the
 * schemas accept exactly these values, the owner's e-mail, the admin and the CSV name them.
 */
export const BEST_TIMES = [
  { value: 'asap', label: 'As soon as possible' },
  { value: 'morning', label: 'Morning (8am to 12pm)' },
  { value: 'afternoon', label: 'Afternoon (12pm to 5pm)' },
  { value: 'evening', label: 'Evening (5pm to 8pm)' },
] as const;

export const NO_BEST_TIME_LABEL = 'No preference';

export const bestTimeLabel = (value: string): string =>
  BEST_TIMES.find((time) => time.value === value)?.label ?? NO_BEST_TIME_LABEL;
