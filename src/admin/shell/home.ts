/** The admin's first page (defined with the paths the site's other parts share: the phone alerts open it too). */
export { ADMIN_HOME } from '../../http/paths';

/** The signed-in person's sessions and passkeys. */
export const DEVICES_PATH = '/admin/devices';

/** Alerts on the person's phones (issue 36): their devices, which alerts, quiet hours. */
export const ALERTS_PATH = '/admin/alerts';
