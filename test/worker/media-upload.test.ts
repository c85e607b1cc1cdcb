import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { takeLogs } from '../support/console-guard';
import { avifBytes, jpegBytes, pngBytes, webpBytes } from '../support/image-bytes';
import { request, type Session, signIn } from './admin-helpers';
import { expectNothingStored, file, photo, postMultipart, type UploadAnswer } from './media-helpers';

/** Uploading pictures (the editor's upload API and the Media page's form) on the real local R2 and D1. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const ACCEPTED = 'We accept JPEG, PNG, WebP and AVIF pictures up to 10 MB.';
const upload = (picture: File, alt = 'A blocked gully by a back door') =>
  postMultipart(session, '/admin/api/media', { file: picture, alt });

describe('each accepted type', () => {
  it.each([
    ['JPEG', file(jpegBytes(1600, 1200), 'IMG_2041.JPG'), 'image/jpeg', 'jpg', 1600, 1200],
    ['PNG', file(pngBytes(800, 450), 'screenshot.png', 'image/png'), 'image/png', 'png', 800, 450],
    ['WebP', file(webpBytes(1024, 768, 'VP8X'), 'photo.webp', 'image/webp'), 'image/webp', 'webp', 1024, 768],
    ['AVIF', file(avifBytes([[1920, 1080]]), 'photo.avif', 'image/avif'), 'image/avif', 'avif', 1920, 1080],
    // Judged by the bytes: a PNG sent with a .jpg name and no declared type is stored as a PNG.
    ['PNG named .jpg', file(pngBytes(640, 480), 'renamed.jpg', ''), 'image/png', 'png', 640, 480],
  ] as const)(
    '%s is stored under its content hash with a row, and served as itself',
    async (_name, picture, type, ext, width, height) => {
      const res = await upload(picture);
      expect(res.status).toBe(201);
      const answer = await res.json<UploadAnswer>();
      const bytes = new Uint8Array(await picture.arrayBuffer());
      const hash = [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
        .slice(0, 16)
        .map((b) => b.toString(16).padStart(2, '0'))
        .join('');
      const name = `${hash}-${width}x${height}.${ext}`;
      expect(answer).toEqual({
        created: true,
        url: `/media/${name}`,
        width,
        height,
        markdown: `![A blocked gully by a back door](/media/${name})`,
        html: `<img src="/media/${name}" alt="A blocked gully by a back door" width="${width}" height="${height}" loading="lazy">`,
      });
      const object = await env.MEDIA.get(`media/${name}`);
      expect(object?.httpMetadata?.contentType).toBe(type);
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
      const row = await env.DB.prepare('SELECT * FROM media WHERE key = ?').bind(`media/${name}`).first();
      expect(row).toMatchObject({ type, bytes: bytes.byteLength, width, height, alt: 'A blocked gully by a back door' });
      expect(String(row?.uploaded_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      const served = await request(answer.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    },
  );

  it('stores the same picture once; uploading it again keeps one object and row, with the newer description', async () => {
    const picture = photo();
    const first = await (await upload(picture, 'First words')).json<UploadAnswer>();
    const second = await (await upload(picture, 'Better words')).json<UploadAnswer>();
    expect(second.url).toBe(first.url);
    // Only the first added it: the editor's late Cancel takes back only a picture its upload added.
    expect([first.created, second.created]).toEqual([true, false]);
    const key = first.url.slice(1);
    expect((await env.MEDIA.list({ prefix: key })).objects).toHaveLength(1);
    const rows = await env.DB.prepare('SELECT alt FROM media WHERE key = ?').bind(key).all();
    expect(rows.results).toEqual([{ alt: 'Better words' }]);
  });

  it('turns a phone photo by its EXIF orientation: the size is the one browsers draw', async () => {
    const res = await upload(file(jpegBytes(4032, 3024, { orientation: 6 }), 'IMG_0002.jpg'));
    expect(await res.json<UploadAnswer>()).toMatchObject({ width: 3024, height: 4032 });
  });
});

/** A real picture's headers, then zeros up to `size` bytes. */
function padded(head: Uint8Array, size: number) {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
}

