/**
 * The header that marks an answer as an engineer's own page (their schedule, their job), which
 * the admin's service worker may keep on their phone for when there is no signal (issue 50). No
 * other page carries it, so an owner's or the office's pages are never kept.
 */
export const ENGINEER_PAGE_HEADER = 'X-Kept-Offline';
