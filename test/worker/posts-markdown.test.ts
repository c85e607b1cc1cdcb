import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { curlyQuotes } from '../../src/blog/curly-quotes';
import { sanitizePostHtml } from '../../src/blog/html';
import { jpegBytes } from '../support/image-bytes';
import { postFields, request, type Session, signIn } from './admin-helpers';
import { expectNothingStored, file, photo, postMultipart, type UploadAnswer } from './media-helpers';

/** Posts written in Markdown with pictures uploaded in the editor form (no JavaScript), as the blog shows them. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const MARKDOWN = [
  '## Why gullies smell',
  '',
  'Most smells come from a **dry trap**. See [our drain unblocking](/services/drain-unblocking).',
  '',
  '- Run the tap for a minute',
  '- Pour a kettle of hot water',
].join('\n');

const article = (html: string) => /<div class="post-content">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
const editorPost = (fields: Record<string, string | File>, id?: number) =>
  postMultipart(session, id === undefined ? '/admin/posts' : `/admin/posts/${id}`, fields);

describe('a Markdown post with uploaded pictures, without JavaScript', () => {
  it('adds a picture to the text, uploads the cover, saves, and the blog shows both with their sizes', async () => {
    const fields = postFields({
      format: 'markdown',
      content: MARKDOWN,
      published_at: '',
      image_url: '',
      image_alt: 'Engineer at a gully',
    });
    // 'Add picture to the text': the cover chosen at the same time is stored too, nothing is saved yet.
    const added = await editorPost({
      ...fields,
      intent: 'picture',
      cover: photo(1600, 900),
      picture: photo(1200, 1600),
      picture_alt: 'Hot water into a gully',
    });
    expect(added.status).toBe(200);
    const editor = await added.text();
    expect(editor).toContain('Picture added at the end of the text');
    const content = /<textarea id="content"[^>]*>([\s\S]*?)<\/textarea>/.exec(editor)?.[1] ?? '';
    const picture = /!\[Hot water into a gully\]\((\/media\/[0-9a-f]{32}-1200x1600\.jpg)\)/.exec(content)?.[1];
    expect(picture).toBeTruthy();
    const cover = /name="image_url" value="(\/media\/[0-9a-f]{32}-1600x900\.jpg)"/.exec(editor)?.[1];
    expect(cover).toBeTruthy();
    expect(editor).toMatch(/name="picture_alt" value=""/);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM posts WHERE title = ?').bind(fields.title).first('n')).toBe(0);

    const saved = await editorPost({
      ...fields,
      image_url: cover!,
      content: `${MARKDOWN}\n\n![Hot water into a gully](${picture})\n`,
      intent: 'save',
    });
    expect(saved.status).toBe(303);
    const slug = (await env.DB.prepare('SELECT slug, format FROM posts WHERE title = ?')
      .bind(fields.title)
      .first<{ slug: string; format: string }>())!;
    expect(slug.format).toBe('markdown');
    const page = await (await request(`/blog/${slug.slug}`)).text();
    expect(article(page)).toBe(
      [
        '<h2>Why gullies smell</h2>',
        '<p>Most smells come from a <strong>dry trap</strong>. See <a href="/services/drain-unblocking">our drain unblocking</a>.</p>',
        '<ul>',
        '<li>Run the tap for a minute</li>',
        '<li>Pour a kettle of hot water</li>',
        '</ul>',
        `<p><img src="${picture}" alt="Hot water into a gully" width="1200" height="1600" loading="lazy" decoding="async"></p>`,
        '',
      ].join('\n'),
    );
    expect(page).toContain(
      `<img class="post-image" src="${cover}" alt="Engineer at a gully" width="1600" height="900" fetchPriority="high"`,
    );
    expect(page).toContain('<meta property="og:image:alt" content="Engineer at a gully"/>');
    // The public page carries no script, so no island: the admin's editor never loads here.
    expect(page).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    const list = await (await request('/blog')).text();
    expect(list).toContain(`src="${cover}"`);
  });

  it('refuses an 11 MB cover with 413 and a message, storing nothing and saving nothing', async () => {
    const fields = postFields({ format: 'markdown', content: MARKDOWN, image_url: '' });
    const huge = new Uint8Array(11 * 1024 * 1024);
    huge.set(jpegBytes(8000, 6000));
    await expectNothingStored(async () => {
      const res = await editorPost({ ...fields, cover: file(huge, 'huge.jpg') });
      expect(res.status).toBe(413);
      const page = await res.text();
      expect(page).toContain('That file is 11 MB, too large. We accept JPEG, PNG, WebP and AVIF pictures up to 10 MB.');
      expect(page).toContain('Please correct the fields marked below; nothing was saved.');
    });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM posts WHERE title = ?').bind(fields.title).first('n')).toBe(0);
  });

  it('refuses a picture in the text that is not an upload, or has no description', async () => {
    for (const [content, message] of [
      ['![](/media/0123456789abcdef0123456789abcdef-10x10.jpg)', 'Every picture needs a description (alt text)'],
      ['![A drain](/images/blog/tree-roots.svg)', 'Upload the picture here rather than linking to it'],
    ]) {
      const res = await editorPost(postFields({ format: 'markdown', content: content! }));
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(message);
    }
  });
});

describe('the live preview API', () => {
  it('renders the text exactly as the blog does, for the signed-in owner only', async () => {
    const res = await postMultipart(session, '/admin/api/preview', {
      content: '# Title\n\nSay "hi" <script>alert(1)</script>',
      format: 'markdown',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(await res.json()).toEqual({ html: '<h2>Title</h2>\n<p>Say \u201chi\u201d </p>\n' });
    const html = await postMultipart(session, '/admin/api/preview', { content: '# Not a heading', format: 'html' });
    expect(await html.json()).toEqual({ html: '# Not a heading' });
    expect((await request('/admin/api/preview', { body: new FormData() })).status).toBe(401);
  });
});

describe('posts stored as HTML', () => {
  it('render unchanged: the seeded posts are exactly their content, sanitised and curled', async () => {
    const seed = await env.DB.prepare(
      "SELECT slug, content, format FROM posts WHERE slug = 'how-to-tell-if-your-drain-is-blocked'",
    ).first<{ slug: string; content: string; format: string }>();
    expect(seed?.format).toBe('html');
    const page = await (await request(`/blog/${seed!.slug}`)).text();
    expect(page).toContain(`<div class="post-content">${curlyQuotes(sanitizePostHtml(seed!.content))}</div>`);
  });

  it('get pictures from the text upload as <img> with their size, not Markdown', async () => {
    const res = await postMultipart(session, '/admin/api/media', { file: photo(800, 600), alt: 'A "quoted" van' });
    const answer = await res.json<UploadAnswer>();
    expect(answer.html).toMatch(
      /^<img src="\/media\/[0-9a-f]{32}-800x600\.jpg" alt="A &quot;quoted&quot; van" width="800" height="600" loading="lazy">$/,
    );
  });
});
