import type { StoredPage } from './shared-pages';

const decoder = new TextDecoder();

/**
 * Whether a kept page is one a GET could have been answered with: a body, and for an HTML or XML
 * document its closing tag (</html>, or its root element's). A tier never keeps or serves anything
 * else: a HEAD's empty answer, or a render cut off part-way, would otherwise be served to every
 * visitor after.
 */
export function isWholePage(page: Pick<StoredPage, 'body' | 'headers'>): boolean {
  const size = page.body.byteLength;
  if (size === 0) return false;
  const type = page.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  const html = type.includes('html');
  if (!html && !type.includes('xml')) return true;
  // The ends of the body are enough: a whole document ends with its root's closing tag.
  const end = decoder
    .decode(new Uint8Array(page.body, Math.max(0, size - 64)))
    .trimEnd()
    .toLowerCase();
  if (html) return end.endsWith('</html>');
  const root = /<([a-z][\w:.-]*)/i.exec(
    decoder.decode(new Uint8Array(page.body, 0, Math.min(size, 512))).replace(/<[?!][^>]*>/g, ''),
  );
  return root !== null && end.endsWith(`</${root[1]!.toLowerCase()}>`);
}
