import region from '../../public/map/region.json';
import { mapView, servicePolygon, towns } from '../content/areas';
import type { LngLat } from '../content/types';
import { fitBox } from './fit';
import { clipRing, ringPath, simplifyLine, type XY } from './geometry';
import { type LabelAnchor, labelAnchorFor, labelOffsets } from './labels';
import { frameProjection, type MapFrame } from './projection';

/**
 * What the static picture draws: the map's own centre and zoom, in a frame wider and taller
 * than any box the areas section gives the map. Its viewBox is only the middle fitBox, shown
 * with preserveAspectRatio="xMidYMid meet", so a wide box shows the middle at 1:1 (exactly what
 * maplibre shows at zoom 9) with more of the frame to each side, and a narrow box scales it
 * down just as the live map zooms out (see fit.ts): the live map lands on the same pixels.
 */
export const pictureFrame: MapFrame = {
  center: mapView.center,
  zoom: mapView.zoom,
  width: 1400,
  height: 640,
};

/** The SVG viewBox: fitBox in the middle of the frame. */
export const pictureViewBox = [
  (pictureFrame.width - fitBox.width) / 2,
  (pictureFrame.height - fitBox.height) / 2,
  fitBox.width,
  fitBox.height,
].join(' ');

/** [west, south, east, north] of the shipped basemap data; the live map is held inside it. */
export const regionBounds = region.bbox as [number, number, number, number];

export interface PictureLabel {
  name: string;
  x: number;
  y: number;
  anchor: LabelAnchor;
}

export interface AreasPicture {
  viewBox: string;
  /** Land outlines as SVG path data; stroked, they are the coastline. */
  land: string;
  /** Enclosed water (lakes, lagoons) drawn over the land. */
  water: string;
  /** The service polygon as SVG points. */
  serviceArea: string;
  towns: PictureLabel[];
}

/** Half a pixel is below what the eye sees at 1:1; bigger steps would show as corners. */
const PIXEL_TOLERANCE = 0.6;
/** Outlines are cut a little outside the frame so their cut edges never show. */
const MARGIN = 8;

function outlines(polygons: readonly (readonly (readonly number[])[])[][], project: (p: LngLat) => XY): string {
  const box = [-MARGIN, -MARGIN, pictureFrame.width + MARGIN, pictureFrame.height + MARGIN] as const;
  return polygons
    .flat()
    .map((ring) => {
      const projected = ring.slice(0, -1).map((p) => project([p[0]!, p[1]!]));
      const clipped = clipRing(projected, box);
      return clipped.length >= 3 ? ringPath(simplifyLine([...clipped, clipped[0]!], PIXEL_TOLERANCE)) : '';
    })
    .join('');
}

const feature = (kind: string) => region.features.find((f) => f.properties.kind === kind)?.geometry.coordinates ?? [];
const round1 = (n: number) => Math.round(n * 10) / 10;

let cached: AreasPicture | undefined;

/** The picture, computed once per isolate from src/content/areas.ts and public/map/region.json. */
export function areasPicture(): AreasPicture {
  if (cached) return cached;
  const project = frameProjection(pictureFrame);
  cached = {
    viewBox: pictureViewBox,
    land: outlines(feature('land') as number[][][][], project),
    water: outlines(feature('water') as number[][][][], project),
    serviceArea: servicePolygon.map((p) => project(p).map(round1).join(',')).join(' '),
    towns: towns.map((town) => {
      const [x, y] = project([town.lng, town.lat]).map(round1) as [number, number];
      return { name: town.name, x, y, anchor: labelAnchorFor(town.name) };
    }),
  };
  return cached;
}

/** Where an SVG label goes for an anchor: position, text-anchor and baseline. */
export function svgLabelPlacement(label: PictureLabel) {
  const [dx, dy] = labelOffsets[label.anchor];
  const textAnchor =
    label.anchor === 'left' || label.anchor === 'top-left' ? 'start' : label.anchor === 'right' ? 'end' : 'middle';
  const baseline =
    label.anchor === 'top' || label.anchor === 'top-left'
      ? 'text-before-edge'
      : label.anchor === 'bottom'
        ? 'text-after-edge'
        : 'central';
  return { x: round1(label.x + dx), y: round1(label.y + dy), textAnchor, baseline } as const;
}
