import { ALERTS_PATH } from '../shell/home';

/** The Alerts page's addresses; the routes, the page and the island agree on these. */
export const ALERTS_SETTINGS_PATH = `${ALERTS_PATH}/settings`;
/** An engineer's quiet hours: their only alert setting (their alerts are their own jobs'). */
export const ALERTS_QUIET_PATH = `${ALERTS_PATH}/quiet-hours`;
export const ALERTS_TEST_PATH = `${ALERTS_PATH}/test`;
export const alertRemovePath = (id: number) => `${ALERTS_PATH}/devices/${id}/remove`;

/** The island's posts: under /admin/api/, so refusals are JSON with a message. */
export const ALERTS_API = {
  subscribe: '/admin/api/alerts/subscribe',
  unsubscribe: '/admin/api/alerts/unsubscribe',
} as const;
