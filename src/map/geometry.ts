import type { LngLat } from '../content/types';

export type XY = readonly [number, number];

/** Ray casting: is the point inside the ring (first point need not repeat)? */
export function insidePolygon([x, y]: LngLat | XY, ring: readonly (LngLat | XY)[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Sutherland-Hodgman: the part of a ring inside the rectangle [x0, y0, x1, y1]. */
export function clipRing(ring: readonly XY[], [x0, y0, x1, y1]: readonly [number, number, number, number]): XY[] {
  const atX = (a: XY, b: XY, x: number): XY => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
  const atY = (a: XY, b: XY, y: number): XY => [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];
  const edges: { inside: (p: XY) => boolean; cut: (a: XY, b: XY) => XY }[] = [
    { inside: (p) => p[0] >= x0, cut: (a, b) => atX(a, b, x0) },
    { inside: (p) => p[0] <= x1, cut: (a, b) => atX(a, b, x1) },
    { inside: (p) => p[1] >= y0, cut: (a, b) => atY(a, b, y0) },
    { inside: (p) => p[1] <= y1, cut: (a, b) => atY(a, b, y1) },
  ];
  let points = [...ring];
  for (const edge of edges) {
    const output: XY[] = [];
    points.forEach((current, i) => {
      const previous = points[(i + points.length - 1) % points.length]!;
      if (edge.inside(current)) {
        if (!edge.inside(previous)) output.push(edge.cut(previous, current));
        output.push(current);
      } else if (edge.inside(previous)) output.push(edge.cut(previous, current));
    });
    points = output;
  }
  return points;
}

/** Douglas-Peucker: drops points closer than `tolerance` to the line through their neighbours. */
export function simplifyLine(points: readonly XY[], tolerance: number): XY[] {
  if (points.length < 3) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  for (let range = stack.pop(); range; range = stack.pop()) {
    const [first, last] = range;
    const [ax, ay] = points[first]!;
    const [bx, by] = points[last]!;
    const length = Math.hypot(bx - ax, by - ay);
    let worst = 0;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const [px, py] = points[i]!;
      const d = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length;
      if (d > worst) {
        worst = d;
        index = i;
      }
    }
    if (worst > tolerance) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/** Numbers joined as SVG path data does: a minus sign is its own separator. */
function joinNumbers(numbers: readonly number[]): string {
  return numbers.reduce<string>((out, n, i) => (i === 0 || n < 0 ? `${out}${n}` : `${out} ${n}`), '');
}

/** A closed ring as compact SVG path data: absolute start, then whole-pixel relative steps. */
export function ringPath(ring: readonly XY[]): string {
  const rounded = ring.map(([x, y]) => [Math.round(x), Math.round(y)] as const);
  const [start, ...rest] = rounded;
  if (!start) return '';
  const steps: number[] = [];
  let [px, py] = start;
  for (const [x, y] of rest) {
    if (x === px && y === py) continue;
    steps.push(x - px, y - py);
    [px, py] = [x, y];
  }
  return `M${joinNumbers(start)}${steps.length ? `l${joinNumbers(steps)}` : ''}z`;
}
