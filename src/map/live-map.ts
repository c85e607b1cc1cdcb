import type { Map as MapLibreMap } from 'maplibre-gl';
import { mapView } from '../content/areas';
import { fitScale } from './fit';
import { labelAnchorFor, labelOffsets } from './labels';
import { type MapAreas, overlayLayers, regionStyle, serviceAreaSource, sourceIds, townsSource } from './style';

type MapLibre = typeof import('maplibre-gl');

/** Hashed URLs of what the live map needs, from the build manifest. */
export interface MapAssets {
  script: string;
  worker: string;
  css: string;
  region: string;
}

export interface LiveMapOptions extends MapAreas {
  /** A full style URL (MAP_STYLE_URL); empty for the self-contained basemap. */
  styleUrl: string;
  assets: MapAssets;
  /** [west, south, east, north] of the self-contained basemap's data. */
  bounds: readonly [number, number, number, number];
  /** Accessible name of the map. */
  label: string;
}

/** WebGL 2 is what maplibre 6 draws with; without it the static picture stays. */
export function canDrawMap(): boolean {
  try {
    return Boolean(document.createElement('canvas').getContext('webgl2'));
  } catch {
    return false;
  }
}

/** Adds maplibre's stylesheet once, resolving when it has loaded (or failed: the map still works). */
function loadStylesheet(href: string): Promise<void> {
  const existing = document.querySelector<HTMLLinkElement>(`link[href="${href}"]`);
  if (existing) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  document.head.appendChild(link);
  return loaded;
}

/** Fetches maplibre (code and CSS, in parallel) from our own origin. */
export async function loadMapLibre(assets: MapAssets): Promise<MapLibre> {
  const [maplibre] = await Promise.all([
    import(/* @vite-ignore */ assets.script) as Promise<MapLibre>,
    loadStylesheet(assets.css),
  ]);
  // The worker is a module from our origin: no blob: URL, no eval, so a strict CSP holds.
  maplibre.setWorkerUrl(assets.worker);
  return maplibre;
}

function townLabel(name: string): HTMLElement {
  const label = document.createElement('span');
  label.className = 'areas-map__label';
  label.textContent = name;
  return label;
}

/**
 * Builds the map in `container`: the spec's centre and zoom, the service area and the towns
 * of the content revision (passed by the page), zoom buttons, and wheel zoom only while the map has focus (so the
 * page scrolls past it). Resolves when the first frame with every source is drawn.
 */
export function createLiveMap(maplibre: MapLibre, container: HTMLElement, options: LiveMapOptions): Promise<MapLibreMap> {
  const selfContained = !options.styleUrl;
  // Zoom 9 where the box is wide enough; zoomed out just enough in a narrow one, like the picture.
  const scale = fitScale(container.clientWidth, container.clientHeight);
  container.style.setProperty('--map-scale', String(scale));
  const coarsePointer = window.matchMedia('(pointer: coarse)').matches;
  const map = new maplibre.Map({
    container,
    style: selfContained ? regionStyle(options.assets.region, scale, options) : options.styleUrl,
    center: [mapView.center.lng, mapView.center.lat],
    zoom: mapView.zoom + Math.log2(scale),
    minZoom: 8,
    maxZoom: selfContained ? 12 : 17,
    maxBounds: selfContained ? [...options.bounds] : undefined,
    scrollZoom: false,
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    // On touch screens one finger scrolls the page and two move the map.
    cooperativeGestures: coarsePointer,
    attributionControl: { compact: false },
    locale: { 'Map.Title': options.label },
  });
  map.keyboard.disableRotation();
  map.touchZoomRotate.disableRotation();
  map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');

  const canvas = map.getCanvas();
  canvas.addEventListener('focus', () => map.scrollZoom.enable());
  canvas.addEventListener('blur', () => map.scrollZoom.disable());
  // A click may not move focus (maplibre handles the mouse itself), so focus the map on click.
  map.on('click', () => canvas.focus({ preventScroll: true }));

  for (const town of options.towns) {
    const anchor = labelAnchorFor(town.name);
    const [dx, dy] = labelOffsets[anchor];
    new maplibre.Marker({ element: townLabel(town.name), anchor, offset: [dx * scale, dy * scale] })
      .setLngLat([town.lng, town.lat])
      .addTo(map);
  }

  return new Promise((resolve, reject) => {
    // Until the style has loaded an error means no map: remove it and keep the picture. Later
    // ones (a missing tile of a third-party style) are maplibre's to report.
    const failed = (event: { error?: unknown }) => {
      map.remove();
      reject(event.error);
    };
    map.on('error', failed);
    map.once('load', () => {
      map.off('error', failed);
      if (!selfContained) {
        // A third-party style: put our service area and towns on top of it.
        map.addSource(sourceIds.serviceArea, serviceAreaSource(options));
        map.addSource(sourceIds.towns, townsSource(options));
        for (const layer of overlayLayers(scale)) map.addLayer(layer);
      }
      map.once('idle', () => resolve(map));
    });
  });
}
