import { describe, expect, it } from 'vitest';
import { type PostFormValues, parseKeywords, postFormValues, validatePost } from '../../src/admin/posts/post-form';
import { csvCell, csvRow } from '../../src/admin/shell/csv-download';
import { firstFreeSlug, slugify } from '../../src/rules/slug';
import { formatLondon, londonLocalToUtc, utcToLondonLocal } from '../../src/rules/uk-time';

describe('UK time for the date field', () => {
  it.each([
    ['2026-01-15T09:30', '2026-01-15T09:30:00.000Z'],
    ['2026-07-01T09:30', '2026-07-01T08:30:00.000Z'],
    // The last Sunday of March: 01:00 GMT becomes 02:00 BST; 01:30 does not exist and moves on an hour.
    ['2026-03-29T00:59', '2026-03-29T00:59:00.000Z'],
    ['2026-03-29T01:30', '2026-03-29T01:30:00.000Z'],
    ['2026-03-29T02:00', '2026-03-29T01:00:00.000Z'],
    // The last Sunday of October: 01:30 happens twice; the second (GMT) is taken.
    ['2026-10-25T00:30', '2026-10-24T23:30:00.000Z'],
    ['2026-10-25T01:30', '2026-10-25T01:30:00.000Z'],
    ['2026-12-31T23:59:30', '2026-12-31T23:59:30.000Z'],
  ])('%s in London is %s', (local, utc) => {
    expect(londonLocalToUtc(local)?.toISOString()).toBe(utc);
  });

  it.each(['', '2026-02-31T10:00', '2026-13-01T10:00', '2026-01-01T24:00', '2026-01-01 10:00', 'soon'])('refuses %j', (value) => {
    expect(londonLocalToUtc(value)).toBeNull();
  });

  it('shows stored dates back in London time', () => {
    expect(utcToLondonLocal('2026-07-01T08:30:00.000Z')).toBe('2026-07-01T09:30');
    expect(utcToLondonLocal('2026-01-15T09:30:00.000Z')).toBe('2026-01-15T09:30');
    expect(utcToLondonLocal('not a date')).toBe('');
    expect(formatLondon('2026-07-01T08:30:00.000Z')).toBe('1 Jul 2026, 9:30am');
  });
});

describe('slugs', () => {
  it.each([
    ['How to Tell If Your Drain Is Blocked', 'how-to-tell-if-your-drain-is-blocked'],
    ['Drains & Gullies: What’s Normal?', 'drains-and-gullies-whats-normal'],
    ['  Café drains — 2026 ', 'cafe-drains-2026'],
    ['!!!', ''],
  ])('%j -> %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('stops long slugs at a word, within 80 characters', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^word(-word)+$/);
  });

  it('adds -2, -3 ... until free', () => {
    expect(firstFreeSlug('a', new Set())).toBe('a');
    expect(firstFreeSlug('a', new Set(['a', 'a-2']))).toBe('a-3');
  });
});

const valid: PostFormValues = {
  title: 'A title',
  slug: '',
  excerpt: 'An  excerpt\nover lines.',
  image_url: '/images/blog/x.svg',
  image_alt: ' A van on a drive ',
  published_at: '2026-07-01T09:30',
  category: 'Tips',
  format: 'html',
  content: '<p>Hi</p>',
  author: 'Mark Dawson',
  keywords: 'drains, Drains, CCTV  survey,,',
};

