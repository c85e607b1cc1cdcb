import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../support/image-bytes';
import { request, type Session, signIn } from './admin-helpers';
import { file, postMultipart, type UploadAnswer } from './media-helpers';

/** /media/<name>: post pictures from the bucket's public prefix, and nothing else in the bucket. */

let session: Session;
let url: string;
let bytes: Uint8Array;
const SECRET = 'private lead photo';
const NAME = '0123456789abcdef0123456789abcdef-10x10.jpg';

beforeAll(async () => {
  session = await signIn();
  bytes = pngBytes(1200, 800);
  const res = await postMultipart(session, '/admin/api/media', {
    file: file(bytes as Uint8Array<ArrayBuffer>, 'p.png'),
    alt: 'A manhole',
  });
  url = (await res.json<UploadAnswer>()).url;
  // What another part of the site keeps in the same bucket: never reachable through /media/.
  await env.MEDIA.put(`leads/${NAME}`, SECRET);
  await env.MEDIA.put('leads/secret.jpg', SECRET);
  await env.MEDIA.put('media/not-one-of-ours.jpg', SECRET);
  await env.MEDIA.put(`media/../leads/${NAME}`, SECRET);
});

describe('a stored picture', () => {
  it('is served with its type, nosniff, an ETag and a year of immutable caching, never as a document', async () => {
    const res = await request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBe(`"${url.slice(7, 39)}"`);
    expect(res.headers.get('content-length')).toBe(String(bytes.byteLength));
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(csp).not.toContain('script-src');
    // Not kept by the page cache: it is immutable and cached by browsers and the edge instead.
    expect(res.headers.get('x-page-cache')).toBeNull();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it('answers 304 to a browser that already has it, and HEAD without a body', async () => {
    const etag = (await request(url)).headers.get('etag')!;
    const again = await request(url, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const head = await request(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(await head.text()).toBe('');
  });

  it('only answers GET and HEAD', async () => {
    expect((await request(url, { method: 'POST', body: 'x' })).status).toBe(405);
  });
});

describe('nothing outside the public prefix, and nothing that is not one of ours', () => {
  it.each([
    `/media/..%2Fleads%2F${NAME}`,
    `/media/..%2fleads%2f${NAME}`,
    `/media/%2e%2e%2Fleads%2F${NAME}`,
    `/media/leads%2F${NAME}`,
    '/media/..%5Cleads%5Csecret.jpg',
    `/media/../leads/${NAME}`,
    `/media/%2e%2e/leads/${NAME}`,
    '/media/not-one-of-ours.jpg',
    '/media/secret.jpg',
    `/media/${NAME}`, // a valid name with no object behind it
    `/media/${NAME.replace('.jpg', '.svg')}`,
    '/media/',
    '/leads/secret.jpg',
  ])('%s is 404', async (path) => {
    let res = await request(path);
    // Capitals and trailing slashes first go to the canonical (lower-case, no slash) path.
    if (res.status === 301) res = await request(new URL(res.headers.get('location')!, 'https://www.example.com').pathname);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(SECRET);
  });
});
