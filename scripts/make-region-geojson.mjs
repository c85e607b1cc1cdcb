// Writes public/map/region.json: land, extra water and coastline for the service-area map,
// cut from OpenStreetMap's sea polygons (npm @geo-maps/earth-seas-10m, data ODbL 1.0,
// © OpenStreetMap contributors). Run it by hand after changing the box below. The data (36 MB)
// is not in package.json, so a plain `npm install` does not download it for everyone; fetch it
// for this run without recording it:
//
//   npm install --no-save @geo-maps/earth-seas-10m@0.6.0
//   node scripts/make-region-geojson.mjs
//
// How: every ring of the sea polygons that touches the box is clipped to it
// (Sutherland-Hodgman; exact for the rectangle). Holes in the sea are land (Great Britain, the
// Isle of Wight, Brownsea Island); outer rings that do not cover the whole box are water inside
// land. The coastline is the clipped land outline without the stretches that only run along the
// box's edge. Points are thinned where they are within TOLERANCE of a straight line
// (Douglas-Peucker) and rounded to 5 decimals (about 1 m).

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'node_modules/@geo-maps/earth-seas-10m/map.geo.json');
const target = path.join(root, 'public/map/region.json');
if (!existsSync(source)) {
  console.error('The sea polygons are not installed: run `npm install --no-save @geo-maps/earth-seas-10m@0.6.0` first.');
  process.exit(1);
}

/** [west, south, east, north]: everything the map can show at zoom 9 and up (it is held inside). */
const BOX = [-2.75, 50.45, -0.75, 51.1];
/** Degrees of latitude; about 20 m. The data's points are 1-2 km apart, so this only drops noise. */
const TOLERANCE = 0.0002;
const DECIMALS = 5;

const [west, south, east, north] = BOX;
const edges = [
  { inside: (p) => p[0] >= west, cut: (a, b) => atX(a, b, west) },
  { inside: (p) => p[0] <= east, cut: (a, b) => atX(a, b, east) },
  { inside: (p) => p[1] >= south, cut: (a, b) => atY(a, b, south) },
  { inside: (p) => p[1] <= north, cut: (a, b) => atY(a, b, north) },
];
function atX(a, b, x) {
  return [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
}
function atY(a, b, y) {
  return [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];
}

/** Sutherland-Hodgman: the part of a closed ring inside BOX (open ring, no repeated last point). */
function clipRing(ring) {
  let points = ring.slice(0, -1);
  for (const edge of edges) {
    const output = [];
    for (let i = 0; i < points.length; i++) {
      const current = points[i];
      const previous = points[(i + points.length - 1) % points.length];
      if (edge.inside(current)) {
        if (!edge.inside(previous)) output.push(edge.cut(previous, current));
        output.push(current);
      } else if (edge.inside(previous)) output.push(edge.cut(previous, current));
    }
    points = output;
    if (points.length === 0) break;
  }
  return points;
}

/** Douglas-Peucker on an open polyline, in degrees with longitude scaled to ground distance. */
function simplify(points, tolerance) {
  if (points.length < 3) return points;
  const k = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop();
    const [ax, ay] = [points[first][0] * k, points[first][1]];
    const [bx, by] = [points[last][0] * k, points[last][1]];
    const length = Math.hypot(bx - ax, by - ay);
    let worst = 0;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const [px, py] = [points[i][0] * k, points[i][1]];
      const d = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length;
      if (d > worst) [worst, index] = [d, i];
    }
    if (worst > tolerance) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const round = (p) => p.map((v) => Number(v.toFixed(DECIMALS)));
const onBoxEdge = (a, b) =>
  (a[0] === west && b[0] === west) ||
  (a[0] === east && b[0] === east) ||
  (a[1] === south && b[1] === south) ||
  (a[1] === north && b[1] === north);
const bounds = (ring) =>
  ring.reduce(
    ([w, s, e, n], [x, y]) => [Math.min(w, x), Math.min(s, y), Math.max(e, x), Math.max(n, y)],
    [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY],
  );
const coversBox = (ring) => {
  const [w, s, e, n] = bounds(ring);
  return w <= west && s <= south && e >= east && n >= north;
};
/** Signed area (shoelace); GeoJSON outer rings run anticlockwise (positive). */
const area = (ring) =>
  ring.reduce((sum, p, i) => sum + (ring[(i + 1) % ring.length][0] - p[0]) * (ring[(i + 1) % ring.length][1] + p[1]), 0) / -2;

/** Clip, thin and round one ring; returns the open ring or null when nothing is left. */
function prepare(ring) {
  const [w, s, e, n] = bounds(ring);
  if (w > east || e < west || s > north || n < south) return null;
  // Thin first in two halves so the first and last points of the open ring both survive.
  const clipped = clipRing(ring);
  if (clipped.length < 3) return null;
  const mid = Math.floor(clipped.length / 2);
  const thin = [...simplify(clipped.slice(0, mid + 1), TOLERANCE).slice(0, -1), ...simplify(clipped.slice(mid), TOLERANCE)];
  const out = thin.map(round).filter((p, i, all) => i === 0 || p[0] !== all[i - 1][0] || p[1] !== all[i - 1][1]);
  return out.length >= 3 && Math.abs(area(out)) > 1e-7 ? out : null;
}

const close = (ring) => [...ring, ring[0]];
const anticlockwise = (ring) => (area(ring) < 0 ? [...ring].reverse() : ring);

const data = JSON.parse(readFileSync(source, 'utf8'));
const polygons = data.geometries.flatMap((g) => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates));
const land = [];
const water = [];
for (const [outer, ...holes] of polygons) {
  if (!coversBox(outer)) {
    const ring = prepare(outer);
    if (ring) water.push([close(anticlockwise(ring))]);
  }
  for (const hole of holes) {
    const ring = prepare(hole);
    if (ring) land.push([close(anticlockwise(ring))]);
  }
}

/** The coastline: each land or water outline, split wherever it runs along the box's edge. */
const coast = [];
for (const [ring] of [...land, ...water]) {
  let line = [];
  for (let i = 0; i < ring.length - 1; i++) {
    const [a, b] = [ring[i], ring[i + 1]];
    if (onBoxEdge(a, b)) {
      if (line.length > 1) coast.push(line);
      line = [];
    } else {
      if (line.length === 0) line.push(a);
      line.push(b);
    }
  }
  if (line.length > 1) coast.push(line);
}

const attribution = '© OpenStreetMap contributors';
const region = {
  type: 'FeatureCollection',
  bbox: BOX,
  properties: {
    source: '@geo-maps/earth-seas-10m 0.6.0 (OpenStreetMap sea polygons)',
    license: 'ODbL-1.0',
    attribution,
    generator: 'scripts/make-region-geojson.mjs',
  },
  features: [
    { type: 'Feature', properties: { kind: 'land' }, geometry: { type: 'MultiPolygon', coordinates: land } },
    { type: 'Feature', properties: { kind: 'water' }, geometry: { type: 'MultiPolygon', coordinates: water } },
    { type: 'Feature', properties: { kind: 'coastline' }, geometry: { type: 'MultiLineString', coordinates: coast } },
  ],
};
writeFileSync(target, `${JSON.stringify(region)}\n`);
const points = [...land, ...water].reduce((n, [r]) => n + r.length, 0);
console.log(
  `region: ${land.length} land and ${water.length} water polygons, ${points} points, ${coast.length} coast lines -> ${path.relative(root, target)}`,
);
