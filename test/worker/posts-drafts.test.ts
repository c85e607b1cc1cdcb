import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { postFields, postForm, request, type Session, signIn, tag } from './admin-helpers';

/** Drafts: saved, previewed, hidden from every public surface until published. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const text = async (path: string) => {
  const res = await request(path);
  return { status: res.status, html: await res.text() };
};

/** Every public surface a post can appear on. */
async function publicly(slug: string) {
  // One after another: in the test pool each source module loads on its first import, and a request
  // that waits on another's first import of the same module is taken for a hung Worker.
  const list = await text('/blog');
  const page = await text(`/blog/${slug}`);
  const feed = await text('/blog/rss.xml');
  const sitemap = await text('/sitemap.xml');
  return {
    list: list.html.includes(`href="/blog/${slug}"`),
    page: page.status,
    feed: feed.html.includes(`/blog/${slug}</link>`),
    sitemap: sitemap.html.includes(`/blog/${slug}</loc>`),
  };
}

const HIDDEN = { list: false, page: 404, feed: false, sitemap: false };
const SHOWN = { list: true, page: 200, feed: true, sitemap: true };
type Row = { slug: string; status: string; published_at: string };
const row = (id: number) => env.DB.prepare('SELECT slug, status, published_at FROM posts WHERE id = ?').bind(id).first<Row>();
const save = (id: number, fields: Record<string, string>) => postForm(session, `/admin/posts/${id}`, fields, { multipart: true });

describe('a draft', () => {
  it('is hidden from the blog, the feed, the sitemap and its own URL (404), whatever its date', async () => {
    const fields = postFields({ intent: 'draft', published_at: '', format: 'markdown', content: '## Draft\n\nNot yet.' });
    const res = await postForm(session, '/admin/posts', fields, { multipart: true });
    expect(res.status).toBe(303);
    const id = Number(/\/admin\/posts\/(\d+)\/edit\?saved=new-draft$/.exec(res.headers.get('location') ?? '')?.[1]);
    const stored = await row(id);
    expect(stored?.status).toBe('draft');
    expect(await publicly(stored!.slug)).toEqual(HIDDEN);
    const page = await text(`/blog/${stored!.slug}`);
    expect(page.html).toContain('Post not found.');

    const editor = await (await request(`/admin/posts/${id}/edit?saved=new-draft`, { cookie: session.cookie })).text();
    expect(editor).toContain('Draft saved. It stays hidden from the blog until you publish it.');
    expect(editor).toContain('>Draft</span>');
    // Its date field is empty: the stored date is only when the draft was saved.
    expect(editor).toMatch(/name="published_at" value=""/);
    const list = await (await request('/admin/posts', { cookie: session.cookie })).text();
    expect(list).toMatch(
      new RegExp(
        `admin-badge--grey">Draft</span><span>Last saved [^<]+</span><span>Maintenance</span><span class="admin-item__slug">/blog/${stored!.slug}`,
      ),
    );
  });

  it('does not count towards the blog list’s pages', async () => {
    const before = await text('/blog');
    const pages = (html: string) => /Page \d+ of (\d+)/.exec(html)?.[1] ?? '1';
    for (let i = 0; i < 13; i++) {
      const res = await postForm(session, '/admin/posts', postFields({ intent: 'draft', title: `Hidden draft ${i} ${tag()}` }), {
        multipart: true,
      });
      expect(res.headers.get('location')).toMatch(/saved=new-draft$/);
    }
    const after = await text('/blog');
    expect(pages(after.html)).toBe(pages(before.html));
    expect(after.html).not.toContain('Hidden draft');
  });

  it('is previewed as the blog will show it, then published: shown everywhere, dated when published', async () => {
    const fields = postFields({ intent: 'draft', published_at: '', format: 'markdown', content: 'Say "hello".' });
    const created = await postForm(session, '/admin/posts', fields, { multipart: true });
    const id = Number(/posts\/(\d+)\/edit/.exec(created.headers.get('location') ?? '')?.[1]);
    const draftDate = (await row(id))!.published_at!;

    const preview = await save(id, { ...fields, intent: 'preview' });
    expect(preview.status).toBe(200);
    const shown = await preview.text();
    expect(shown).toContain('<p>Say \u201chello\u201d.</p>');
    expect(shown).toContain('value="draft"');
    expect(await publicly((await row(id))!.slug)).toEqual(HIDDEN);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const published = await save(id, { ...fields, intent: 'save' });
    expect(published.headers.get('location')).toBe(`/admin/posts/${id}/edit?saved=updated`);
    const stored = await row(id);
    expect(stored?.status).toBe('published');
    expect(stored!.published_at > draftDate).toBe(true);
    expect(await publicly(stored!.slug)).toEqual(SHOWN);

    // Unpublished again: hidden again.
    await save(id, { ...fields, intent: 'draft' });
    expect(await publicly(stored!.slug)).toEqual(HIDDEN);
  });

  it('with a future date is still a draft until published, then scheduled as before', async () => {
    const fields = postFields({ intent: 'draft', published_at: '2099-01-01T09:00' });
    const id = Number(
      /posts\/(\d+)\/edit/.exec(
        (await postForm(session, '/admin/posts', fields, { multipart: true })).headers.get('location') ?? '',
      )?.[1],
    );
    const res = await save(id, { ...fields, intent: 'save' });
    expect(res.status).toBe(303);
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'published', published_at: '2099-01-01T09:00:00.000Z' });
    expect(await publicly(stored!.slug)).toEqual(HIDDEN);
    const editor = await (await request(`/admin/posts/${id}/edit?saved=updated`, { cookie: session.cookie })).text();
    expect(editor).toContain('It is scheduled: it goes live on 1 Jan 2099, 9am (UK time).');
  });
});

describe('posts inserted by SQL', () => {
  it('are published HTML posts unless they say otherwise', async () => {
    const slug = `sql-post-${tag()}`;
    await env.DB.prepare(
      `INSERT INTO posts (title, slug, excerpt, image_url, published_at, category, content, author)
       VALUES ('SQL post', ?, 'Excerpt.', '/images/blog/tree-roots.svg', '2025-01-01T09:00:00.000Z', 'Tips', '<p>*Not* emphasis, "quoted".</p>', 'Mark Dawson')`,
    )
      .bind(slug)
      .run();
    const stored = await env.DB.prepare('SELECT format, status, image_alt FROM posts WHERE slug = ?').bind(slug).first();
    expect(stored).toEqual({ format: 'html', status: 'published', image_alt: '' });
    const page = await text(`/blog/${slug}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<p>*Not* emphasis, \u201cquoted\u201d.</p>');
  });
});
