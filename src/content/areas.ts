import type { LngLat, Town } from './types';

/** The 15 service areas of the footer and service pages, in docs/spec.md §2 order and spelling. */
export const serviceAreas = [
  'Southbourne',
  'Christchurch',
  'Bournemouth',
  'Poole',
  'Ringwood',
  'Ferndown',
  'Wimborne',
  'New Forest',
  'New Milton',
  'Highcliffe',
  'Hinton',
  'Lymington',
  'Brockenhurst',
  'Milford on Sea',
  'Lyndhurst',
] as const satisfies readonly string[];

/** The 12 towns on the areas map (approximate WGS84 town centres). */
export const towns: readonly Town[] = [
  { name: 'Bournemouth', lat: 50.7192, lng: -1.8808 },
  { name: 'Poole', lat: 50.715, lng: -1.9872 },
  { name: 'Christchurch', lat: 50.7357, lng: -1.7783 },
  { name: 'Southbourne', lat: 50.7221, lng: -1.7985 },
  { name: 'Ringwood', lat: 50.8456, lng: -1.7887 },
  { name: 'Ferndown', lat: 50.8072, lng: -1.8997 },
  // Wimborne Minster, by its own name (the spec's 'Wimbourne' is a typo: docs/design.md, Deliberate departures).
  { name: 'Wimborne', lat: 50.7998, lng: -1.9876 },
  { name: 'New Milton', lat: 50.7556, lng: -1.6581 },
  { name: 'Highcliffe', lat: 50.7385, lng: -1.7068 },
  { name: 'Lymington', lat: 50.7582, lng: -1.5418 },
  { name: 'Brockenhurst', lat: 50.8178, lng: -1.5737 },
  { name: 'Lyndhurst', lat: 50.8722, lng: -1.5748 },
];

/**
 * The shaded service area: six [lng, lat] corners, clockwise from the west edge of Poole Harbour.
 * Every town above lies inside it with a few kilometres to spare (checked with a point-in-polygon test).
 */
export const servicePolygon: readonly LngLat[] = [
  [-2.06, 50.68], // Poole Harbour, west edge
  [-2.04, 50.86], // north of Wimborne and Ferndown
  [-1.78, 50.91], // north of Ringwood
  [-1.5, 50.91], // north-east of Lyndhurst
  [-1.46, 50.74], // east of Lymington, on the coast
  [-1.85, 50.66], // out to sea, south of Bournemouth
];

/** Map framing for the areas section (docs/spec.md §9). */
export const mapView = {
  center: { lat: 50.78, lng: -1.75 },
  zoom: 9,
  minHeight: 450,
} as const;
