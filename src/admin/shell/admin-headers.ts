import { NO_STORE } from '../../http/cache-control';

/** On every admin response, whatever its status: never indexed, never stored by any cache. */
export const ADMIN_HEADERS = { 'Cache-Control': NO_STORE, 'X-Robots-Tag': 'noindex, nofollow' } as const;
