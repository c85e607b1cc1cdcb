import { areasPictureMarkup } from '../../generated/server-markup';
import { areasOverlay, areasOverlayMarkup } from '../../map/overlay';
import { useContent } from '../../site-content/context';

/**
 * The static service-area picture: the land (AreasPictureShapes, rendered at build time) and, over
 * it, the shaded area and the towns of the current content revision (areasOverlayMarkup). Shown to everyone first, and
 * for good without JavaScript or WebGL. The sea is the frame's background, so the picture may
 * show beyond its viewBox in a wide box.
 */
export function AreasPicture({ label }: { label: string }) {
  const { areas } = useContent();
  return (
    <svg
      className="areas-map__picture"
      viewBox={areasPictureMarkup.viewBox}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label={label}
    >
      {/* Our own build's output from our own data, then the owner's towns with their names escaped. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: build-time markup and areasOverlayMarkup's escaped overlay */}
      <g dangerouslySetInnerHTML={{ __html: areasPictureMarkup.shapes + areasOverlayMarkup(areasOverlay(areas)) }} />
    </svg>
  );
}
