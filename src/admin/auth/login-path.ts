/**
 * The sign-in page's address, and where signing out lands: shared with the browser, whose
 * service worker forgets the engineer's kept day on the signed-out page (client/sw).
 */
export const LOGIN_PATH = '/admin/login';
/** The query parameter the sign-in page is shown with after signing out. */
export const SIGNED_OUT_PARAM = 'signed-out';
