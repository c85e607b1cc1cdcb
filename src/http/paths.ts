/**
 * Paths that more than one part of the Worker must agree on: a route serves them, and a
 * component links to them or a middleware treats them specially.
 */

/** The live map's own document, framed by <AreasMapBlock> (`mapRoutes`). */
export const AREAS_MAP_PATH = '/areas-map';

/** The answer to "Do we cover you?", the areas' postcode check (`postcodeCheckRoutes`). */
export const POSTCODE_CHECK_PATH = '/postcode-check';

/** The privacy notice, linked from the footer and both forms. */
export const PRIVACY_PATH = '/privacy';

/** Where the two lead forms post: routes with their own body limits, which the app's 64 KB limit skips. */
export const LEAD_POST_PATHS = { contact: '/api/contact', quote: '/api/quote' } as const;
export const isLeadPostPath = (path: string) => path === LEAD_POST_PATHS.contact || path === LEAD_POST_PATHS.quote;

/** Where the call, WhatsApp and e-mail links send their `ping` (`tapRoutes`). */
export const TAP_PATH = '/api/tap';

/** The admin's first page: where /admin, signing in and the logo lead, and a phone alert that is about no lead. */
export const ADMIN_HOME = '/admin/dashboard';
