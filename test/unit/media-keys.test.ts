import { describe, expect, it } from 'vitest';
import { contentHash, mediaKeyFor, mediaUrl, parseMediaName, parseMediaUrl } from '../../src/media/keys';

const NAME = '0123456789abcdef0123456789abcdef-1600x1200.jpg';

describe('media keys', () => {
  it('are the content hash with the drawn size, under the public prefix', async () => {
    const hash = await contentHash(new TextEncoder().encode('hello'));
    expect(hash).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e');
    expect(mediaKeyFor(hash, { width: 800, height: 600 }, 'image/webp')).toBe(`media/${hash}-800x600.webp`);
    expect(mediaUrl(`media/${NAME}`)).toBe(`/media/${NAME}`);
  });

  it('read back exactly one of ours', () => {
    expect(parseMediaName(NAME)).toEqual({
      key: `media/${NAME}`,
      hash: '0123456789abcdef0123456789abcdef',
      width: 1600,
      height: 1200,
      type: 'image/jpeg',
    });
    expect(parseMediaUrl(`/media/${NAME}`)?.width).toBe(1600);
    expect(parseMediaUrl(`/images/${NAME}`)).toBeNull();
  });

  it.each([
    `../leads/${NAME}`,
    `..%2F${NAME}`,
    `leads/${NAME}`,
    NAME.toUpperCase(),
    NAME.replace('.jpg', '.svg'),
    NAME.replace('.jpg', '.html'),
    NAME.replace('.jpg', '.jpg.html'),
    NAME.replace('1600x1200', '0x1200'),
    NAME.replace('1600x1200', '123456x1'),
    NAME.slice(1),
    `${NAME}/`,
    '',
  ])('refuse %j', (name) => {
    expect(parseMediaName(name)).toBeNull();
  });
});
