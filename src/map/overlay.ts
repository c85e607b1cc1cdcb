import { mapView } from '../content/areas';
import { escapeHtml } from '../rules/text';
import { fitBox } from './fit';
import { type LabelAnchor, labelAnchorFor, labelOffsets } from './labels';
import { frameProjection, type MapFrame } from './projection';
import type { MapAreas } from './style';
import { mapColours, townDot } from './theme';

/*
 * The part of the static areas picture that the owner's content decides (the shaded area and the
 * towns), drawn per render; light enough for the Worker (no map data). picture.ts adds the land.
 */

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

export interface PictureLabel {
  name: string;
  x: number;
  y: number;
  anchor: LabelAnchor;
}

/** What the owner's content decides: the shaded area and the towns, projected per render. */
export interface AreasOverlay {
  /** The service polygon as SVG points. */
  serviceArea: string;
  towns: PictureLabel[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The shaded area and the towns of a content revision, projected as the live map projects them. */
export function areasOverlay({ towns, outline }: MapAreas): AreasOverlay {
  const project = frameProjection(pictureFrame);
  return {
    serviceArea: outline.map((p) => project(p).map(round1).join(',')).join(' '),
    towns: towns.map((town) => {
      const [x, y] = project([town.lng, town.lat]).map(round1) as [number, number];
      return { name: town.name, x, y, anchor: labelAnchorFor(town.name) };
    }),
  };
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

/**
 * The overlay as SVG markup, for the picture's one `<g>` (<AreasPicture>).
 * A string rather than React elements: a town is two elements and seven attributes, each of which
 * React's renderer would encode on its own, on the site's largest page. Numbers are rounded
 * projections and the names are escaped.
 */
export function areasOverlayMarkup(overlay: AreasOverlay): string {
  const dots = overlay.towns.map((town) => `<circle cx="${town.x}" cy="${town.y}" r="${townDot.radius}"></circle>`).join('');
  const labels = overlay.towns
    .map((town) => {
      const place = svgLabelPlacement(town);
      return `<text x="${place.x}" y="${place.y}" text-anchor="${place.textAnchor}" dominant-baseline="${place.baseline}">${escapeHtml(town.name)}</text>`;
    })
    .join('');
  return (
    `<polygon points="${overlay.serviceArea}" fill="${mapColours.area}" fill-opacity="${mapColours.areaOpacity}" stroke="${mapColours.areaEdge}" stroke-width="2" stroke-linejoin="round"></polygon>` +
    `<g fill="${mapColours.town}" stroke="${mapColours.townEdge}" stroke-width="${townDot.edge}">${dots}</g>` +
    `<g class="areas-map__town-labels">${labels}</g>`
  );
}