describe('the post form', () => {
  it('gives clean input: trimmed, keywords split, the date in UTC', () => {
    const result = validatePost(valid, new Date('2026-01-01T00:00:00Z'));
    expect(result).toEqual({
      ok: true,
      input: {
        title: 'A title',
        slug: '',
        excerpt: 'An excerpt over lines.',
        imageUrl: '/images/blog/x.svg',
        imageAlt: 'A van on a drive',
        publishedAt: '2026-07-01T08:30:00.000Z',
        category: 'Tips',
        content: '<p>Hi</p>',
        format: 'html',
        status: 'published',
        author: 'Mark Dawson',
        keywords: ['drains', 'CCTV survey'],
      },
    });
  });

  it('keeps a stored date to the second while the field still shows it', () => {
    const previous = { publishedAt: '2026-07-01T08:30:45.123Z', status: 'published' } as const;
    const result = validatePost(valid, new Date(), { previous });
    expect(result.ok && result.input.publishedAt).toBe('2026-07-01T08:30:45.123Z');
  });

  it('dates a draft when it is published: its stored past date was only when it was saved', () => {
    const now = new Date('2026-08-01T12:00:00Z');
    const draft = { publishedAt: '2026-07-01T08:30:45.123Z', status: 'draft' } as const;
    const published = validatePost(valid, now, { status: 'published', previous: draft });
    expect(published.ok && published.input).toMatchObject({ publishedAt: now.toISOString(), status: 'published' });
    // A draft scheduled for later keeps its date.
    const scheduled = { publishedAt: '2026-09-01T08:30:00.000Z', status: 'draft' } as const;
    const later = validatePost({ ...valid, published_at: '2026-09-01T09:30' }, now, { previous: scheduled });
    expect(later.ok && later.input.publishedAt).toBe('2026-09-01T08:30:00.000Z');
    expect(validatePost({ ...valid, published_at: '' }, now, { status: 'draft' })).toMatchObject({
      ok: true,
      input: { publishedAt: now.toISOString(), status: 'draft' },
    });
  });

  it('writes new posts in Markdown unless told otherwise', () => {
    const result = validatePost({ ...valid, format: '' }, new Date());
    expect(result.ok && result.input.format).toBe('markdown');
  });

  const upload = '/media/0123456789abcdef0123456789abcdef-800x600.jpg';
  it.each([
    ['a picture with no alt text', `Intro\n\n![](${upload})`, 'Every picture needs a description (alt text)'],
    ['a picture with blank alt text', `![   ](${upload})`, 'Every picture needs a description'],
    [
      'a picture from elsewhere',
      '![A drain](https://elsewhere.example/x.jpg)',
      'Upload the picture here rather than linking to it',
    ],
    ['a picture on the site but not uploaded', '![A drain](/images/blog/tree-roots.svg)', 'Upload the picture here'],
  ])('refuses Markdown with %s', (_name, content, message) => {
    const result = validatePost({ ...valid, format: 'markdown', content }, new Date());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.content).toContain(message);
  });

  it('accepts Markdown pictures that are uploads with alt text, and HTML posts as they are', () => {
    expect(validatePost({ ...valid, format: 'markdown', content: `![A van](${upload})` }, new Date()).ok).toBe(true);
    expect(validatePost({ ...valid, format: 'html', content: '<img src="/images/blog/x.svg">' }, new Date()).ok).toBe(true);
  });

  it.each([
    ['title', '   ', 'Enter a title.'],
    ['title', 'Two\nlines', 'Keep the title on one line.'],
    ['slug', 'Upper-Case', 'Use lower-case letters'],
    ['slug', 'double--hyphen', 'Use lower-case letters'],
    ['image_url', 'https://elsewhere.example/x.png', 'Use an image on this site'],
    ['image_url', '//evil.example/x.png', 'Use an image on this site'],
    ['image_url', '/images/../secret', 'Use an image on this site'],
    ['published_at', '2026-02-30T10:00', 'Enter a real date and time'],
    ['content', 'x'.repeat(50_001), 'Keep the content under 50,000 characters.'],
    ['keywords', `${'k'.repeat(51)}`, 'Keep each keyword under 50 characters.'],
    ['category', 'bell\u0007', 'Remove the unusual'],
    ['image_alt', '  ', 'Describe the cover picture'],
    ['format', 'rtf', 'Choose Markdown or HTML.'],
  ] as const)('%s %j: %s', (field, value, message) => {
    const result = validatePost({ ...valid, [field]: value }, new Date());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toContain(message);
  });

  it('leaves the excerpt, the cover and the category to the post’s defaults (post-defaults.ts)', () => {
    const result = validatePost({ ...valid, excerpt: '', image_url: '', image_alt: '', category: '' }, new Date());
    expect(result.ok && result.input).toMatchObject({ excerpt: '', imageUrl: '', imageAlt: '', category: '' });
  });

  it('reads only strings from the body and turns CRLF into LF', () => {
    const values = postFormValues({ title: 'T', content: 'a\r\nb\rc', excerpt: new Blob(['x']) });
    expect(values.content).toBe('a\nb\nc');
    expect(values.excerpt).toBe('');
    expect(values.keywords).toBe('');
  });

  it('parses keywords once each, case-insensitively', () => {
    expect(parseKeywords(' a ,b,A, c  d ,')).toEqual(['a', 'b', 'c d']);
  });
});

describe('CSV cells', () => {
  it.each([
    ['plain', '"plain"'],
    ['say "hi", then\r\nleave', '"say ""hi"", then\r\nleave"'],
    ['=1+1', `"'=1+1"`],
    ['+44 7700', `"'+44 7700"`],
    ['-2', `"'-2"`],
    ['@cmd', `"'@cmd"`],
    ['\tx', `"'\tx"`],
    ['a=b', '"a=b"'],
    [null, '""'],
    [3, '"3"'],
  ])('%j -> %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('ends rows with CRLF', () => {
    expect(csvRow(['a', 'b'])).toBe('"a","b"\r\n');
  });
});
