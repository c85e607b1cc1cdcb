import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPost, postFields, postForm, request, type Session, signIn, tag } from './admin-helpers';
import { photo, postMultipart } from './media-helpers';

/**
 * The editor as the owner meets it: a post from a title and its text alone is published, at an
 * address made from the title, with its first paragraph as the excerpt; nothing to choose about
 * formats; the rarely needed fields under "More settings"; Delete at the end of the page.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const page = async (path: string) => (await request(path, { cookie: session.cookie })).text();
const metaOf = (html: string, key: 'name' | 'property', value: string) =>
  new RegExp(`<meta ${key}="${value}" content="([^"]*)"/>`).exec(html)?.[1];

/** Only the fields a new post's form sends untouched, plus the title and text. */
const titleAndText = (title: string, content: string) => ({
  title,
  slug: '',
  excerpt: '',
  image_url: '',
  image_alt: '',
  published_at: '',
  category: '',
  format: 'markdown',
  content,
  author: 'Mark Dawson',
  keywords: '',
  intent: 'save',
});

describe('a post from a title and its text alone', () => {
  it('publishes at a slug made from the title, with its first paragraph as the excerpt, everywhere', async () => {
    const t = tag();
    const title = `Why Gullies Smell ${t}`;
    const content = `## The trap\n\nMost smells come from a **dry trap**: run the tap.\n\nSecond paragraph.`;
    const id = await createPost(session, titleAndText(title, content));
    const stored = await env.DB.prepare('SELECT * FROM posts WHERE id = ?').bind(id).first<Record<string, string>>();
    expect(stored).toMatchObject({
      slug: `why-gullies-smell-${t}`,
      excerpt: 'Most smells come from a dry trap: run the tap.',
      category: 'News',
      format: 'markdown',
      image_url: '/og-image.png',
      status: 'published',
    });
    const post = await page(`/blog/why-gullies-smell-${t}`);
    expect(metaOf(post, 'name', 'description')).toBe('Most smells come from a dry trap: run the tap.');
    expect(await page('/blog/rss.xml')).toContain('<description>Most smells come from a dry trap: run the tap.</description>');
    expect(await page('/blog')).toContain('Most smells come from a dry trap: run the tap.');

    // Editing it again, the made excerpt and cover show as empty: they keep following the text.
    const editor = await page(`/admin/posts/${id}/edit`);
    expect(editor).toMatch(/<textarea id="excerpt" name="excerpt"[^>]*><\/textarea>/);
    expect(/<input id="image_url"[^>]*>/.exec(editor)?.[0]).toMatch(/ value=""/);
  });

  it('takes the first picture in the text as its cover and shares it', async () => {
    const upload = await postMultipart(session, '/admin/api/media', { file: photo(1200, 900), alt: 'Hot water into a gully' });
    const { markdown, url } = (await upload.json()) as { markdown: string; url: string };
    const title = `Picture post ${tag()}`;
    const id = await createPost(session, titleAndText(title, `A gully after clearing.\n\n${markdown}\n`));
    const stored = await env.DB.prepare('SELECT image_url, image_alt, slug FROM posts WHERE id = ?')
      .bind(id)
      .first<Record<string, string>>();
    expect(stored).toMatchObject({ image_url: url, image_alt: 'Hot water into a gully' });
    const post = await page(`/blog/${stored!.slug}`);
    expect(metaOf(post, 'property', 'og:image')).toBe(`${env.SITE_ORIGIN}${url}`);
    expect(metaOf(post, 'property', 'og:image:alt')).toBe('Hot water into a gully');
  });

  it('asks for an excerpt only when the text has no paragraph to make one from', async () => {
    const res = await postForm(session, '/admin/posts', titleAndText(`List only ${tag()}`, '- one\n- two'), { multipart: true });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Write a short excerpt, or start the text with a paragraph');
  });
});

describe('the editor page', () => {
  it('offers no format for a new post, folds the slug and cover address under More settings', async () => {
    const html = await page('/admin/posts/new');
    expect(html).not.toContain('id="format"');
    expect(html).toContain('<input type="hidden" name="format" value="markdown"/>');
    const more = /<details class="admin-more[^"]*">([\s\S]*?)<\/details>/.exec(html)?.[1] ?? '';
    expect(more).toContain('<summary class="admin-more__summary">More settings</summary>');
    expect(more).toContain('id="slug"');
    expect(more).toContain('id="image_url"');
    expect(html).toMatch(/Excerpt.*\(optional\)/);
    expect(html).not.toContain('Delete post');
  });

  it('keeps the format choice for a post written in HTML, and puts Delete after the form', async () => {
    const id = await createPost(session, postFields({ format: 'html' }));
    const html = await page(`/admin/posts/${id}/edit`);
    expect(html).toContain('id="format"');
    // The editor's form is the page's last: Delete comes after it, and after Publish.
    expect(html.indexOf('Delete post…')).toBeGreaterThan(html.lastIndexOf('</form>'));
    expect(html.lastIndexOf('</form>')).toBeGreaterThan(html.lastIndexOf('value="save"'));
  });

  it('opens More settings when one of its fields is refused, so the message is seen', async () => {
    const res = await postForm(session, '/admin/posts', { ...postFields(), slug: 'Not A Slug' }, { multipart: true });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/<details class="admin-more[^"]*" open="">/);
  });
});
