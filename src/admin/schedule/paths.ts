/** The schedule's addresses: the week (the default view) and one day, each with its date in the query. */
export const SCHEDULE_PATH = '/admin/schedule';
export const SCHEDULE_DAY_PATH = '/admin/schedule/day';

export const weekPath = (monday: string) => `${SCHEDULE_PATH}?week=${monday}`;
export const dayPath = (day: string) => `${SCHEDULE_DAY_PATH}?day=${day}`;
