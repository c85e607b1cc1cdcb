import { AREAS_MAP_PATH } from '../http/paths';
import { regionAttribution } from '../map/theme';
import { useContent } from '../site-content/context';
import { AreasPicture } from './map/AreasPicture';

/** What the picture and the live map show, for people who cannot see them. */
export function areasMapLabel(towns: readonly { name: string }[]): string {
  const names = towns.map((town) => town.name);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'our towns');
  return `Map of the area we cover, shaded, taking in ${list}.`;
}

export const areasMapTitle = 'Interactive map of the area we cover';

/**
 * The areas-served map (docs/spec.md §2, §9): a static SVG picture in the first HTML, with the live
 * maplibre map over it in the same box, in a transparent iframe the browser loads lazily (only
 * as the section nears the viewport). So the page itself runs no script at all; the iframe's
 * document brings React, maplibre, its CSS and the region data when it loads, and the live map
 * fades in over the picture once drawn. Without JavaScript or WebGL the picture stays.
 */
export function AreasMapBlock() {
  const { areas } = useContent();
  return (
    <figure className="areas-map">
      <div className="areas-map__frame">
        <AreasPicture label={areasMapLabel(areas.towns)} />
        <iframe className="areas-map__embed" src={AREAS_MAP_PATH} loading="lazy" title={areasMapTitle} />
      </div>
      <figcaption className="areas-map__caption">
        <span>Shaded: the area our engineers cover.</span>{' '}
        <span>
          Map data <a href={regionAttribution.href}>{regionAttribution.text}</a>
        </span>
      </figcaption>
    </figure>
  );
}
