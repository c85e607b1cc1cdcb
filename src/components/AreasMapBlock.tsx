import { towns } from '../content/areas';
import { AREAS_MAP_PATH } from '../http/paths';
import { regionAttribution } from '../map/theme';
import { AreasPicture } from './map/AreasPicture';

const townNames = towns.map((town) => town.name);
/** What the picture and the live map show, for people who cannot see them. */
export const areasMapLabel = `Map of the area we cover, shaded: from Poole Harbour in the west to Lymington and Lyndhurst in the New Forest, taking in ${townNames.slice(0, -1).join(', ')} and ${townNames.at(-1)}.`;

export const areasMapTitle = 'Interactive map of the area we cover';

/**
 * The areas-served map (SPEC §2, §9): a static SVG picture in the first HTML, with the live
 * maplibre map over it in the same box, in a transparent iframe the browser loads lazily (only
 * as the section nears the viewport). So the page itself runs no script at all; the iframe's
 * document brings React, maplibre, its CSS and the region data when it loads, and the live map
 * fades in over the picture once drawn. Without JavaScript or WebGL the picture stays.
 */
export function AreasMapBlock() {
  return (
    <figure className="areas-map">
      <div className="areas-map__frame">
        <AreasPicture label={areasMapLabel} />
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
