/**
 * Where each town's label sits relative to its dot, in maplibre's Marker anchor terms (the
 * side of the label that touches the dot): 'left' puts the label to the right of the dot,
 * 'top' below it, 'bottom' above it, 'top-left' below and to the right. Chosen by eye at
 * zoom 9 so labels miss each other and the neighbouring dots, also in a 375px-wide frame.
 */
export type LabelAnchor = 'left' | 'right' | 'top' | 'bottom' | 'top-left';

export const labelAnchors: Readonly<Record<string, LabelAnchor>> = {
  Bournemouth: 'top-left',
  Poole: 'left',
  Christchurch: 'bottom',
  Southbourne: 'left',
  Ringwood: 'left',
  Ferndown: 'bottom',
  Wimborne: 'top-left',
  'New Milton': 'bottom',
  Highcliffe: 'left',
  Lymington: 'top',
  Brockenhurst: 'top',
  Lyndhurst: 'top',
};

/** Gap between dot centre and label, in CSS pixels, for each anchor: [dx, dy]. */
export const labelOffsets: Readonly<Record<LabelAnchor, readonly [number, number]>> = {
  left: [9, 0],
  right: [-9, 0],
  top: [0, 7],
  bottom: [0, -7],
  'top-left': [-4, 7],
};

export const labelAnchorFor = (town: string): LabelAnchor => labelAnchors[town] ?? 'left';
