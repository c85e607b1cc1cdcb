import type { ComponentType } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: props arrive as parsed JSON
export type IslandLoaders = Record<string, () => Promise<{ default: ComponentType<any> }>>;

/**
 * The islands a public page can carry, by name. The name is written into the page by <Island>;
 * each loader is a dynamic import, so each island is its own chunk, fetched only on pages that
 * carry it. The admin's islands are listed in the admin's own registry (adminIslandLoaders), which
 * client/main.ts fetches only for a page carrying one of them: a visitor's browser never fetches
 * even their names.
 */
export const publicIslandLoaders: IslandLoaders = {
  Toaster: () => import('./Toaster'),
  ContactForm: () => import('./ContactForm'),
  QuoteRequestForm: () => import('./QuoteRequestForm'),
  AreasMap: () => import('./AreasMap'),
};

export type PublicIslandName = 'Toaster' | 'ContactForm' | 'QuoteRequestForm' | 'AreasMap';
