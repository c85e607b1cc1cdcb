import type { AreasBase } from '../../map/picture';
import { mapColours } from '../../map/theme';

/**
 * The part of the static service-area picture that never changes: sea, land and coastline,
 * projected exactly as the live map projects them at its starting view. Rendered once at build
 * time (scripts/build/server-markup-entry.tsx); the Worker sends that markup inside <AreasPicture>,
 * with the owner's shaded area and towns over it (`areasOverlayMarkup`).
 */
export function AreasPictureShapes({ picture }: { picture: AreasBase }) {
  return (
    <>
      <path d={picture.land} fill={mapColours.land} stroke={mapColours.coastline} strokeLinejoin="round" />
      {picture.water && <path d={picture.water} fill={mapColours.sea} stroke={mapColours.coastline} strokeLinejoin="round" />}
    </>
  );
}
