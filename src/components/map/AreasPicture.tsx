import { areasPictureMarkup } from '../../generated/server-markup';

/**
 * The static service-area picture (the shapes are in AreasPictureShapes, rendered at build
 * time). Shown to everyone first, and for good without JavaScript or WebGL. The sea is the
 * frame's background, so the picture may show beyond its viewBox in a wide box.
 */
export function AreasPicture({ label }: { label: string }) {
  return (
    <svg
      className="areas-map__picture"
      viewBox={areasPictureMarkup.viewBox}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label={label}
      // Our own build's output from our own data (no visitor input): see AreasPictureShapes.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup rendered by React at build time
      dangerouslySetInnerHTML={{ __html: areasPictureMarkup.shapes }}
    />
  );
}
