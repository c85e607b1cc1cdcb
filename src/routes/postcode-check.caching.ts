import type { CachingTable } from '../cache/caching';
import { POSTCODE_CHECK_PATH } from '../http/paths';

/**
 * The postcode check's answers are never kept: one page per thing typed, so keeping them would
 * let anyone fill the cache. Never is the default; it is written here so nobody adds it later
 * by mistake.
 */
export const postcodeCheckCaching = {
  [POSTCODE_CHECK_PATH]: { keep: 'never' },
} as const satisfies CachingTable;
