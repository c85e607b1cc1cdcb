import type { LngLat } from '../content/types';

/**
 * The shaded area around a set of towns, for an owner who picks towns rather than drawing: the
 * convex hull of a small octagon around each town, so one or two towns still make an area and
 * every town sits well inside its edge. Corners in order, rounded to about 10 m.
 */

/** How far the area reaches past the outermost towns. */
const HULL_PADDING_KM = 4;

const KM_PER_DEGREE_LAT = 111.32;
const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** Andrew's monotone chain: the convex hull, anticlockwise, without repeating the first point. */
function convexHull(points: readonly LngLat[]): LngLat[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o: LngLat, a: LngLat, b: LngLat) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: readonly LngLat[]) => {
    const out: LngLat[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/** The padded hull of the towns' positions ([lng, lat]); empty for no towns. */
export function areaAround(towns: readonly { lat: number; lng: number }[], paddingKm = HULL_PADDING_KM): LngLat[] {
  const points = towns.flatMap(({ lat, lng }) => {
    const dLat = paddingKm / KM_PER_DEGREE_LAT;
    const dLng = paddingKm / (KM_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180));
    return Array.from({ length: 8 }, (_, i): LngLat => {
      const angle = (Math.PI / 4) * i + Math.PI / 8;
      return [round(lng + dLng * Math.cos(angle)), round(lat + dLat * Math.sin(angle))];
    });
  });
  return convexHull(points);
}

/** The corners as the areas form posts them (the island's hidden field): "lat | lng", one a line. */
export const cornersText = (outline: readonly LngLat[]) => outline.map(([lng, lat]) => `${lat} | ${lng}`).join('\n');
