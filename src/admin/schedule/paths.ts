/** The schedule's addresses: the week (the default view) and one day, each with its date in the query. */
export const SCHEDULE_PATH = '/admin/schedule';
export const SCHEDULE_DAY_PATH = '/admin/schedule/day';

export const weekPath = (monday: string) => `${SCHEDULE_PATH}?week=${monday}`;
export const dayPath = (day: string) => `${SCHEDULE_DAY_PATH}?day=${day}`;

/** The signed-in person's calendar feed: POST makes a new address, POST …/off turns it off. */
export const CALENDAR_FEED_PATH = '/admin/schedule/calendar';
export const CALENDAR_FEED_OFF_PATH = '/admin/schedule/calendar/off';
