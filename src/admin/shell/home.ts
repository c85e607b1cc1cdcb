/** The admin's first page: where /admin, signing in and the logo lead. */
export const ADMIN_HOME = '/admin/dashboard';

/** The signed-in person's sessions and passkeys. */
export const DEVICES_PATH = '/admin/devices';

/** Alerts on the person's phones (issue 36): their devices, which alerts, quiet hours. */
export const ALERTS_PATH = '/admin/alerts';
