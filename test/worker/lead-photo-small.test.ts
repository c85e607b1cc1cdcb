import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMALL_PHOTO_MAX_BYTES, smallPhotoField } from '../../src/rules/photos';
import { takeLogs } from '../support/console-guard';
import { jpegBytes, pngBytes, webpBytes } from '../support/image-bytes';
import { HEADS, photoFile } from '../support/photo-files';
import { expectAdminHeaders, postForm, request, type Session, signIn } from './admin-helpers';
import { contactLead, countLeads, type ExtraParts, postWithPhotos, quoteLead } from './leads-helpers';
import { file, postMultipart, storedKeys } from './media-helpers';

/**
 * Issue 38: the admin's thumbnails load small versions, not the originals. A browser with
 * JavaScript draws each photo's small version (longest side at most 480 px) and posts it beside
 * the photo as smallPhoto<n>; the Worker checks it like any upload, stores it in R2 next to the
 * original (private), lists it on the photo's row, streams it only behind the owner's session,
 * and deletes it with the lead. A small version that breaks a rule is dropped and the lead kept;
 * a refused request leaves neither behind.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

/** A small version as the browser posts it, named as shrink-photo.ts names it. */
const small = (bytes: Uint8Array<ArrayBuffer>, name = 'small.jpg') => file(bytes, name);

interface PhotoRow {
  position: number;
  key: string;
  small_key: string | null;
  small_type: string | null;
  small_width: number | null;
  small_height: number | null;
}

async function photoRows(leadId: string) {
  const { results } = await env.DB.prepare('SELECT * FROM lead_photos WHERE lead_id = ? ORDER BY position').bind(leadId).all();
  return results as unknown as PhotoRow[];
}

/** A quote with these photos and parts, as an island posts it; the new lead's id. */
async function postLead(photos: File[], parts: ExtraParts) {
  const res = await postWithPhotos('/api/quote', await quoteLead(), photos, { accept: 'json', parts });
  expect(res.status).toBe(202);
  return ((await res.json()) as { id: string }).id;
}