describe('refused files store nothing and say what is accepted', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  const html = '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>';
  it.each([
    ['an SVG renamed .jpg', file(svg, 'photo.jpg'), 415, 'not a picture we can show'],
    ['an SVG sent as SVG', file(svg, 'logo.svg', 'image/svg+xml'), 415, 'not a picture we can show'],
    ['an HTML page renamed .png', file(html, 'photo.png', 'image/png'), 415, 'not a picture we can show'],
    ['a GIF', file('GIF89a\u0001\u0000\u0001\u0000', 'anim.gif', 'image/gif'), 415, 'not a picture we can show'],
    [
      'an iPhone HEIC',
      file(
        avifBytes([[10, 10]]).map((b, i) => (i >= 8 && i < 12 ? 'heic'.charCodeAt(i - 8) : b)),
        'IMG.HEIC',
        'image/heic',
      ),
      415,
      'HEIC',
    ],
    [
      'a JPEG whose size cannot be read',
      file(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0]), 'broken.jpg'),
      415,
      'size of that picture could not be read',
    ],
    ['an empty file', file('', 'empty.jpg'), 400, 'That file is empty.'],
    ['an 11 MB JPEG', file(padded(jpegBytes(8000, 6000), 11 * 1024 * 1024), 'huge.jpg'), 413, 'That file is 11 MB, too large.'],
  ])('%s', async (_name, picture, status, message) => {
    await expectNothingStored(async () => {
      const res = await upload(picture);
      expect(res.status).toBe(status);
      const { error } = await res.json<{ error: string }>();
      expect(error).toContain(message);
      expect(error).toContain(ACCEPTED);
    });
  });

  it('a picture without its description', async () => {
    await expectNothingStored(async () => {
      const res = await upload(photo(), '   ');
      expect(res.status).toBe(400);
      expect((await res.json<{ error: string }>()).error).toContain('Describe the picture in a few words (alt text)');
    });
  });

  it('a large body from anyone but the signed-in owner: refused as unsigned before the body is read', async () => {
    await expectNothingStored(async () => {
      const body = new FormData();
      body.set('file', file(new Uint8Array(21 * 1024 * 1024), 'huge.jpg'));
      expect((await request('/admin/api/media', { body })).status).toBe(401);
      expect((await request('/admin/posts', { body })).status).toBe(303);
    });
  });

  it('a body beyond the upload limit, before it is read', async () => {
    await expectNothingStored(async () => {
      const res = await upload(file(new Uint8Array(21 * 1024 * 1024), 'huge.jpg'));
      expect(res.status).toBe(413);
      expect((await res.json<{ error: string }>()).error).toContain('each picture can be at most 10 MB');
    });
  });

  it('the Media page form: the same rules, the same messages, on the page', async () => {
    await expectNothingStored(async () => {
      const res = await postMultipart(session, '/admin/media', { file: file('<svg/>', 'cat.jpg'), alt: 'A cat' });
      expect(res.status).toBe(415);
      const page = await res.text();
      expect(page).toContain('Nothing was uploaded');
      expect(page).toContain(`That file is not a picture we can show (judged by its content, not its name). ${ACCEPTED}`);
      expect(page).toContain('value="A cat"');
    });
  });

  it('without a session or its CSRF token', async () => {
    await expectNothingStored(async () => {
      const anonymous = await request('/admin/api/media', { body: new FormData() });
      expect(anonymous.status).toBe(401);
      const forged = await postMultipart(session, '/admin/api/media', { file: photo(), alt: 'x' }, 'not-the-token');
      expect(forged.status).toBe(403);
      expect(takeLogs('warn', 'admin form refused: CSRF token missing or wrong')).toHaveLength(1);
    });
  });
});

describe('body limits', () => {
  it('stay at 64 KB for every route that takes no pictures', async () => {
    const res = await postMultipart(session, '/admin/leads/erase', { filler: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
  });
});
