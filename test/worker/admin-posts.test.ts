import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { utcToLondonLocal } from '../../src/rules/uk-time';
import { createPost, expectAdminHeaders, postFields, postForm, request, type Session, signIn, tag } from './admin-helpers';

/** Posts written in the admin, as the public blog, feed and sitemap then show them. */

let session: Session;

beforeAll(async () => {
  session = await signIn();
});

const get = async (path: string) => {
  const res = await request(path);
  return { status: res.status, html: await res.text() };
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where the post shows up publicly, as booleans. */
async function visibility(slug: string, title: string) {
  // One after another: in the test pool each source module loads on its first import, and a request
  // that waits on another's first import of the same module is taken for a hung Worker.
  const list = await get('/blog');
  const page = await get(`/blog/${slug}`);
  const feed = await get('/blog/rss.xml');
  const sitemap = await get('/sitemap.xml');
  return {
    list: list.html.includes(`href="/blog/${slug}">${escapeHtml(title)}</a>`),
    page: page.status,
    feed: feed.html.includes(`/blog/${slug}</link>`),
    sitemap: sitemap.html.includes(`/blog/${slug}</loc>`),
  };
}

type PostRow = { slug: string; title: string; published_at: string; updated_at: string };
const row = (id: number) => env.DB.prepare('SELECT * FROM posts WHERE id = ?').bind(id).first<PostRow>();
const keywordsOf = async (id: number) =>
  (
    await env.DB.prepare(
      'SELECT k.name FROM posts_keywords pk JOIN keywords k ON k.id = pk.keyword_id WHERE pk.post_id = ? ORDER BY k.name',
    )
      .bind(id)
      .all<{ name: string }>()
  ).results.map((r) => r.name);

/** A moment ago, as the editor's UK-time field shows it. */
const justNow = () => utcToLondonLocal(new Date(Date.now() - 60_000).toISOString());

const save = (id: number, fields: Record<string, string>) => postForm(session, `/admin/posts/${id}`, fields, { multipart: true });

describe('a post written in the admin', () => {
  it('appears on /blog, at /blog/<slug>, in the feed and in the sitemap, with its keywords', async () => {
    const t = tag();
    const fields = postFields({
      title: `Gully smells & fixes ${t}`,
      keywords: 'Drain care, CCTV survey, drain care ,',
      published_at: justNow(),
    });
    const id = await createPost(session, fields);
    const stored = await row(id);
    expect(stored!.slug).toBe(`gully-smells-and-fixes-${t}`);
    expect(await keywordsOf(id)).toEqual(['CCTV survey', 'Drain care']);
    expect(await visibility(stored!.slug, fields.title!)).toEqual({ list: true, page: 200, feed: true, sitemap: true });
    const page = (await get(`/blog/${stored!.slug}`)).html;
    expect(page).toContain('<li>CCTV survey</li><li>Drain care</li>');
    expect(page).toContain(`<p>Body of ${fields.content!.slice(11, 19)}.</p>`);

    const editor = await request(`/admin/posts/${id}/edit?saved=created`, { cookie: session.cookie });
    expectAdminHeaders(editor);
    const html = await editor.text();
    expect(html).toContain('Post created. It is live at');
    expect(html).toContain('CCTV survey, Drain care');
  });

  it('is edited: new title, slug and keywords everywhere, the old address gone, unused keywords removed', async () => {
    const first = postFields({ keywords: 'alpha-kw, beta-kw', published_at: justNow() });
    const id = await createPost(session, first);
    const oldSlug = (await row(id))!.slug;
    const t = tag();
    const edited = { ...first, title: `Edited title ${t}`, slug: `edited-${t}`, keywords: 'Beta-KW, gamma-kw' };
    const res = await save(id, edited);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/posts/${id}/edit?saved=updated`);
    expect(await visibility(oldSlug, first.title!)).toEqual({ list: false, page: 404, feed: false, sitemap: false });
    expect(await visibility(`edited-${t}`, edited.title)).toEqual({ list: true, page: 200, feed: true, sitemap: true });
    // 'Beta-KW' links the existing 'beta-kw'; 'alpha-kw' is unlinked and, used by nothing, deleted.
    expect(await keywordsOf(id)).toEqual(['beta-kw', 'gamma-kw']);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM keywords WHERE name = 'alpha-kw'").first('n')).toBe(0);
    expect((await row(id))!.updated_at > (await row(id))!.published_at).toBe(true);
  });

  it('is deleted only after the box is ticked, then gone everywhere', async () => {
    const fields = postFields({ keywords: `only-here-${tag()}`, published_at: justNow() });
    const id = await createPost(session, fields);
    const slug = (await row(id))!.slug;
    const confirm = await request(`/admin/posts/${id}/delete`, { cookie: session.cookie });
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toMatch(/<input type="checkbox" required="" name="confirm" value="yes"\/>/);

    const unticked = await postForm(session, `/admin/posts/${id}/delete`, {});
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain('Tick the box to confirm');
    expect(await row(id)).not.toBeNull();

    const res = await postForm(session, `/admin/posts/${id}/delete`, { confirm: 'yes' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/posts?notice=deleted');
    expect(await row(id)).toBeNull();
    expect(await env.DB.prepare('SELECT count(*) AS n FROM posts_keywords WHERE post_id = ?').bind(id).first('n')).toBe(0);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM keywords WHERE name = ?').bind(fields.keywords).first('n')).toBe(0);
    expect(await visibility(slug, fields.title!)).toEqual({ list: false, page: 404, feed: false, sitemap: false });
    expect((await request(`/admin/posts/${id}/edit`, { cookie: session.cookie })).status).toBe(404);
  });
});

describe('slugs', () => {
  it('are made from the title and kept unique with -2, -3', async () => {
    const title = `Same title ${tag()}`;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await createPost(session, postFields({ title })));
    const slugs = await Promise.all(ids.map(async (id) => (await row(id))!.slug));
    const base = title.toLowerCase().replace(/ /g, '-');
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`]);
  });

  it('a typed slug another post uses is refused with a free one suggested', async () => {
    const id = await createPost(session, postFields());
    const taken = (await row(id))!.slug;
    const res = await postForm(session, '/admin/posts', postFields({ slug: taken }), { multipart: true });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(`already uses this slug. Try ${taken}-2.`);
    // Saving a post under its own slug is fine.
    expect((await save(id, postFields({ slug: taken }))).status).toBe(303);
  });
});