describe('a photo sent with its small version', () => {
  let leadId: string;
  let smallJpeg: Uint8Array<ArrayBuffer>;
  let smallWebp: Uint8Array<ArrayBuffer>;

  beforeAll(async () => {
    smallJpeg = jpegBytes(480, 360);
    smallWebp = webpBytes(270, 480);
    leadId = await postLead(
      [photoFile('jpeg', 'IMG_0001.jpg', 400_000), photoFile('webp', 'sink.webp', 90_000), photoFile('png', 'drain.png', 5000)],
      { [smallPhotoField(1)]: small(smallJpeg), [smallPhotoField(2)]: small(smallWebp, 'small.webp') },
    );
  });

  it('is stored in R2 next to the original, under the private prefix, and listed on its row', async () => {
    const rows = await photoRows(leadId);
    expect(rows.map((row) => [row.position, row.small_type, row.small_width, row.small_height])).toEqual([
      [1, 'image/jpeg', 480, 360],
      [2, 'image/webp', 270, 480],
      [3, null, null, null],
    ]);
    expect(rows[0]!.small_key).toMatch(new RegExp(`^leads/${leadId}/1-small-[0-9a-f]{64}\\.jpg$`));
    expect(rows[1]!.small_key).toMatch(new RegExp(`^leads/${leadId}/2-small-[0-9a-f]{64}\\.webp$`));
    const expected = rows.flatMap((row) => [row.key, row.small_key]).filter((key) => key !== null);
    expect(await storedKeys(`leads/${leadId}/`)).toEqual(expected.sort());
    const stored = await env.MEDIA.get(rows[0]!.small_key!);
    expect(stored?.httpMetadata?.contentType).toBe('image/jpeg');
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(smallJpeg);
  });

  it('is the lead page’s thumbnail, with its own size; the photo without one shows the original', async () => {
    const html = await (await request(`/admin/leads/${leadId}`, { cookie: session.cookie })).text();
    const base = `/admin/leads/${leadId}/photos`;
    expect(html).toContain(
      `<img src="${base}/1/small" alt="Sent with this lead, 1 of 3" width="480" height="360" loading="lazy" decoding="async"/>`,
    );
    expect(html).toContain(`<img src="${base}/2/small" alt="Sent with this lead, 2 of 3" width="270" height="480"`);
    expect(html).toContain(`<img src="${base}/3" alt="Sent with this lead, 3 of 3" width="160" height="120"`);
    // The thumbnail opens the viewer, which shows the full photo.
    expect(html).toContain(`<a class="admin-photo__view" href="${base}/1/view">`);
    const viewer = await (await request(`${base}/1/view`, { cookie: session.cookie })).text();
    expect(viewer).toContain(`<img src="${base}/1" alt="1 of 3, sent with this lead"/>`);
    expect(viewer).not.toContain('/small');
  });

  it('is streamed to the signed-in owner only, private and never stored by the browser', async () => {
    const base = `/admin/leads/${leadId}/photos`;
    for (const [path, type, bytes] of [
      [`${base}/1/small`, 'image/jpeg', smallJpeg],
      [`${base}/2/small`, 'image/webp', smallWebp],
    ] as const) {
      const res = await request(path, { cookie: session.cookie });
      expect(res.status, path).toBe(200);
      expectAdminHeaders(res);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);

      const anonymous = await request(path);
      expect(anonymous.status, path).toBe(303);
      expect(anonymous.headers.get('location')).toMatch(/^\/admin\/login/);
      expect(anonymous.headers.get('content-type') ?? '').not.toMatch(/^image\//);
      expect((await anonymous.arrayBuffer()).byteLength).toBe(0);
    }
    // No small version, no photo, a malformed lead: 404, never the original in its place.
    for (const path of [`${base}/3/small`, `${base}/4/small`, '/admin/leads/not-a-lead/photos/1/small']) {
      const res = await request(path, { cookie: session.cookie });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type') ?? '', path).not.toMatch(/^image\//);
      await res.body?.cancel();
    }
  });

  it('is deleted with the lead: nothing of it is left in R2', async () => {
    const id = await postLead([photoFile('jpeg', 'a.jpg', 20_000), photoFile('jpeg', 'b.jpg', 20_000)], {
      [smallPhotoField(1)]: small(jpegBytes(480, 320)),
      [smallPhotoField(2)]: small(jpegBytes(320, 480)),
    });
    expect(await storedKeys(`leads/${id}/`)).toHaveLength(4);
    const res = await postForm(session, `/admin/leads/${id}/delete`, { confirm: 'yes' });
    expect(res.status).toBe(303);
    expect(await storedKeys(`leads/${id}/`)).toEqual([]);
    expect(await photoRows(id)).toEqual([]);
    expect(takeLogs('info', 'admin deleted a lead')).toHaveLength(1);
  });
});

describe('a small version that breaks a rule', () => {
  const oversized = () => {
    const bytes = new Uint8Array(SMALL_PHOTO_MAX_BYTES + 1);
    bytes.set(jpegBytes(480, 360));
    return small(bytes);
  };
  const cases: { name: string; value: () => File | string; rule: string }[] = [
    { name: 'a PNG (JPEG and WebP only)', value: () => small(pngBytes(480, 360), 'small.png'), rule: 'type' },
    { name: 'an HTML page named .jpg', value: () => small(new Uint8Array(HEADS.html)), rule: 'type' },
    { name: 'wider than 480 px', value: () => small(jpegBytes(481, 300)), rule: 'dimensions' },
    { name: 'taller than 480 px (a WebP)', value: () => small(webpBytes(300, 900, 'VP8X'), 'small.webp'), rule: 'dimensions' },
    { name: 'a JPEG with no size in its headers', value: () => small(new Uint8Array(HEADS.jpeg)), rule: 'dimensions' },
    { name: 'over 150 KB', value: oversized, rule: 'size' },
    { name: 'text, not a file', value: () => 'not a picture', rule: 'not a file' },
  ];

  for (const c of cases) {
    it(`${c.name}: dropped, the lead and its photo kept, the admin shows the original`, async () => {
      const id = await postLead([photoFile('jpeg', 'IMG_0001.jpg', 30_000)], { [smallPhotoField(1)]: c.value() });
      const rows = await photoRows(id);
      expect(rows.map((row) => [row.position, row.small_key, row.small_type, row.small_width])).toEqual([[1, null, null, null]]);
      expect(await storedKeys(`leads/${id}/`)).toEqual([rows[0]!.key]);
      expect(takeLogs('warn', 'small version of a lead photo dropped')).toEqual([
        { level: 'warn', msg: 'small version of a lead photo dropped', position: 1, rule: c.rule },
      ]);
      const html = await (await request(`/admin/leads/${id}`, { cookie: session.cookie })).text();
      expect(html).toContain(`<img src="/admin/leads/${id}/photos/1" alt="Sent with this lead, 1 of 1" width="160" height="120"`);
    });
  }

  it('one for a photo that was not sent is ignored', async () => {
    const id = await postLead([photoFile('jpeg', 'IMG_0001.jpg', 30_000)], { [smallPhotoField(2)]: small(jpegBytes(480, 360)) });
    expect(await storedKeys(`leads/${id}/`)).toHaveLength(1);
    expect((await photoRows(id)).map((row) => row.small_key)).toEqual([null]);
  });
});

