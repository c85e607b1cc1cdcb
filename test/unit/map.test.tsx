import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import region from '../../public/map/region.json';
import { AreasMapBlock } from '../../src/components/AreasMapBlock';
import { mapView, servicePolygon, towns } from '../../src/content/areas';
import { fitBox, fitScale } from '../../src/map/fit';
import { insidePolygon, ringPath } from '../../src/map/geometry';
import { labelAnchors } from '../../src/map/labels';
import { areasPicture, pictureFrame, svgLabelPlacement } from '../../src/map/picture';
import { frameProjection, worldPixels } from '../../src/map/projection';
import { overlayLayers, regionStyle, serviceAreaSource, townsSource } from '../../src/map/style';
import { ContentContext } from '../../src/site-content/context';
import { defaultView } from '../support/content';

const areas = { towns, outline: servicePolygon };
const viewBox = areasPicture(areas).viewBox.split(' ').map(Number) as [number, number, number, number];
const [vx, vy, vw, vh] = viewBox;

describe('the areas map data', () => {
  it('has every town inside the six-point service polygon', () => {
    expect(servicePolygon).toHaveLength(6);
    expect(towns).toHaveLength(12);
    for (const town of towns) expect(insidePolygon([town.lng, town.lat], servicePolygon), town.name).toBe(true);
  });

  it('projects like maplibre: the centre to the middle of the frame, north up, east right', () => {
    const project = frameProjection(pictureFrame);
    const [cx, cy] = project([mapView.center.lng, mapView.center.lat]);
    expect(cx).toBeCloseTo(pictureFrame.width / 2, 9);
    expect(cy).toBeCloseTo(pictureFrame.height / 2, 9);
    // One degree of longitude at zoom 9 is 512 * 2^9 / 360 CSS pixels.
    expect(project([mapView.center.lng + 1, mapView.center.lat])[0] - cx).toBeCloseTo((512 * 2 ** 9) / 360, 6);
    expect(project([mapView.center.lng, mapView.center.lat + 0.1])[1]).toBeLessThan(cy);
    expect(worldPixels([0, 0], 0)).toEqual([256, 256]);
  });

  it('puts every town, with its label, inside the picture viewBox', () => {
    const picture = areasPicture(areas);
    expect(picture.towns.map((t) => t.name)).toEqual(towns.map((t) => t.name));
    for (const town of picture.towns) {
      expect(town.x, town.name).toBeGreaterThan(vx);
      expect(town.x, town.name).toBeLessThan(vx + vw);
      expect(town.y, town.name).toBeGreaterThan(vy);
      expect(town.y, town.name).toBeLessThan(vy + vh);
      const box = labelBox(town);
      expect(box.left, town.name).toBeGreaterThan(vx);
      expect(box.right, town.name).toBeLessThan(vx + vw);
    }
  });

  it('places labels clear of each other and of the other towns’ dots', () => {
    const picture = areasPicture(areas);
    const boxes = picture.towns.map((town) => ({ name: town.name, ...labelBox(town) }));
    for (const a of boxes) {
      for (const b of boxes) if (a !== b) expect(overlaps(a, b), `${a.name} / ${b.name}`).toBe(false);
      for (const town of picture.towns) {
        if (town.name === a.name) continue;
        const dot = { left: town.x - 5, right: town.x + 5, top: town.y - 5, bottom: town.y + 5 };
        expect(overlaps(a, dot), `${a.name} label / ${town.name} dot`).toBe(false);
      }
    }
    expect(Object.keys(labelAnchors).sort()).toEqual(towns.map((t) => t.name).sort());
  });

  it('ships a small region file that covers everything the map can show', () => {
    const [west, south, east, north] = region.bbox as [number, number, number, number];
    const project = frameProjection(pictureFrame);
    const [x0, y0] = project([west, north]);
    const [x1, y1] = project([east, south]);
    expect(x0).toBeLessThan(0);
    expect(y0).toBeLessThan(0);
    expect(x1).toBeGreaterThan(pictureFrame.width);
    expect(y1).toBeGreaterThan(pictureFrame.height);
    expect(region.features.map((f) => f.properties.kind)).toEqual(['land', 'water', 'coastline']);
    expect(region.properties.attribution).toBe('© OpenStreetMap contributors');
    expect(JSON.stringify(region).length).toBeLessThan(40_000);
  });

  it('fits: zoom 9 in a wide box, scaled down only in a narrow one', () => {
    expect(fitScale(776, 450)).toBe(1);
    expect(fitScale(fitBox.width, 450)).toBe(1);
    expect(fitScale(343, 450)).toBeCloseTo(343 / fitBox.width, 9);
  });

  it('writes compact SVG path data', () => {
    expect(
      ringPath([
        [0, 0],
        [10.4, 0],
        [10, 5],
        [0, 0],
      ]),
    ).toBe('M0 0l10 0 0 5-10-5z');
  });
});

