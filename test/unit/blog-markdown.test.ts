import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlyQuotes } from '../../src/blog/curly-quotes';
import { renderPostHtml, sanitizePostHtml } from '../../src/blog/html';
import { markdownPictures } from '../../src/blog/markdown';
import { COVER_SIZES, isImageResizingOn, responsiveAttributes } from '../../src/blog/pictures';
import { getPublishedPostBySlug } from '../../src/db/posts';
import { createMigratedLibsql } from './blog-libsql-db';

const PHOTO = '/media/0123456789abcdef0123456789abcdef-1600x1200.jpg';
const md = (text: string, imageResizing = false) => renderPostHtml(text, 'markdown', { imageResizing });

describe('posts written in Markdown', () => {
  it('render headings (from h2: the title is the h1), emphasis, links, lists, quotes and tables', () => {
    const html = md(
      [
        '# Why gullies smell',
        '### Dry traps',
        'A **dry** trap, _not_ a [blocked drain](/services/drain-unblocking).',
        '',
        '- Run the tap',
        '- Pour water',
        '',
        '1. First',
        '2. Second',
        '',
        '> Call us if it stays.',
        '',
        '| Sign | Cause |',
        '| --- | --- |',
        '| Smell | Dry trap |',
      ].join('\n'),
    );
    expect(html).toContain('<h2>Why gullies smell</h2>');
    expect(html).toContain('<h3>Dry traps</h3>');
    expect(html).toContain(
      '<p>A <strong>dry</strong> trap, <em>not</em> a <a href="/services/drain-unblocking">blocked drain</a>.</p>',
    );
    expect(html).toContain('<ul>\n<li>Run the tap</li>\n<li>Pour water</li>\n</ul>');
    expect(html).toContain('<ol>\n<li>First</li>');
    expect(html).toContain('<blockquote>\n<p>Call us if it stays.</p>\n</blockquote>');
    expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>Sign<\/th>/);
    expect(html).toContain('<td>Dry trap</td>');
  });

  it('turns straight quotes into curly ones, outside code', () => {
    expect(md('He said "dry trap" and `"code"` stays.')).toBe(
      '<p>He said \u201cdry trap\u201d and <code>&quot;code&quot;</code> stays.</p>\n',
    );
  });

  it('gives every uploaded picture its width and height and loads it lazily', () => {
    expect(md(`![Van outside a "terrace"](${PHOTO})`)).toBe(
      `<p><img src="${PHOTO}" alt="Van outside a &quot;terrace&quot;" width="1600" height="1200" loading="lazy" decoding="async"></p>\n`,
    );
  });

  it('offers smaller copies through /cdn-cgi/image when Image Resizing is on, the original otherwise', () => {
    const html = md(`![Van](${PHOTO})`, true);
    expect(html).toContain(
      `srcset="/cdn-cgi/image/width=320,fit=scale-down,format=auto${PHOTO} 320w, /cdn-cgi/image/width=640,fit=scale-down,format=auto${PHOTO} 640w, /cdn-cgi/image/width=960,fit=scale-down,format=auto${PHOTO} 960w, /cdn-cgi/image/width=1280,fit=scale-down,format=auto${PHOTO} 1280w, ${PHOTO} 1600w"`,
    );
    expect(html).toContain('sizes="(min-width: 52rem) 49rem, calc(100vw - 2rem)"');
    expect(md(`![Van](${PHOTO})`)).not.toContain('srcset');
  });

  it('gives covers and cards the same smaller copies, only for uploads larger than the smallest width', () => {
    expect(responsiveAttributes(PHOTO, true, COVER_SIZES).srcSet).toContain(
      '/cdn-cgi/image/width=320,fit=scale-down,format=auto',
    );
    expect(responsiveAttributes(PHOTO, true, COVER_SIZES).sizes).toBe(COVER_SIZES);
    expect(responsiveAttributes(PHOTO, false, COVER_SIZES)).toEqual({});
    expect(responsiveAttributes('/media/0123456789abcdef0123456789abcdef-300x200.png', true, COVER_SIZES)).toEqual({});
    expect(responsiveAttributes('/images/blog/tree-roots.svg', true, COVER_SIZES)).toEqual({});
    expect([' On ', 'on', 'off', '', undefined, 'true'].map(isImageResizingOn)).toEqual([true, true, false, false, false, false]);
  });

  it('goes through the same allow-list: no script, handlers, frames or javascript: links', () => {
    const html = md(
      [
        '<script>alert(1)</script>',
        '[click](javascript:alert(2))',
        '<img src="x" onerror="alert(3)">',
        '<iframe src="https://evil.example"></iframe>',
        '<p onclick="alert(4)" style="color:red">raw</p>',
        `<img src="${PHOTO}" srcset="https://evil.example/x.jpg 1w" sizes="100vw" loading="soon">`,
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|javascript:|onerror|onclick|<iframe|style=|evil\.example|loading="soon"/);
    expect(html).toContain('<p>raw</p>');
  });

  it('lists the pictures written in the text, for the editor’s checks', () => {
    expect(markdownPictures(`Text ![A van](${PHOTO}) and ![ ](/x.png)\n\n- ![In a list](/y.jpg)`)).toEqual([
      { src: PHOTO, alt: 'A van' },
      { src: '/x.png', alt: '' },
      { src: '/y.jpg', alt: 'In a list' },
    ]);
  });
});

describe('posts stored as HTML', () => {
  let database: Awaited<ReturnType<typeof createMigratedLibsql>>;
  beforeAll(async () => {
    database = await createMigratedLibsql();
  });
  afterAll(() => database.cleanup());

  it('render exactly as before Markdown: sanitised and curled, never read as Markdown', () => {
    const html = '<p># not a heading, *not emphasis*, "quoted"</p>\n\n    <p>indented, not code</p>';
    expect(renderPostHtml(html, 'html')).toBe(curlyQuotes(sanitizePostHtml(html)));
    expect(renderPostHtml(html)).toBe(renderPostHtml(html, 'html'));
    expect(renderPostHtml(html, 'html')).toContain('# not a heading, *not emphasis*, \u201cquoted\u201d');
  });

  it('include the seeded posts, which the migration marks as HTML', async () => {
    const post = await getPublishedPostBySlug(database.db, 'how-to-tell-if-your-drain-is-blocked', new Date().toISOString());
    expect(post?.format).toBe('html');
    expect(post?.status).toBe('published');
    expect(renderPostHtml(post!.content, post!.format)).toBe(curlyQuotes(sanitizePostHtml(post!.content)));
  });
});
