import { areasPictureMarkup } from '../../generated/server-markup';
import { areasOverlay } from '../../map/overlay';
import { useContent } from '../../site-content/context';
import { AreasOverlayShapes } from './AreasOverlayShapes';

/**
 * The static service-area picture: the land (AreasPictureShapes, rendered at build time) and, over
 * it, the shaded area and the towns of the current content revision. Shown to everyone first, and
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
      {/* Our own build's output from our own data (no visitor input): see AreasPictureShapes. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: markup rendered by React at build time */}
      <g dangerouslySetInnerHTML={{ __html: areasPictureMarkup.shapes }} />
      <AreasOverlayShapes overlay={areasOverlay(areas)} />
    </svg>
  );
}
