import { env, exports } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/env';
import { notFound, onError, withErrorPage } from '../../src/http/errors';
import { renderErrorPage } from '../../src/pages/ErrorPage';
import { pageRenderer } from '../../src/render/renderer';
import { withContent } from '../../src/site-content/middleware';
import { takeLogs } from '../support/console-guard';

/** Executable scripts: any <script> that is not a JSON data block. */
const executableScripts = (html: string) =>
  [...html.matchAll(/<script\b[^>]*>/g)].filter((m) => !/type="application\/(ld\+)?json"/.test(m[0]));

describe('the document shell', () => {
  it('serves / with title, canonical, Open Graph and no JavaScript at all', async () => {
    const res = await exports.default.fetch('https://www.example.com/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).not.toContain('immutable');
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toMatch(/<title>[^<]*Drain Unblocking[^<]*<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${env.SITE_ORIGIN}/"/>`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain(`<meta property="og:url" content="${env.SITE_ORIGIN}/"/>`);
    expect(html).toContain(`<meta property="og:image" content="${env.SITE_ORIGIN}/og-image.png"/>`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    // The stylesheet is inline, and the CSP allows exactly that text by its hash.
    const css = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    expect(css).toContain('.site-header');
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(css));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    expect(html).not.toContain('rel="stylesheet"');
    // The live map lives in a lazy iframe of its own (/areas-map): the page runs no script.
    expect(executableScripts(html)).toEqual([]);
    expect(html).not.toContain('modulepreload');
  });

  it('has the sticky header and the footer with the current year', async () => {
    const html = await (await exports.default.fetch('https://www.example.com/')).text();
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
    expect(html).toContain(`© ${new Date().getFullYear()}`);
  });

  it('answers an unknown path with 404 and the error screen, not indexed', async () => {
    const res = await exports.default.fetch('https://www.example.com/no-such-page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('404 Not Found');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('href="/services"');
    expect(html).toContain('href="/contact"');
    expect(html).toMatch(/href="tel:\+44/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('answers an unknown API path with JSON 404', async () => {
    const res = await exports.default.fetch('https://www.example.com/api/nothing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not Found' });
  });
});

describe('unexpected errors', () => {
  const app = new Hono<AppEnv>();
  app.use(withErrorPage(renderErrorPage));
  app.use(withContent);
  app.use(pageRenderer);
  app.get('/boom', () => {
    throw new Error('database password is hunter2');
  });
  app.get('/api/boom', () => {
    throw new Error('database password is hunter2');
  });
  app.notFound(notFound);
  app.onError(onError);

  it('renders a 500 page without the error details and logs it', async () => {
    const res = await app.request('/boom', {}, env);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('500 Internal Server Error');
    expect(html).not.toContain('hunter2');
    expect(html).not.toMatch(/at .*\.(ts|js):\d+/);
    // Logged by name and message only: no stack, no request body.
    expect(takeLogs('error', 'unhandled error')).toEqual([
      { level: 'error', msg: 'unhandled error', method: 'GET', path: '/boom', error: 'Error: database password is hunter2' },
    ]);
  });

  it('answers /api/* errors with JSON {error}', async () => {
    const res = await app.request('/api/boom', {}, env);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Internal Server Error' });
    expect(takeLogs('error', 'unhandled error')).toEqual([
      { level: 'error', msg: 'unhandled error', method: 'GET', path: '/api/boom', error: 'Error: database password is hunter2' },
    ]);
  });
});
