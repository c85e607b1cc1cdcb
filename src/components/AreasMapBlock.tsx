import { useContext } from 'react';
import AreasMap from '../../client/islands/AreasMap';
import { towns } from '../content/areas';
import { manifest } from '../generated/manifest';
import { MapConfigContext } from '../map/config';
import { areasPicture, regionBounds } from '../map/picture';
import { regionAttribution } from '../map/theme';
import { Island } from '../render/Island';
import { AreasPicture } from './map/AreasPicture';

const townNames = towns.map((town) => town.name);
/** What the picture and the live map show, for people who cannot see them. */
export const areasMapLabel = `Map of the area we cover, shaded: from Poole Harbour in the west to Lymington and Lyndhurst in the New Forest, taking in ${townNames.slice(0, -1).join(', ')} and ${townNames.at(-1)}.`;

/**
 * The areas-served map (SPEC §2, §9): a static SVG picture in the first HTML, with the live
 * maplibre map as an island over it in the same box. The island starts only when the section
 * nears the viewport; maplibre, its CSS and the region data are fetched then, not before.
 * `styleUrl` (MAP_STYLE_URL) switches the live map to a full street style; by default it comes
 * from MapConfigContext, and when empty the self-contained basemap is used.
 */
export function AreasMapBlock({ styleUrl }: { styleUrl?: string }) {
  const config = useContext(MapConfigContext);
  return (
    <figure className="areas-map">
      <div className="areas-map__frame">
        <AreasPicture picture={areasPicture()} label={areasMapLabel} />
        <Island
          name="AreasMap"
          component={AreasMap}
          props={{ styleUrl: styleUrl ?? config.styleUrl, assets: manifest.map, bounds: regionBounds, label: areasMapLabel }}
          hydrate="visible"
        />
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
