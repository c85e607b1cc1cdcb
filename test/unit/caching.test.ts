import { describe, expect, it } from 'vitest';
import { builtKeys, cachingFor, keyFor } from '../../src/cache/caching';
import { serviceSlugs } from '../../src/content/service-slugs';
import { publicCaching } from '../../src/routes/caching';
import { CAMPAIGN_PARAMS } from '../../src/rules/campaign-params';

const campaign: ReadonlySet<string> = new Set(CAMPAIGN_PARAMS);
const key = (url: string) => {
  const { pathname, searchParams } = new URL(url, 'https://www.example.com');
  return keyFor(cachingFor(publicCaching, pathname), pathname, searchParams, campaign);
};

describe('caching declared by the routes', () => {
  it('never keeps a route that declares nothing', () => {
    expect(cachingFor(publicCaching, '/my-account')).toEqual({ keep: 'never' });
    expect(key('/my-account')).toBeUndefined();
    expect(key('/api/contact')).toBeUndefined();
    expect(key('/admin/leads')).toBeUndefined();
    expect(key('/media/abc-10x10.png')).toBeUndefined();
  });

  it('keys a kept page by its declared parameters only, campaign tags left out', () => {
    expect(key('/')).toBe('/');
    expect(key('/services/soakaways')).toBe('/services/soakaways');
    expect(key('/?utm_source=google&gclid=abc')).toBe('/');
    expect(key('/free-quote?service=soakaways')).toBe('/free-quote?service=soakaways');
    expect(key('/free-quote?service=made-up')).toBeUndefined();
    expect(key('/free-quote?service=soakaways&service=root-cutting')).toBeUndefined();
    expect(key('/blog?page=2')).toBe('/blog?page=2');
    expect(key('/blog?page=02')).toBeUndefined();
    expect(key('/faq?x=1')).toBeUndefined();
  });

  it('builds with the deploy exactly the pages that show no posts and say so', () => {
    const keys = builtKeys(publicCaching);
    expect(keys).toHaveLength(31);
    expect(keys).toEqual(
      expect.arrayContaining([
        '/',
        '/services',
        '/faq',
        '/privacy',
        '/areas-map',
        '/contact',
        '/free-quote',
        ...serviceSlugs.map((slug) => `/services/${slug}`),
        ...serviceSlugs.map((slug) => `/free-quote?service=${slug}`),
      ]),
    );
    expect(keys.some((k) => k.startsWith('/blog') || k === '/sitemap.xml')).toBe(false);
  });
});
