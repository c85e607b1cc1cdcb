import type { LngLat } from '../content/types';

/** maplibre's tile size: at zoom z the world is 512 * 2^z CSS pixels wide. */
const TILE_SIZE = 512;

export interface MapFrame {
  center: { lat: number; lng: number };
  zoom: number;
  /** Size of the frame in CSS pixels. */
  width: number;
  height: number;
}

/** Web Mercator, as maplibre draws it: [lng, lat] to world pixels at a zoom level. */
export function worldPixels([lng, lat]: LngLat, zoom: number): [number, number] {
  const size = TILE_SIZE * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return [((lng + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

/**
 * Projects [lng, lat] into a frame's pixels, origin top left: exactly where maplibre puts the
 * point in a container of that size with the same centre and zoom.
 */
export function frameProjection(frame: MapFrame): (point: LngLat) => [number, number] {
  const [cx, cy] = worldPixels([frame.center.lng, frame.center.lat], frame.zoom);
  const left = cx - frame.width / 2;
  const top = cy - frame.height / 2;
  return (point) => {
    const [x, y] = worldPixels(point, frame.zoom);
    return [x - left, y - top];
  };
}
