import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { canDrawMap, createLiveMap, type LiveMapOptions, loadMapLibre } from '../../src/map/live-map';

export type AreasMapProps = LiveMapOptions;

/** 'idle' until it starts; 'waiting' when the visitor saves data and has not asked for it yet. */
type MapState = 'idle' | 'waiting' | 'loading' | 'ready' | 'unavailable';

/** The map instance, on its container element, for the browser tests (not enumerable). */
export interface MapContainer extends HTMLDivElement {
  readonly areasMap?: MapLibreMap;
}

const savesData = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * The live service-area map. It sits over the static SVG picture (rendered by AreasMapBlock on
 * the server) in the same box, from its own document in a lazy iframe (`mapRoutes`); it
 * fetches maplibre, its CSS and the region data, and fades in over the picture once drawn.
 * Without WebGL, or if anything fails, it stays transparent and the picture remains.
 */
export default function AreasMap(props: AreasMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>('idle');
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (!canDrawMap()) setState('unavailable');
    else if (savesData()) setState('waiting');
    else setWanted(true);
  }, []);

  useEffect(() => {
    const element = container.current;
    if (!wanted || !element) return;
    let map: MapLibreMap | undefined;
    let cancelled = false;
    setState('loading');
    loadMapLibre(props.assets)
      .then((maplibre) => (cancelled ? undefined : createLiveMap(maplibre, element, props)))
      .then((created) => {
        if (!created) return;
        map = created;
        if (cancelled) return map.remove();
        Object.defineProperty(element, 'areasMap', { value: map, configurable: true });
        setState('ready');
      })
      .catch((error: unknown) => {
        console.warn('The interactive map could not start; the picture stays.', error);
        element.replaceChildren();
        setState('unavailable');
      });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [wanted, props]);

  return (
    <div className="areas-map__live" data-state={state}>
      <div ref={container} className="areas-map__canvas" />
      {state === 'waiting' && (
        <button type="button" className="areas-map__start" onClick={() => setWanted(true)}>
          Show interactive map
        </button>
      )}
    </div>
  );
}
