import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { invalidatePageCache } from '../../src/cache/isolate-pages';
import { readImageSize } from '../../src/media/dimensions';
import { sniffImageType } from '../../src/media/sniff';
import { postFields, request, type Session, signIn } from './admin-helpers';
import { photo, postMultipart } from './media-helpers';

/**
 * What Facebook, X and LinkedIn draw when a page is shared: every page in the sitemap (pages and
 * posts, the seed posts with their SVG covers among them) names a raster og:image that answers
 * 200, drawn at the width and height the page states, with its description.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const metaOf = (html: string, key: 'name' | 'property', value: string) =>
  new RegExp(`<meta ${key}="${value}" content="([^"]*)"/>`).exec(html)?.[1];

/** As production answers: a file in public/ from the asset server, anything else from the Worker. */
async function fetchFromSite(url: string): Promise<Response> {
  const path = new URL(url).pathname;
  const asset = await env.ASSETS.fetch(new Request(`https://assets.invalid${path}`));
  if (asset.status === 200) return asset;
  return request(path);
}

interface Shared {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** Reads the share tags of a page and checks the picture behind them. */
async function expectShareable(path: string): Promise<Shared> {
  const res = await request(path);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const url = metaOf(html, 'property', 'og:image') ?? '';
  const shared = {
    url,
    width: Number(metaOf(html, 'property', 'og:image:width')),
    height: Number(metaOf(html, 'property', 'og:image:height')),
    alt: metaOf(html, 'property', 'og:image:alt') ?? '',
  };
  expect(url.startsWith(env.SITE_ORIGIN), path).toBe(true);
  expect(metaOf(html, 'name', 'twitter:image'), path).toBe(url);
  expect(metaOf(html, 'name', 'twitter:image:alt'), path).toBe(shared.alt);
  expect(shared.alt.length, path).toBeGreaterThan(5);

  const image = await fetchFromSite(url);
  expect(image.status, `${path}: ${url}`).toBe(200);
  const type = image.headers.get('content-type') ?? '';
  expect(type, url).toMatch(/^image\/(png|jpeg|webp)/);
  expect(metaOf(html, 'property', 'og:image:type')).toBe(type.split(';')[0]);
  const bytes = new Uint8Array(await image.arrayBuffer());
  const sniffed = sniffImageType(bytes);
  expect(sniffed, url).not.toBeNull();
  expect(readImageSize(bytes, sniffed!), url).toEqual({ width: shared.width, height: shared.height });
  return shared;
}

describe('sharing a page', () => {
  it('every page and post in the sitemap shares a raster picture with its size and description', async () => {
    await invalidatePageCache(env);
    const sitemap = await (await request('/sitemap.xml')).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths).toContain('/');
    expect(paths.filter((p) => p.startsWith('/blog/')).length).toBeGreaterThanOrEqual(6);
    for (const path of paths) await expectShareable(path);
    // A seed post's cover is an SVG illustration: it shares the site's 1200 x 630 card.
    const seeded = paths.find((p) => p.startsWith('/blog/'))!;
    expect(await expectShareable(seeded)).toMatchObject({ url: `${env.SITE_ORIGIN}/og-image.png`, width: 1200, height: 630 });
  });

  it('a post with an uploaded photo as its cover shares that photo, its size and its description', async () => {
    const fields = postFields({ image_url: '', image_alt: 'Engineer lifting a manhole cover', published_at: '' });
    const res = await postMultipart(session, '/admin/posts', { ...fields, cover: photo(1600, 900) });
    expect(res.status).toBe(303);
    const { slug } = (await env.DB.prepare('SELECT slug FROM posts WHERE title = ?')
      .bind(fields.title)
      .first<{ slug: string }>())!;
    const shared = await expectShareable(`/blog/${slug}`);
    expect(shared).toMatchObject({ width: 1600, height: 900, alt: 'Engineer lifting a manhole cover' });
    expect(shared.url).toMatch(/\/media\/[0-9a-f]{32}-1600x900\.jpg$/);
  });

  it('a cover sent whole without the editor’s script (4:3) is shown, shared and previewed in one frame', async () => {
    const fields = postFields({ image_url: '', image_alt: 'A manhole in a lawn', published_at: '' });
    const res = await postMultipart(session, '/admin/posts', { ...fields, cover: photo(1600, 1200) });
    expect(res.status).toBe(303);
    const editor = (res.headers.get('location') ?? '').replace(/\/edit.*$/, '');
    const { slug } = (await env.DB.prepare('SELECT slug FROM posts WHERE title = ?')
      .bind(fields.title)
      .first<{ slug: string }>())!;
    const shared = await expectShareable(`/blog/${slug}`);
    expect(shared).toMatchObject({ width: 1600, height: 1200 });

    // The page's cover: the same picture at the same size, and no rule trims it to another frame.
    const page = await (await request(`/blog/${slug}`)).text();
    const cover = coverOf(page, 'post-image');
    expect(`${env.SITE_ORIGIN}${cover.src}`).toBe(shared.url);
    expect(cover.width / cover.height).toBe(shared.width / shared.height);
    const rule = /\.post-image\{[^}]*\}/.exec(page)?.[0] ?? '';
    expect(rule).toContain('height:auto');
    expect(rule).not.toMatch(/aspect-ratio|object-fit:cover/);

    // The editor's preview shows the page and, under it, the card a shared link makes: one picture, one frame.
    const previewed = await postMultipart(session, editor, { ...fields, image_url: cover.src, intent: 'preview' });
    expect(previewed.status).toBe(200);
    const html = await previewed.text();
    const card = coverOf(html.slice(html.indexOf('When the link is shared')), '');
    expect(coverOf(html, 'post-image')).toEqual(cover);
    expect(card).toMatchObject({ src: cover.src, width: 1600, height: 1200 });
  });
});

/** The first <img> with that class (any, for ''): its src and drawn size. */
function coverOf(html: string, className: string) {
  const tag = new RegExp(`<img [^>]*${className ? `class="${className}"[^>]*` : ''}>`).exec(html)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
  return { src: attribute('src'), width: Number(attribute('width')), height: Number(attribute('height')) };
}
