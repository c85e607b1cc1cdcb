import { kept } from '../cache/caching';
import { AREAS_MAP_PATH } from '../http/paths';

/** `mapRoutes`: the live map's frame, the same for everyone. */
export const mapCaching = {
  [AREAS_MAP_PATH]: kept({ built: true }),
} as const;
