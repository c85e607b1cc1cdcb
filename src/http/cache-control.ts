/** The Cache-Control values every response picks from, so a route never spells one out. */

/**
 * Public pages: browsers revalidate; a shared cache in front may keep a copy a minute (an owner's
 * edit is promised on every page within one) and serve it while refreshing.
 */
export const PAGE_CACHE = 'public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=86400';
/**
 * Form pages, filled per response (a fresh form token, the visitor's own attribution): browsers
 * revalidate, and no shared cache may keep one visitor's copy for another.
 */
export const FILLED_PAGE_CACHE = 'private, no-cache';
/** Anything personal or per-request (form results, admin, errors). */
export const NO_STORE = 'private, no-store';
/** Feeds and the sitemap: an hour in browsers and at the edge, served stale for a day while refreshing. */
export const FEED_CACHE = 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400';
/** Uploaded pictures: the URL is the content's hash, so the bytes behind it never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Marks a form page's answer as holding form-token placeholders, to be filled for each response
 * (set by declaredCaching from the route's `fill: 'form'`). Here, not beside
 * the token's code, so the front door can read it without evaluating that code.
 */
export const FORM_TOKEN_HEADER = 'X-Form-Token';

/** Set by the renderer on a page whose content changes at a known time (a notice starts or ends): epoch ms. */
export const CONTENT_EXPIRES_HEADER = 'X-Content-Expires';
/** Set by the renderer on every page: the content revision it was rendered from. */
export const CONTENT_REVISION_HEADER = 'X-Content-Revision';
