import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { buttonClass } from '../../../src/components/button';
import { mapView } from '../../../src/content/areas';
import type { LngLat, Town } from '../../../src/content/types';
import { areaAround, cornersText } from '../../../src/map/area-shape';
import { canDrawMap, loadMapLibre, type MapAssets } from '../../../src/map/live-map';
import { regionStyle, sourceIds } from '../../../src/map/style';
import { mapColours } from '../../../src/map/theme';

export type AreaChoice = 'keep' | 'towns' | 'drawn';

export interface AreaShapeProps {
  /** The choice shown first: 'keep', or what was posted when the form came back. */
  choice: AreaChoice;
  /** The shaded area as saved. */
  current: LngLat[];
  /** Corners tapped before the form came back with a message. */
  drawn: LngLat[];
  /** The towns the owner can tick above, with their checkboxes' names, to shade around. */
  towns: (Town & { field: string })[];
  /** The towns on the map now (those ticked), named on this map too so the owner knows where he is. */
  named: Town[];
  assets: MapAssets;
  bounds: [number, number, number, number];
  error?: string;
}

const CORNERS = 'corners';
const round = (n: number) => Math.round(n * 10_000) / 10_000;
const ring = (corners: readonly LngLat[]) =>
  corners.length === 0 ? [] : [[...corners, corners[0]!].map(([lng, lat]) => [lng, lat])];

/**
 * The areas form's shaded area. Without JavaScript: keep it, or shade around the towns ticked
 * above (the Worker draws a padded outline round them). With it (an admin-only island, on this
 * screen alone, fetching maplibre only here) a map shows the area as it will be saved, and
 * tapping the map puts a corner there: "As I tap it on the map" posts the corners, hidden.
 */