describe('a refused request with small versions leaves nothing behind', () => {
  afterEach(async () => {
    await env.DB.prepare('DROP TRIGGER IF EXISTS refuse_leads').run();
  });

  const snapshot = async () => ({ leads: await countLeads(), objects: (await storedKeys('leads/')).length });
  const parts = () => ({ [smallPhotoField(1)]: small(jpegBytes(480, 360)), [smallPhotoField(2)]: small(jpegBytes(360, 480)) });

  it('a photo refused: 400, no row, no object', async () => {
    const before = await snapshot();
    const photos = [photoFile('jpeg', 'good.jpg', 20_000), photoFile('svg', 'drain.jpg')];
    const res = await postWithPhotos('/api/contact', await contactLead(), photos, { accept: 'json', parts: parts() });
    expect(res.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('the lead cannot be stored after the photos were written: 503, the small versions deleted too', async () => {
    await env.DB.prepare(
      "CREATE TRIGGER refuse_leads BEFORE INSERT ON leads BEGIN SELECT RAISE(ABORT, 'storage unavailable'); END",
    ).run();
    const before = await snapshot();
    const photos = [photoFile('jpeg', '1.jpg', 20_000), photoFile('jpeg', '2.jpg', 20_000)];
    const res = await postWithPhotos('/api/contact', await contactLead(), photos, { accept: 'json', parts: parts() });
    expect(res.status).toBe(503);
    expect(await snapshot()).toEqual(before);
    expect(takeLogs('error', 'lead could not be stored')).toHaveLength(1);
  });

  it('R2 fails on a small version: the objects already written are deleted', async () => {
    let puts = 0;
    const flaky = new Proxy(env.MEDIA, {
      get(target, prop) {
        if (prop === 'put') {
          return (...args: Parameters<R2Bucket['put']>) => {
            puts += 1;
            // The first photo, its small version, the second photo; then the second's small version fails.
            if (puts === 4) return Promise.reject(new Error('R2 unavailable'));
            return target.put(...args);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const before = await snapshot();
    const photos = [photoFile('jpeg', '1.jpg', 20_000), photoFile('jpeg', '2.jpg', 20_000)];
    const res = await postWithPhotos('/api/contact', await contactLead(), photos, {
      accept: 'json',
      parts: parts(),
      bindings: { ...env, MEDIA: flaky },
    });
    expect(res.status).toBe(503);
    expect(puts).toBe(4);
    expect(await snapshot()).toEqual(before);
    expect(takeLogs('error', 'lead could not be stored')).toHaveLength(1);
  });
});

describe('a photo sent without a small version (no JavaScript on the form)', () => {
  let leadId: string;
  let photoKey: string;
  const base = () => `/admin/leads/${leadId}/photos`;

  beforeAll(async () => {
    const res = await postWithPhotos('/api/quote', await quoteLead(), [
      photoFile('jpeg', 'IMG_0001.jpg', 60_000),
      photoFile('heic', 'IMG_0002.HEIC', 3000),
    ]);
    expect(res.status).toBe(303);
    // The answer page names the lead by its reference, the first 8 characters of its id.
    const ref = /ref=([0-9A-F]{8})/.exec(res.headers.get('location') ?? '')![1]!;
    const row = await env.DB.prepare(
      'SELECT lead_id, key FROM lead_photos WHERE upper(substr(lead_id, 1, 8)) = ? AND position = 1',
    )
      .bind(ref)
      .first<{ lead_id: string; key: string }>();
    leadId = row!.lead_id;
    photoKey = row!.key;
  });

  it('shows the original, and asks the owner’s browser to draw the small version (not for the HEIC)', async () => {
    const html = await (await request(`/admin/leads/${leadId}`, { cookie: session.cookie })).text();
    expect(html).toContain(`<img src="${base()}/1" alt="Sent with this lead, 1 of 2" width="160" height="120"`);
    const props = /data-island="SmallPhotos" data-props="([^"]+)"/.exec(html)?.[1]?.replace(/&quot;/g, '"');
    expect(JSON.parse(props!)).toEqual({ csrf: session.csrf, photos: [{ src: `${base()}/1`, post: `${base()}/1/small` }] });
  });

  it('refuses a small version without the CSRF token, without a session, or that breaks a rule: nothing stored', async () => {
    const good = small(jpegBytes(480, 360));
    const noToken = await postMultipart(session, `${base()}/1/small`, { small: good }, 'not-the-token');
    expect(noToken.status).toBe(403);
    expect(takeLogs('warn', 'admin form refused: CSRF token missing or wrong')).toHaveLength(1);
    const body = new FormData();
    body.set('small', good);
    const anonymous = await request(`${base()}/1/small`, { body });
    expect(anonymous.status).toBe(303);
    const png = await postMultipart(session, `${base()}/1/small`, { small: small(pngBytes(480, 360), 'small.png') });
    expect(png.status).toBe(400);
    expect(takeLogs('warn', 'small version of a lead photo refused')).toEqual([
      { level: 'warn', msg: 'small version of a lead photo refused', id: leadId, position: 1, rule: 'type' },
    ]);
    const heic = await postMultipart(session, `${base()}/2/small`, { small: good });
    expect(heic.status).toBe(400);
    const missing = await postMultipart(session, `${base()}/3/small`, { small: good });
    expect(missing.status).toBe(404);
    expect((await photoRows(leadId)).map((row) => row.small_key)).toEqual([null, null]);
    expect(await storedKeys(`leads/${leadId}/`)).toHaveLength(2);
  });

  it('takes the one the owner’s browser drew: the next view loads it, and a second one changes nothing', async () => {
    const drawn = jpegBytes(480, 320);
    const res = await postMultipart(session, `${base()}/1/small`, { small: small(drawn) });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const [row] = await photoRows(leadId);
    expect([row!.small_type, row!.small_width, row!.small_height]).toEqual(['image/jpeg', 480, 320]);
    expect(row!.small_key).toMatch(new RegExp(`^leads/${leadId}/1-small-[0-9a-f]{64}\\.jpg$`));
    const html = await (await request(`/admin/leads/${leadId}`, { cookie: session.cookie })).text();
    expect(html).toContain(`<img src="${base()}/1/small" alt="Sent with this lead, 1 of 2" width="480" height="320"`);
    expect(html).not.toContain('data-island="SmallPhotos"');

    const again = await postMultipart(session, `${base()}/1/small`, { small: small(jpegBytes(480, 320)) });
    expect(again.status).toBe(200);
    expect((await photoRows(leadId))[0]!.small_key).toBe(row!.small_key);
    const keys = await storedKeys(`leads/${leadId}/`);
    expect(keys).toEqual([photoKey, row!.small_key, (await photoRows(leadId))[1]!.key].sort());
    const served = await request(`${base()}/1/small`, { cookie: session.cookie });
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(drawn);
  });

  it('goes with the lead', async () => {
    const res = await postForm(session, `/admin/leads/${leadId}/delete`, { confirm: 'yes' });
    expect(res.status).toBe(303);
    expect(await storedKeys(`leads/${leadId}/`)).toEqual([]);
    expect(takeLogs('info', 'admin deleted a lead')).toHaveLength(1);
  });
});