describe('the live map style', () => {
  it('is self-contained: no glyphs, sprite or tiles, only our region file', () => {
    const style = regionStyle('/assets/region-TEST.json', 1, areas);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(JSON.stringify(style)).not.toMatch(/https?:\/\/(?!www\.openstreetmap\.org\/copyright)/);
    expect(style.sources.region).toMatchObject({ type: 'geojson', data: '/assets/region-TEST.json' });
    expect(style.layers.some((l) => l.type === 'symbol')).toBe(false);
    expect(overlayLayers(1).map((l) => l.id)).toEqual(['service-area-fill', 'service-area-edge', 'towns']);
  });

  it("draws the polygon and the towns it is given (the content revision's)", () => {
    const area = serviceAreaSource(areas).data as Feature<Polygon>;
    expect(area.geometry.coordinates[0]).toEqual([...servicePolygon, servicePolygon[0]].map((p) => [...p!]));
    const points = townsSource(areas).data as FeatureCollection<Point, { name: string }>;
    expect(points.features.map((f) => [f.properties.name, ...f.geometry.coordinates])).toEqual(
      towns.map((t) => [t.name, t.lng, t.lat]),
    );
  });
});

describe('<AreasMapBlock>', () => {
  const html = renderToStaticMarkup(
    <ContentContext.Provider value={defaultView}>
      <AreasMapBlock />
    </ContentContext.Provider>,
  );

  it('renders a small, labelled SVG picture with the 12 towns and the attribution', () => {
    const svg = html.match(/<svg[\s\S]*<\/svg>/)?.[0] ?? '';
    expect(svg.length).toBeLessThan(8_000);
    expect(svg).toContain('role="img"');
    const label = svg.match(/aria-label="([^"]*)"/)?.[1] ?? '';
    for (const town of towns) expect(label).toContain(town.name);
    expect([...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toEqual(towns.map((t) => t.name));
    expect(html).toContain('© OpenStreetMap contributors');
  });

  it("writes the owner's town names as text, never as markup", () => {
    const named = {
      ...defaultView,
      areas: { ...defaultView.areas, towns: [{ ...towns[0]!, name: `St Mary's & <b>"Old" Town</b>` }] },
    };
    const svg = renderToStaticMarkup(
      <ContentContext.Provider value={named}>
        <AreasMapBlock />
      </ContentContext.Provider>,
    ).match(/<svg[\s\S]*<\/svg>/)?.[0];
    expect(svg).toContain('>St Mary&#39;s &amp; &lt;b&gt;&quot;Old&quot; Town&lt;/b&gt;</text>');
    expect(svg).not.toContain('<b>');
    expect(svg?.match(/<circle /g)).toHaveLength(1);
  });

  it('puts the live map in a lazily loaded iframe of our own over the picture, with no inline style', () => {
    expect(html).toContain(
      '<iframe class="areas-map__embed" src="/areas-map" loading="lazy" title="Interactive map of the area we cover"></iframe>',
    );
    expect(html).not.toContain('data-island');
    expect(html).not.toMatch(/\sstyle="/);
  });
});

/** The label's box in picture pixels: 13px bold system-ui is about 7.6px a character. */
function labelBox(town: ReturnType<typeof areasPicture>['towns'][number]) {
  const place = svgLabelPlacement(town);
  const width = town.name.length * 7.6;
  const height = 13;
  const left = place.textAnchor === 'start' ? place.x : place.textAnchor === 'end' ? place.x - width : place.x - width / 2;
  const top =
    place.baseline === 'text-before-edge'
      ? place.y
      : place.baseline === 'text-after-edge'
        ? place.y - height
        : place.y - height / 2;
  return { left, right: left + width, top, bottom: top + height };
}

function overlaps(
  a: { left: number; right: number; top: number; bottom: number },
  b: { left: number; right: number; top: number; bottom: number },
) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}
