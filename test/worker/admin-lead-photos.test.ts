import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { MB, photoFile } from '../support/photo-files';
import { expectAdminHeaders, request, type Session, signIn } from './admin-helpers';
import { postWithPhotos, quoteLead } from './leads-helpers';

/**
 * The photos a customer sent, seen by the owner: on the lead's card, streamed by a signed-in
 * route from the private leads/ prefix of R2, and refused to anyone without a session.
 */

let session: Session;
let leadId: string;
let files: File[];

beforeAll(async () => {
  session = await signIn();
  files = [
    photoFile('jpeg', 'IMG_0001.jpg', 250_000),
    photoFile('png', 'drain.png', 1.5 * MB),
    photoFile('heic', 'IMG_0002.HEIC', 3000),
  ];
  const res = await postWithPhotos('/api/quote', await quoteLead(), files, { accept: 'json' });
  expect(res.status).toBe(202);
  leadId = ((await res.json()) as { id: string }).id;
});

const photo = (n: number, query = '') => `/admin/leads/${leadId}/photos/${n}${query}`;

describe("the owner's admin", () => {
  it('counts the photos in the inbox', async () => {
    const html = await (await request('/admin/leads', { cookie: session.cookie })).text();
    const row = html.slice(html.indexOf(`href="/admin/leads/${leadId}"`));
    expect(row.slice(0, row.indexOf('</li>'))).toContain('3 photos');
  });

  it('shows the three photos on the lead page, each opening the viewer, with a download for each; HEIC as a tile', async () => {
    for (const path of [`/admin/leads/${leadId}`]) {
      const html = await (await request(path, { cookie: session.cookie })).text();
      expect(html, path).toContain(
        `<img src="${photo(1)}" alt="Sent with this lead, 1 of 3" width="160" height="120" loading="lazy" decoding="async"/>`,
      );
      expect(html, path).toContain(`<img src="${photo(2)}"`);
      expect(html, path).not.toContain(`<img src="${photo(3)}"`);
      expect(html, path).toContain('HEIC photo 3: download to view');
      expect(html, path).toContain(`href="${photo(1, '?download=1')}" download="">Download (JPEG, 244 KB)</a>`);
      expect(html, path).toContain('Download (PNG, 1.5 MB)');
      expect(html, path).toContain(`href="${photo(3, '?download=1')}"`);
      expect(html, path).toContain(`<a class="admin-photo__view" href="${photo(1, '/view')}">`);
    }
  });

  it('shows each photo full screen with previous, next, back and a zoom, all plain links', async () => {
    const first = await (await request(photo(1, '/view'), { cookie: session.cookie })).text();
    expect(first).toContain('Photo 1 of 3');
    expect(first).toContain(`<img src="${photo(1)}"`);
    expect(first).toContain(`href="${photo(2, '/view')}" rel="next"`);
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain(`href="/admin/leads/${leadId}"`);
    expect(first).toContain(`href="${photo(1, '/view?zoom=1')}">Zoom</a>`);
    const zoomed = await (await request(photo(2, '/view?zoom=1'), { cookie: session.cookie })).text();
    expect(zoomed).toContain('photo-viewer photo-viewer--zoom');
    expect(zoomed).toContain(`href="${photo(1, '/view?zoom=1')}" rel="prev"`);
    expect(zoomed).toContain(`href="${photo(3, '/view?zoom=1')}" rel="next"`);
    expect(zoomed).toContain('Fit to screen');
    const heic = await (await request(photo(3, '/view'), { cookie: session.cookie })).text();
    expect(heic).toContain('Download it</a> to view it');
    expect(heic).not.toContain('rel="next"');
    expect((await request(photo(4, '/view'), { cookie: session.cookie })).status).toBe(404);
    expect((await request(photo(1, '/view'))).status).toBe(303);
  });

  it('streams each photo from R2 with its judged type, never cached or sniffed', async () => {
    for (const [i, file] of files.entries()) {
      const res = await request(photo(i + 1), { cookie: session.cookie });
      expect(res.status).toBe(200);
      expectAdminHeaders(res);
      expect(res.headers.get('content-type')).toBe(['image/jpeg', 'image/png', 'image/heic'][i]);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="lead-[0-9A-F]{8}-photo-\d\.(jpg|png|heic)"$/);
      expect(res.headers.get('content-length')).toBe(String(file.size));
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(await file.arrayBuffer()));
    }
    const download = await request(photo(3, '?download=1'), { cookie: session.cookie });
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="lead-${leadId.slice(0, 8).toUpperCase()}-photo-3.heic"`,
    );
    await download.body?.cancel();
  });

  it('answers 404 for a photo that does not exist', async () => {
    for (const path of [photo(4), `/admin/leads/${crypto.randomUUID()}/photos/1`, `/admin/leads/not-a-lead/photos/1`, photo(0)]) {
      const res = await request(path, { cookie: session.cookie });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).not.toMatch(/^image\//);
      await res.body?.cancel();
    }
  });
});

describe('a visitor without a session', () => {
  it('is refused every photo: sent to sign in, with no image in the answer', async () => {
    for (const path of [photo(1), photo(2, '?download=1'), photo(3)]) {
      const res = await request(path);
      expect(res.status, path).toBe(303);
      expect(res.headers.get('location'), path).toMatch(/^\/admin\/login/);
      expect(res.headers.get('content-type') ?? '', path).not.toMatch(/^image\//);
      expect((await res.arrayBuffer()).byteLength, path).toBe(0);
    }
  });

  it('with a forged session cookie is refused too', async () => {
    const res = await request(photo(1), { cookie: '__Host-bcp_admin=forged.value' });
    expect(res.status).toBe(303);
    expect(res.headers.get('content-type') ?? '').not.toMatch(/^image\//);
  });

  it('cannot reach the photos through the public site: they are not under media/', async () => {
    const { objects } = await env.MEDIA.list({ prefix: `leads/${leadId}/` });
    expect(objects).toHaveLength(3);
    for (const object of objects) {
      for (const path of [`/${object.key}`, `/media/${object.key}`, `/media/../${object.key}`]) {
        const res = await request(path);
        expect(res.status, path).not.toBe(200);
        expect(res.headers.get('content-type') ?? '', path).not.toMatch(/^image\//);
        await res.body?.cancel();
      }
    }
  });
});
