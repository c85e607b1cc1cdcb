import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { siteApp } from '../../src/app';

const ORIGIN = env.SITE_ORIGIN;
const executableScripts = (html: string) =>
  [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/type="application\/(ld\+)?json"/.test(tag));
const islandProps = (html: string) =>
  JSON.parse((html.match(/data-props="([^"]*)"/)?.[1] ?? '{}').replaceAll('&quot;', '"').replaceAll('&amp;', '&'));

describe('the live map document (/areas-map)', () => {
  it('holds only the map island and its script: no header, footer or indexing', async () => {
    const res = await exports.default.fetch(`${ORIGIN}/areas-map`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain('<title>Interactive map of the area we cover</title>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('<body class="embed"><div class="island" data-island="AreasMap"');
    expect(html).not.toContain('<header');
    expect(html).not.toContain('<footer');
    expect(executableScripts(html)).toEqual([
      expect.stringMatching(/^<script type="module" src="\/assets\/lazy-[A-Z0-9]+\.js">$/),
    ]);
    const props = islandProps(html);
    expect(props.assets.script).toMatch(/^\/assets\/maplibre-gl-[0-9A-F]{8}\.js$/);
    expect(props.assets.worker).toMatch(/^\/assets\/maplibre-gl-worker-[0-9A-F]{8}\.js$/);
    expect(props.assets.css).toMatch(/^\/assets\/maplibre-gl-[0-9A-F]{8}\.css$/);
    expect(props.assets.region).toMatch(/^\/assets\/region-[0-9A-F]{8}\.json$/);
    expect(props.styleUrl).toBe('');
    expect(props.label).toContain('Christchurch');
  });

  it('may be framed by our own pages only; other pages may not be framed at all', async () => {
    const embed = await exports.default.fetch(`${ORIGIN}/areas-map`);
    expect(embed.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(embed.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const home = await exports.default.fetch(`${ORIGIN}/`);
    const csp = home.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src 'self'");
    expect(home.headers.get('x-frame-options')).toBe('DENY');
  });

  it('passes a configured MAP_STYLE_URL on to the live map', async () => {
    const res = await siteApp.request('/areas-map', {}, { ...env, MAP_STYLE_URL: 'https://tiles.example/style.json' });
    expect(islandProps(await res.text()).styleUrl).toBe('https://tiles.example/style.json');
  });

  it('is what the home page frames, and the home page itself runs no script', async () => {
    const html = await (await exports.default.fetch(`${ORIGIN}/`)).text();
    expect(html).toContain('<iframe class="areas-map__embed" src="/areas-map" loading="lazy"');
    expect(executableScripts(html)).toEqual([]);
  });
});
