import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { request } from './admin-helpers';

/** The installable admin: its manifest, its icons, and /favicon.ico as an icon. */

describe('the admin web manifest', () => {
  it('is open without a session, scoped to /admin, standalone, with 192 and 512 px icons', async () => {
    const res = await request('/admin/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await res.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ start_url: '/admin', scope: '/admin', display: 'standalone' });
    expect(String(manifest.name)).toContain('admin');
    const icons = manifest.icons as { src: string; sizes: string; type: string }[];
    expect(icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of icons) {
      const file = await env.ASSETS.fetch(new Request(`https://assets.invalid${icon.src}`));
      expect(file.status, icon.src).toBe(200);
      const bytes = new Uint8Array(await file.arrayBuffer());
      // A PNG of the size it claims: the IHDR's width and height.
      expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      const view = new DataView(bytes.buffer);
      const size = Number(icon.sizes.split('x')[0]);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([size, size]);
    }
  });

  it('is linked from every admin page', async () => {
    const html = await (await request('/admin/login')).text();
    expect(html).toContain('<link rel="manifest" href="/admin/manifest.webmanifest"/>');
  });
});

describe('/favicon.ico', () => {
  it('is an icon (an ICO holding a 32 px PNG), not the 404 page', async () => {
    const file = await env.ASSETS.fetch(new Request('https://assets.invalid/favicon.ico'));
    expect(file.status).toBe(200);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    expect([...bytes.slice(23, 26)]).toEqual([0x50, 0x4e, 0x47]);
  });
});
