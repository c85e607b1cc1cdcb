import { describe, expect, it } from 'vitest';
import type { FeedPost } from '../../src/db/posts';
import { rssXml } from '../../src/seo/rss';
import { sitemapEntries, sitemapXml, staticRoutes } from '../../src/seo/sitemap';
import { childrenNamed, childText, parseXml } from './blog-xml';

const ORIGIN = 'https://www.example.com';

const feedPost = (n: number, overrides: Partial<FeedPost> = {}): FeedPost => ({
  id: n,
  title: `Post ${n}`,
  slug: `post-${n}`,
  excerpt: `Excerpt ${n}`,
  imageUrl: '/images/blog/tree-roots.svg',
  publishedAt: `2025-03-0${n}T09:00:00.000Z`,
  updatedAt: `2025-03-0${n}T09:00:00.000Z`,
  category: 'Blocked Drains',
  author: 'Mark Dawson',
  format: 'html',
  status: 'published',
  imageAlt: '',
  ...overrides,
});

describe('the XML test parser', () => {
  it('rejects documents that are not well-formed', () => {
    expect(() => parseXml('<a><b></a></b>')).toThrow();
    expect(() => parseXml('<a>fish & chips</a>')).toThrow(/entity/);
    expect(() => parseXml('<a>1 < 2</a>')).toThrow();
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow(/duplicate/);
    expect(() => parseXml('<a>&nbsp;</a>')).toThrow(/entity/);
    expect(() => parseXml('<a>\u0001</a>')).toThrow(/control/);
    expect(() => parseXml('<a/><b/>')).toThrow(/root/);
    expect(parseXml('<?xml version="1.0"?>\n<a x=\'1\'>&lt;&#38;&#x3C;</a>')).toMatchObject({ attrs: { x: '1' }, text: '<&<' });
  });
});

describe('rssXml', () => {
  it('is RSS 2.0 with a channel and one item per post, special characters escaped', () => {
    const nasty = feedPost(2, {
      title: 'Fish & chips <fat> "wipes" it\'s \u0007bad',
      excerpt: 'A < B & C > D ]]>',
      category: 'Tips & Tricks',
      author: "O'Brien & Sons",
    });
    const xml = rssXml(ORIGIN, [nasty, feedPost(1)], 'BCP Drainage & Plumbing');
    const rss = parseXml(xml);
    expect(rss.name).toBe('rss');
    expect(rss.attrs.version).toBe('2.0');
    expect(rss.attrs['xmlns:dc']).toBe('http://purl.org/dc/elements/1.1/');
    expect(rss.attrs['xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    const [channel] = childrenNamed(rss, 'channel');
    expect(childText(channel!, 'link')).toBe(`${ORIGIN}/blog`);
    expect(childText(channel!, 'language')).toBe('en-gb');
    expect(childrenNamed(channel!, 'atom:link')[0]!.attrs).toMatchObject({ href: `${ORIGIN}/blog/rss.xml`, rel: 'self' });
    expect(childText(channel!, 'lastBuildDate')).toBe('Sun, 02 Mar 2025 09:00:00 GMT');
    const items = childrenNamed(channel!, 'item');
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(childText(first, 'title')).toBe('Fish & chips <fat> "wipes" it\'s bad');
    expect(childText(first, 'description')).toBe('A < B & C > D ]]>');
    expect(childText(first, 'link')).toBe(`${ORIGIN}/blog/post-2`);
    expect(childrenNamed(first, 'guid')[0]).toMatchObject({ attrs: { isPermaLink: 'true' }, text: `${ORIGIN}/blog/post-2` });
    expect(childText(first, 'pubDate')).toBe('Sun, 02 Mar 2025 09:00:00 GMT');
    expect(childText(first, 'category')).toBe('Tips & Tricks');
    expect(childText(first, 'dc:creator')).toBe("O'Brien & Sons");
  });

  it('is still a valid feed with no posts', () => {
    const channel = childrenNamed(parseXml(rssXml(ORIGIN, [], 'BCP Drainage & Plumbing')), 'channel')[0]!;
    expect(childrenNamed(channel, 'item')).toEqual([]);
    expect(childText(channel, 'title')).toContain('BCP Drainage');
  });
});

describe('sitemap with posts', () => {
  it('lists the static routes, then each post with its last change as lastmod', () => {
    const entries = sitemapEntries([
      { slug: 'newer', publishedAt: '2025-05-01T09:00:00.000Z', updatedAt: '2025-06-01T09:00:00.000Z' },
      { slug: 'older', publishedAt: '2025-04-01T09:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' },
    ]);
    const urlset = parseXml(sitemapXml(ORIGIN, entries));
    expect(urlset.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = childrenNamed(urlset, 'url').map((u) => ({ loc: childText(u, 'loc'), lastmod: childText(u, 'lastmod') }));
    expect(urls).toHaveLength(staticRoutes.length + 2);
    expect(urls).toContainEqual({ loc: `${ORIGIN}/blog`, lastmod: '2025-06-01T09:00:00.000Z' });
    expect(urls.slice(-2)).toEqual([
      { loc: `${ORIGIN}/blog/newer`, lastmod: '2025-06-01T09:00:00.000Z' },
      { loc: `${ORIGIN}/blog/older`, lastmod: '2025-04-01T09:00:00.000Z' },
    ]);
  });

  it('lists the static routes alone when there are no posts', () => {
    expect(sitemapEntries([])).toEqual(staticRoutes.map((path) => ({ path })));
  });
});
