import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { siteApp } from '../../src/app';
import type { AppEnv } from '../../src/env';
import { declaredCaching } from '../../src/middleware/declared-caching';
import { publicCaching } from '../../src/routes/caching';

/** Every answer's Cache-Control comes from its route's declaration (src/routes/caching.ts). */
describe('declared caching', () => {
  it('keeps nothing a route has not declared: a new per-visitor page is private by default', async () => {
    const app = new Hono<AppEnv>();
    app.use(declaredCaching(publicCaching));
    app.get('/my-account', (c) => c.html(`<p>Hello ${c.req.query('name')}</p>`));
    const res = await app.request('/my-account?name=Sam', {}, env);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('gives the declared pages, feeds and form pages their caching, and errors none', async () => {
    const get = (path: string) => siteApp.request(path, {}, env);
    expect((await get('/faq')).headers.get('cache-control')).toContain('public');
    expect((await get('/robots.txt')).headers.get('cache-control')).toBe(
      'public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400',
    );
    const form = await get('/contact');
    expect(form.headers.get('x-form-token')).toBe('1');
    expect((await get('/no-such-page')).headers.get('cache-control')).toBe('private, no-store');
    expect((await get('/services/no-such-service')).headers.get('cache-control')).toBe('private, no-store');
  });
});
