/** The admin's first page: where /admin, signing in and the logo lead. */
export const ADMIN_HOME = '/admin/dashboard';

/** The signed-in person's sessions and passkeys. */
export const DEVICES_PATH = '/admin/devices';
