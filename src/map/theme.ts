/**
 * Colours of the areas map, shared by the static SVG picture and the maplibre style so the
 * live map replaces the picture without a visible jump.
 */
export const mapColours = {
  sea: '#b9dcec',
  land: '#f4f1e8',
  coastline: '#7aaac4',
  /** The service area: brand blue, lightly filled, solid edge. */
  area: '#1f74cf',
  areaOpacity: 0.16,
  areaEdge: '#0b4f8a',
  town: '#c2410c',
  townEdge: '#ffffff',
} as const;

/** Town dot radius and edge width in CSS pixels (SVG units equal CSS pixels at the picture's scale). */
export const townDot = { radius: 5, edge: 2 } as const;

/** Attribution of the basemap data in public/map/region.json (ODbL 1.0). */
export const regionAttribution = {
  text: '© OpenStreetMap contributors',
  href: 'https://www.openstreetmap.org/copyright',
} as const;
