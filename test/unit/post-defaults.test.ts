import { describe, expect, it } from 'vitest';
import { excerptField, firstPicture, isAutomaticCover, withDefaults } from '../../src/admin/posts/post-defaults';
import { excerptFromContent } from '../../src/blog/excerpt';
import type { PostInput } from '../../src/db/admin-posts';

/** What a post written from its title and text alone gets for the fields left empty. */

const upload = '/media/0123456789abcdef0123456789abcdef-1200x900.jpg';
const card = { url: '/og-image.png', alt: 'The site card' };

const post = (overrides: Partial<PostInput>): PostInput => ({
  title: 'Why gullies smell',
  slug: '',
  excerpt: '',
  imageUrl: '',
  imageAlt: '',
  publishedAt: '2026-07-01T08:30:00.000Z',
  category: '',
  content: '',
  format: 'markdown',
  status: 'published',
  author: 'Mark Dawson',
  keywords: [],
  ...overrides,
});

describe('the excerpt made from the text', () => {
  it.each([
    [
      'Markdown: the first paragraph, without marks',
      '## Why\n\nMost smells come from a **dry trap**. See [our page](/x).\n\nMore.',
      'Most smells come from a dry trap. See our page.',
    ],
    ['Markdown: a picture first is skipped', `![A gully](${upload})\n\nA smell  means\na dry trap.`, 'A smell means a dry trap.'],
    ['Markdown: entities and line breaks', 'Tom &amp; Jerry\nfixed it.', 'Tom & Jerry fixed it.'],
    [
      'HTML: the first non-empty <p>, tags gone',
      '<h2>Why</h2><p> </p><p>Most <strong>smells</strong> &amp; more.</p>',
      'Most smells & more.',
    ],
    ['a text with no paragraph', '- just\n- a list', ''],
  ])('%s', (_name, content, excerpt) => {
    expect(excerptFromContent(content, content.startsWith('<') ? 'html' : 'markdown')).toBe(excerpt);
  });

  it('cuts a long paragraph at a word, with an ellipsis', () => {
    const excerpt = excerptFromContent('word '.repeat(200), 'markdown');
    expect(excerpt.length).toBeLessThanOrEqual(300);
    expect(excerpt).toMatch(/^(word )+word…$/);
  });
});

describe('withDefaults', () => {
  it('fills the excerpt, the cover (the first picture in the text) and the category', () => {
    const content = `Most smells come from a dry trap.\n\n![Hot water into a gully](${upload})\n`;
    expect(withDefaults(post({ content }), card)).toMatchObject({
      excerpt: 'Most smells come from a dry trap.',
      imageUrl: upload,
      imageAlt: 'Hot water into a gully',
      category: 'News',
    });
    const html = `<p>Hi</p><img src="${upload}" alt="A van &amp; a drain" width="1200" height="900">`;
    expect(firstPicture(html, 'html')).toEqual({ url: upload, alt: 'A van & a drain' });
  });

  it('uses the site’s card for a text without pictures, and keeps what the owner wrote', () => {
    expect(withDefaults(post({ content: 'Just words.' }), card)).toMatchObject({ imageUrl: card.url, imageAlt: card.alt });
    const own = post({ content: 'Words.', excerpt: 'Mine.', imageUrl: '/images/blog/x.svg', imageAlt: 'X', category: 'Tips' });
    expect(withDefaults(own, card)).toEqual(own);
  });

  it('asks for an excerpt when the text has no paragraph to take one from', () => {
    expect(withDefaults(post({ content: '- a\n- b' }), card)).toEqual({ error: 'excerpt' });
  });

  it('shows a made excerpt and cover as empty in the form, so they follow the text', () => {
    const content = `First words.\n\n![A gully](${upload})`;
    expect(excerptField('First words.', content, 'markdown')).toBe('');
    expect(excerptField('Written by hand.', content, 'markdown')).toBe('Written by hand.');
    expect(isAutomaticCover({ imageUrl: upload, content, format: 'markdown' })).toBe(true);
    expect(isAutomaticCover({ imageUrl: '/og-image.png', content: 'x', format: 'markdown' })).toBe(true);
    expect(isAutomaticCover({ imageUrl: '/images/blog/x.svg', content, format: 'markdown' })).toBe(false);
  });
});
