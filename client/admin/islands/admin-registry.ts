import type { IslandLoaders } from '../../islands/registry';

/** The admin's islands, by name: only the admin document renders them, so only the admin's entry loads this list. */
export const adminIslandLoaders: IslandLoaders = {
  // The editor's visual text box is a chunk of its own, given to the island here, in the browser only.
  PostEditor: () =>
    import('./PostEditor').then((island) => {
      island.provideVisualEditor(() => import('../VisualEditor'));
      return island;
    }),
  PictureDrop: () => import('./PictureDrop'),
  CopyField: () => import('./CopyField'),
  PasskeyButton: () => import('./PasskeyButton'),
  AlertsButton: () => import('./AlertsButton'),
  ContactButtons: () => import('./ContactButtons'),
  ScheduleSwipe: () => import('./ScheduleSwipe'),
  AreaShape: () => import('./AreaShape'),
  SmallPhotos: () => import('./SmallPhotos'),
  SiteQueue: () => import('./SiteQueue'),
  SiteTaps: () => import('./SiteTaps'),
  SignaturePad: () => import('./SignaturePad'),
  QuoteLiveTotals: () => import('./QuoteLiveTotals'),
};

export type AdminIslandName =
  | 'PostEditor'
  | 'PictureDrop'
  | 'CopyField'
  | 'PasskeyButton'
  | 'AlertsButton'
  | 'ContactButtons'
  | 'ScheduleSwipe'
  | 'AreaShape'
  | 'SmallPhotos'
  | 'SiteQueue'
  | 'SiteTaps'
  | 'SignaturePad'
  | 'QuoteLiveTotals';