export default function AreaShape({
  choice: initial,
  current,
  drawn: tapped,
  towns,
  named,
  assets,
  bounds,
  error,
}: AreaShapeProps) {
  const [choice, setChoice] = useState<AreaChoice>(initial);
  const [drawn, setDrawn] = useState<LngLat[]>(tapped);
  const [ticked, setTicked] = useState<readonly Town[]>(named);
  const [mapState, setMapState] = useState<'off' | 'loading' | 'ready' | 'failed'>('off');
  const [outside, setOutside] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | undefined>(undefined);
  const maplibreRef = useRef<typeof import('maplibre-gl') | undefined>(undefined);

  // The towns ticked above, read from the form as they change.
  useEffect(() => {
    const form = box.current?.closest('form');
    if (!form) return;
    const read = () =>
      setTicked(towns.filter((town) => (form.elements.namedItem(town.field) as HTMLInputElement | null)?.checked));
    read();
    form.addEventListener('change', read);
    return () => form.removeEventListener('change', read);
  }, [towns]);

  const around = useMemo(() => areaAround(ticked), [ticked]);
  const shown = choice === 'keep' ? current : choice === 'towns' ? around : drawn;

  useEffect(() => {
    const element = box.current;
    if (!element || !canDrawMap()) return;
    let cancelled = false;
    setMapState('loading');
    loadMapLibre(assets)
      .then((maplibre) => {
        if (cancelled) return;
        const created = new maplibre.Map({
          container: element,
          style: regionStyle(assets.region, 1, { towns: named, outline: current }),
          center: [mapView.center.lng, mapView.center.lat],
          zoom: mapView.zoom - 0.5,
          minZoom: 8,
          maxZoom: 12,
          maxBounds: bounds,
          dragRotate: false,
          pitchWithRotate: false,
          touchPitch: false,
          cooperativeGestures: window.matchMedia('(pointer: coarse)').matches,
          attributionControl: { compact: true },
        });
        created.touchZoomRotate.disableRotation();
        created.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        created.on('load', () => {
          created.addSource(CORNERS, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
          created.addLayer({
            id: CORNERS,
            type: 'circle',
            source: CORNERS,
            paint: {
              'circle-radius': 6,
              'circle-color': mapColours.areaEdge,
              'circle-stroke-color': '#fff',
              'circle-stroke-width': 2,
            },
          });
          map.current = created;
          maplibreRef.current = maplibre;
          Object.defineProperty(element, 'areaMap', { value: created, configurable: true });
          setMapState('ready');
        });
        created.on('click', ({ lngLat }) => {
          const corner: LngLat = [round(lngLat.lng), round(lngLat.lat)];
          const inside = corner[0] >= bounds[0] && corner[1] >= bounds[1] && corner[0] <= bounds[2] && corner[1] <= bounds[3];
          setOutside(!inside);
          if (!inside) return;
          setChoice('drawn');
          setDrawn((corners) => (corners.length >= 30 ? corners : [...corners, corner]));
        });
      })
      .catch((failure: unknown) => {
        console.warn('The map could not start; the area can still be shaded around the towns.', failure);
        setMapState('failed');
      });
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = undefined;
    };
  }, [assets, bounds, named, current]);

  // The map shows the area as it will be saved, and the corners tapped.
  useEffect(() => {
    const shownMap = map.current;
    if (mapState !== 'ready' || !shownMap) return;
    (shownMap.getSource(sourceIds.serviceArea) as GeoJSONSource | undefined)?.setData({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: shown.length >= 3 ? ring(shown) : [] },
    });
    (shownMap.getSource(CORNERS) as GeoJSONSource | undefined)?.setData({
      type: 'FeatureCollection',
      features: (choice === 'drawn' ? drawn : []).map((corner) => ({
        type: 'Feature',
        properties: {},
        geometry: { type: 'Point', coordinates: [...corner] },
      })),
    });
  }, [mapState, shown, choice, drawn]);

  // The towns ticked, named as the public map will name them.
  useEffect(() => {
    const shownMap = map.current;
    const maplibre = maplibreRef.current;
    if (mapState !== 'ready' || !shownMap || !maplibre) return;
    (shownMap.getSource(sourceIds.towns) as GeoJSONSource | undefined)?.setData({
      type: 'FeatureCollection',
      features: ticked.map((town) => ({
        type: 'Feature',
        properties: { name: town.name },
        geometry: { type: 'Point', coordinates: [town.lng, town.lat] },
      })),
    });
    const markers = ticked.map((town) => {
      const label = document.createElement('span');
      label.className = 'area-shape__label';
      label.textContent = town.name;
      return new maplibre.Marker({ element: label, anchor: 'left', offset: [6, 0] })
        .setLngLat([town.lng, town.lat])
        .addTo(shownMap);
    });
    return () => {
      for (const marker of markers) marker.remove();
    };
  }, [mapState, ticked]);

  const mapOn = mapState === 'loading' || mapState === 'ready';
  const option = (value: AreaChoice, label: string, hint?: string) => (
    <label className="admin-check">
      <input type="radio" name="area" value={value} checked={choice === value} onChange={() => setChoice(value)} />
      <span>
        {label}
        {hint && <small>{hint}</small>}
      </span>
    </label>
  );

  return (
    <fieldset
      className={`site-fieldset area-shape${error ? ' lead-form__field--invalid' : ''}`}
      aria-describedby={error ? 'outline-error' : 'outline-hint'}
    >
      <legend>The shaded area on the map</legend>
      <p className="lead-form__hint" id="outline-hint">
        The area you cover, shaded on the map on your pages. Every town named on the map must be inside it.
      </p>
      {error && (
        <p className="lead-form__error" id="outline-error">
          {error}
        </p>
      )}
      <div className="site-choice" id="outline">
        {option('keep', 'Keep it as it is')}
        {option('towns', 'Shade around the towns ticked above', 'A few miles round each town.')}
        {mapOn && option('drawn', 'As I tap it on the map', 'Tap each corner of your area in turn, all the way round.')}
      </div>
      <div className="area-shape__map" ref={box} hidden={!mapOn} data-state={mapState} />
      {mapOn && (
        <div className="area-shape__tools">
          <p className="area-shape__count" aria-live="polite">
            {outside
              ? 'That is outside the map of this region: tap inside it.'
              : choice === 'drawn'
                ? `${drawn.length} ${drawn.length === 1 ? 'corner' : 'corners'} tapped${drawn.length < 3 ? ': tap at least 3.' : '.'}`
                : 'Tap the map to draw a new area.'}
          </p>
          <button
            type="button"
            className={buttonClass('outline')}
            disabled={choice !== 'drawn' || drawn.length === 0}
            onClick={() => setDrawn((corners) => corners.slice(0, -1))}
          >
            Undo last corner
          </button>
          <button
            type="button"
            className={buttonClass('outline')}
            disabled={choice !== 'drawn' || drawn.length === 0}
            onClick={() => setDrawn([])}
          >
            Start again
          </button>
        </div>
      )}
      {choice === 'drawn' && <input type="hidden" name="outline" value={cornersText(drawn)} />}
    </fieldset>
  );
}
