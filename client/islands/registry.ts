import type { ComponentType } from 'react';

/**
 * Every island the browser can hydrate, by name. The name is written into the page by
 * <Island>; each loader is a dynamic import, so each island is its own chunk, fetched only
 * on pages that carry it.
 */
// biome-ignore lint/suspicious/noExplicitAny: props arrive as parsed JSON
export const islandLoaders: Record<string, () => Promise<{ default: ComponentType<any> }>> = {
  Toaster: () => import('./Toaster'),
  ContactForm: () => import('./ContactForm'),
  QuoteForm: () => import('./QuoteForm'),
  AreasMap: () => import('./AreasMap'),
  // The admin's islands: only the admin document renders them, so only the admin loads them.
  // The editor's visual text box is a chunk of its own, given to the island here, in the browser only.
  PostEditor: () =>
    import('./PostEditor').then((island) => {
      island.provideVisualEditor(() => import('../admin/VisualEditor'));
      return island;
    }),
  PictureDrop: () => import('./PictureDrop'),
  CopyField: () => import('./CopyField'),
  PasskeyButton: () => import('./PasskeyButton'),
  AlertsButton: () => import('./AlertsButton'),
  ContactButtons: () => import('./ContactButtons'),
  ScheduleSwipe: () => import('./ScheduleSwipe'),
  AreaShape: () => import('./AreaShape'),
};

export type IslandName =
  | 'Toaster'
  | 'ContactForm'
  | 'QuoteForm'
  | 'AreasMap'
  | 'PostEditor'
  | 'PictureDrop'
  | 'CopyField'
  | 'PasskeyButton'
  | 'AlertsButton'
  | 'ContactButtons'
  | 'ScheduleSwipe'
  | 'AreaShape';
