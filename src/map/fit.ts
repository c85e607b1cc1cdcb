import { mapView } from '../content/areas';

/**
 * What must stay in view, in CSS pixels at the spec's zoom 9 around its centre: the 12 towns
 * with their labels and nearly all of the service area.
 */
export const fitBox = { width: 400, height: mapView.minHeight } as const;

/**
 * The scale the picture and the live map both use in a box of this size: 1 (zoom 9, as the
 * spec says) wherever the box is wide enough, less in a phone-sized box so nothing is cut off.
 * The SVG gets it from preserveAspectRatio="xMidYMid meet" on a viewBox of fitBox; the live
 * map starts at zoom 9 + log2(scale) and scales its dots, lines and labels by it.
 */
export function fitScale(width: number, height: number): number {
  return Math.min(1, width / fitBox.width, height / fitBox.height);
}
