import region from '../../public/map/region.json';
import type { LngLat } from '../content/types';
import { clipRing, ringPath, simplifyLine, type XY } from './geometry';
import { type AreasOverlay, areasOverlay, pictureFrame, pictureViewBox } from './overlay';
import { frameProjection } from './projection';
import type { MapAreas } from './style';

/** [west, south, east, north] of the shipped basemap data; the live map is held inside it. */
export const regionBounds = region.bbox as [number, number, number, number];

/** What the picture draws the same for every content revision: built once, with the deploy. */
export interface AreasBase {
  viewBox: string;
  /** Land outlines as SVG path data; stroked, they are the coastline. */
  land: string;
  /** Enclosed water (lakes, lagoons) drawn over the land. */
  water: string;
}

export type AreasPicture = AreasBase & AreasOverlay;

export { pictureFrame, svgLabelPlacement } from './overlay';

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

let cachedBase: AreasBase | undefined;

/** Land and water, computed once from public/map/region.json (at build time, into the server markup). */
export function areasBase(): AreasBase {
  if (cachedBase) return cachedBase;
  const project = frameProjection(pictureFrame);
  cachedBase = {
    viewBox: pictureViewBox,
    land: outlines(feature('land') as number[][][][], project),
    water: outlines(feature('water') as number[][][][], project),
  };
  return cachedBase;
}

export const areasPicture = (areas: MapAreas): AreasPicture => ({ ...areasBase(), ...areasOverlay(areas) });
