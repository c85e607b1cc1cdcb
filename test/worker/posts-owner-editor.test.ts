import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { takeLogs } from '../support/console-guard';
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
    // A skip link first, to the page's main part (past the admin's navigation).
    expect(html).toMatch(/<body class="admin"><a class="skip-link" href="#main">Skip to content<\/a>/);
    expect(html).toContain('<main id="main"');
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

describe('pictures never go missing, and a stopped upload leaves nothing', () => {
  it('Publish without JavaScript puts a picture chosen in "Add a picture to the text" into the published post', async () => {
    const title = `Publish with picture ${tag()}`;
    const res = await postMultipart(session, '/admin/posts', {
      ...titleAndText(title, 'The gully after clearing.'),
      picture: photo(1200, 900),
      picture_alt: 'A clean gully',
    });
    expect(res.status).toBe(303);
    const { slug, content } = (await env.DB.prepare('SELECT slug, content FROM posts WHERE title = ?')
      .bind(title)
      .first<{ slug: string; content: string }>())!;
    expect(content).toMatch(/^The gully after clearing\.\n\n!\[A clean gully\]\(\/media\/[0-9a-f]{32}-1200x900\.jpg\)$/);
    expect(await page(`/blog/${slug}`)).toContain('alt="A clean gully" width="1200" height="900"');
  });

  it('Publish with a chosen picture but no description saves nothing and asks for one', async () => {
    const title = `Undescribed ${tag()}`;
    const res = await postMultipart(session, '/admin/posts', { ...titleAndText(title, 'Text.'), picture: photo(1200, 900) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Describe the picture');
    expect(await env.DB.prepare('SELECT count(*) AS n FROM posts WHERE title = ?').bind(title).first('n')).toBe(0);
  });

  it('an upload cut off part-way (Cancel in the editor) is refused without a 5xx and stores no row or object', async () => {
    const [rows, objects] = [await mediaCount(), (await env.MEDIA.list({ prefix: 'media/' })).objects.length];
    const boundary = 'cut-off-upload';
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${session.csrf}\r\n--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nNever arrives\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="IMG.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    // The browser stops sending: the body ends in an error half-way through the file.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
        controller.enqueue(new Uint8Array(64 * 1024));
        controller.error(new Error('client went away'));
      },
    });
    const res = await request('/admin/api/media', {
      cookie: session.cookie,
      body,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Accept: 'application/json' },
    });
    expect(res.status).toBe(403);
    // The admin's guard reads the body for its CSRF check: a cut-off body is a refused form,
    // logged as what it is (no warning of a forged token).
    expect(takeLogs('info', 'admin form refused: the body could not be read')).toHaveLength(1);
    expect(takeLogs('warn', 'admin form refused: CSRF token missing or wrong')).toHaveLength(0);
    expect(await mediaCount()).toBe(rows);
    expect((await env.MEDIA.list({ prefix: 'media/' })).objects.length).toBe(objects);
  });
});

const mediaCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM media').first<number>('n')) ?? 0;
