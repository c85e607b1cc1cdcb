import type { GeoJSONSourceSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import type { LngLat, Town } from '../content/types';
import { mapColours, regionAttribution, townDot } from './theme';

/** Source ids of the map; the browser tests look the overlay up by these. */
export const sourceIds = { region: 'region', serviceArea: 'service-area', towns: 'towns' } as const;

/** What the overlay draws: the owner's towns and the shaded area's corners (the content revision's). */
export interface MapAreas {
  towns: readonly Town[];
  outline: readonly LngLat[];
}

/** The shaded service area, from the same corners the SVG picture draws. */
export function serviceAreaSource({ outline }: Pick<MapAreas, 'outline'>): GeoJSONSourceSpecification {
  return {
    type: 'geojson',
    data: {
      type: 'Feature',
      properties: { name: 'Service area' },
      geometry: { type: 'Polygon', coordinates: [[...outline, outline[0]!].map(([lng, lat]) => [lng, lat])] },
    },
  };
}

/** The towns as points; their labels are HTML markers (this style has no glyphs to fetch). */
export function townsSource({ towns }: Pick<MapAreas, 'towns'>): GeoJSONSourceSpecification {
  return {
    type: 'geojson',
    data: {
      type: 'FeatureCollection',
      features: towns.map((town) => ({
        type: 'Feature',
        properties: { name: town.name },
        geometry: { type: 'Point', coordinates: [town.lng, town.lat] },
      })),
    },
  };
}

/**
 * The service area and town layers, drawn over either basemap. `scale` is the picture's scale in
 * this box (fit.ts): line widths and dots shrink with it as they do in the SVG.
 */
export const overlayLayers = (scale: number): LayerSpecification[] => [
  {
    id: 'service-area-fill',
    type: 'fill',
    source: sourceIds.serviceArea,
    paint: { 'fill-color': mapColours.area, 'fill-opacity': mapColours.areaOpacity },
  },
  {
    id: 'service-area-edge',
    type: 'line',
    source: sourceIds.serviceArea,
    paint: { 'line-color': mapColours.areaEdge, 'line-width': 2 * scale },
  },
  {
    id: 'towns',
    type: 'circle',
    source: sourceIds.towns,
    paint: {
      'circle-radius': townDot.radius * scale,
      'circle-color': mapColours.town,
      'circle-stroke-color': mapColours.townEdge,
      'circle-stroke-width': townDot.edge * scale,
    },
  },
];

/**
 * The self-contained basemap: sea as the background, land, enclosed water and coastline from
 * our own GeoJSON, then the overlay. No glyphs, no sprite, no tiles: nothing but regionUrl is
 * fetched, and that from our own origin.
 */
export function regionStyle(regionUrl: string, scale: number, areas: MapAreas): StyleSpecification {
  return {
    version: 8,
    sources: {
      [sourceIds.region]: {
        type: 'geojson',
        data: regionUrl,
        attribution: `<a href="${regionAttribution.href}">${regionAttribution.text}</a>`,
      },
      [sourceIds.serviceArea]: serviceAreaSource(areas),
      [sourceIds.towns]: townsSource(areas),
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': mapColours.sea } },
      {
        id: 'land',
        type: 'fill',
        source: sourceIds.region,
        filter: ['==', ['get', 'kind'], 'land'],
        paint: { 'fill-color': mapColours.land },
      },
      {
        id: 'water',
        type: 'fill',
        source: sourceIds.region,
        filter: ['==', ['get', 'kind'], 'water'],
        paint: { 'fill-color': mapColours.sea },
      },
      {
        id: 'coastline',
        type: 'line',
        source: sourceIds.region,
        filter: ['==', ['get', 'kind'], 'coastline'],
        paint: { 'line-color': mapColours.coastline, 'line-width': scale },
      },
      ...overlayLayers(scale),
    ],
  };
}