describe('validation', () => {
  it('answers 400 with a message by each field and keeps what was typed; nothing is stored', async () => {
    const before = await env.DB.prepare('SELECT count(*) AS n FROM posts').first('n');
    const fields = postFields({
      title: '',
      slug: 'Not A Slug',
      excerpt: 'Kept excerpt "quoted" <b>',
      image_url: 'javascript:alert(1)',
      published_at: '2026-02-31T10:00',
      content: '',
      author: 'A'.repeat(81),
      keywords: Array.from({ length: 21 }, (_, i) => `k${i}`).join(','),
    });
    const res = await postForm(session, '/admin/posts', fields, { multipart: true });
    expect(res.status).toBe(400);
    expectAdminHeaders(res);
    const html = await res.text();
    for (const message of [
      'Enter a title.',
      'Use lower-case letters, digits and single hyphens only',
      'Use an image on this site',
      'Enter a real date and time',
      'Write the post.',
      'Keep the author&#x27;s name under 80 characters.',
      'Use at most 20 keywords.',
    ]) {
      expect(html).toContain(message);
    }
    expect(html).toContain('value="Not A Slug"');
    expect(html).toContain('Kept excerpt &quot;quoted&quot; &lt;b&gt;</textarea>');
    expect(html).toContain('value="javascript:alert(1)"');
    expect(html).toContain('aria-invalid="true"');
    expect(await env.DB.prepare('SELECT count(*) AS n FROM posts').first('n')).toBe(before);
  });

  it('reads the date as UK time: BST in summer, GMT in winter', async () => {
    const summer = await createPost(session, postFields({ published_at: '2025-07-01T09:30' }));
    const winter = await createPost(session, postFields({ published_at: '2025-01-15T09:30' }));
    expect((await row(summer))!.published_at).toBe('2025-07-01T08:30:00.000Z');
    expect((await row(winter))!.published_at).toBe('2025-01-15T09:30:00.000Z');
    const editor = await (await request(`/admin/posts/${summer}/edit`, { cookie: session.cookie })).text();
    expect(editor).toContain('value="2025-07-01T09:30"');
  });

  it('an empty date means now', async () => {
    const before = new Date().toISOString();
    const id = await createPost(session, postFields({ published_at: '' }));
    const stored = (await row(id))!.published_at;
    expect(stored >= before && stored <= new Date().toISOString()).toBe(true);
  });
});
