/** The admin's first page: where /admin, signing in and the logo lead. */
export const ADMIN_HOME = '/admin/dashboard';
