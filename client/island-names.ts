import type { AdminIslandName } from './admin/islands/admin-registry';
import type { PublicIslandName } from './islands/registry';

/** Every island's name, the public site's and the admin's: what the server may write into a page. */
export type IslandName = PublicIslandName | AdminIslandName;
