import { Hono } from 'hono';
import AreasMap from '../../client/islands/AreasMap';
import { areasMapLabel, areasMapTitle } from '../components/AreasMapBlock';
import { Island } from '../components/Island';
import type { AppEnv } from '../env';
import { manifest } from '../generated/manifest';
import { regionBounds } from '../generated/server-markup';
import { AREAS_MAP_PATH } from '../http/paths';
import { embedRenderer } from '../render/renderer';

/**
 * The live map's own document, which <AreasMapBlock> loads in a lazy iframe over its picture.
 * MAP_STYLE_URL switches it to a full street style; empty, it draws the self-contained basemap.
 */
export const mapRoutes = new Hono<AppEnv>();

mapRoutes.get(AREAS_MAP_PATH, embedRenderer, (c) => {
  const { towns, outline } = c.var.content.areas;
  const label = areasMapLabel(towns);
  return c.render(
    <Island
      name="AreasMap"
      component={AreasMap}
      props={{ styleUrl: c.env.MAP_STYLE_URL ?? '', assets: manifest.map, bounds: regionBounds, label, towns, outline }}
    />,
    { title: areasMapTitle, description: label, path: AREAS_MAP_PATH, noindex: true },
  );
});
