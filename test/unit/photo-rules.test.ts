import { describe, expect, it } from 'vitest';
import { checkPhotos } from '../../src/leads/photos';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_TOTAL_BYTES, PHOTO_MESSAGES, photoRuleBroken } from '../../src/rules/photos';
import { MB, photoFile } from '../support/photo-files';

const jpeg = (size: number, name = 'a.jpg') => ({ name, size, type: 'image/jpeg' as const });

describe('the photo rules the server and the islands share', () => {
  it('take up to 3 photos of the listed types, 10 MB each and 20 MB together', () => {
    expect(photoRuleBroken([])).toBeNull();
    expect(photoRuleBroken([jpeg(MAX_PHOTO_BYTES), jpeg(MAX_PHOTO_BYTES)])).toBeNull();
    for (const type of ['image/png', 'image/webp', 'image/heic', 'image/heif'] as const) {
      expect(photoRuleBroken([{ name: 'x', size: 1, type }]), type).toBeNull();
    }
  });

  it('name the first rule broken', () => {
    expect(photoRuleBroken([jpeg(1), jpeg(1), jpeg(1), jpeg(1)])).toEqual({ rule: 'count', message: PHOTO_MESSAGES.tooMany });
    expect(photoRuleBroken([jpeg(0, 'IMG_1.jpg')])).toEqual({ rule: 'empty', message: PHOTO_MESSAGES.empty('IMG_1.jpg') });
    expect(photoRuleBroken([{ name: 'x.gif', size: 5, type: null }])?.rule).toBe('type');
    expect(photoRuleBroken([{ name: 'x.avif', size: 5, type: 'image/avif' }])?.rule).toBe('type');
    expect(photoRuleBroken([jpeg(MAX_PHOTO_BYTES + 1, 'big.jpg')])).toEqual({
      rule: 'size',
      message: PHOTO_MESSAGES.tooLarge('big.jpg'),
    });
    expect(photoRuleBroken([jpeg(MAX_PHOTO_BYTES), jpeg(MAX_PHOTO_BYTES), jpeg(1)])).toEqual({
      rule: 'total',
      message: PHOTO_MESSAGES.totalTooLarge,
    });
    expect(MAX_PHOTOS_TOTAL_BYTES).toBe(20 * MB);
  });

  it('write a long file name short, and say which file when it has none', () => {
    expect(PHOTO_MESSAGES.type('a'.repeat(60))).toMatch(/^"a{37}\.\.\." is not a photo/);
    expect(PHOTO_MESSAGES.empty('')).toMatch(/^One of the files is empty/);
  });
});

describe("the server's check of what a request carried", () => {
  it('judges the bytes, not the name or the type the browser claimed', async () => {
    const result = await checkPhotos([photoFile('png', 'looks.jpg', 100, 'image/jpeg'), photoFile('heic', 'IMG.HEIC', 100, '')]);
    expect(result.ok && result.photos.map((photo) => photo.type)).toEqual(['image/png', 'image/heic']);
    expect(await checkPhotos([photoFile('svg', 'photo.jpg')])).toEqual({
      ok: false,
      status: 400,
      message: PHOTO_MESSAGES.type('photo.jpg'),
    });
  });

  it('refuses what is not a list of files, and answers 413 for size', async () => {
    expect(await checkPhotos(undefined)).toEqual({ ok: true, photos: [] });
    expect(await checkPhotos('x')).toEqual({ ok: false, status: 400, message: PHOTO_MESSAGES.notFiles });
    expect(await checkPhotos(['x'])).toEqual({ ok: false, status: 400, message: PHOTO_MESSAGES.notFiles });
    expect((await checkPhotos([photoFile('jpeg', 'big.jpg', MAX_PHOTO_BYTES + 1)])).ok).toBe(false);
    expect(await checkPhotos([photoFile('jpeg', 'big.jpg', MAX_PHOTO_BYTES + 1)])).toMatchObject({ status: 413 });
  });
});
