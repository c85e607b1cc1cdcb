import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { utcToLondonLocal } from '../../src/rules/uk-time';
import { createPost, expectAdminHeaders, postFields, postForm, request, type Session, signIn, tag } from './admin-helpers';

/** What the admin's posts show: never a script, the preview as the blog shows it, scheduling. */

let session: Session;

beforeAll(async () => {
  session = await signIn();
});

const text = async (path: string) => (await request(path, { cookie: session.cookie })).text();
const slugOf = async (id: number) =>
  (await env.DB.prepare('SELECT slug FROM posts WHERE id = ?').bind(id).first<string>('slug'))!;
const article = (html: string) => /<article class="post">[\s\S]*<\/article>/.exec(html)?.[0];
const preview = (path: string, fields: Record<string, string>) =>
  postForm(session, path, { ...fields, intent: 'preview' }, { multipart: true });

const PAYLOAD = [
  '<p>Safe "words" here.</p>',
  '<script>alert("boom")</script>',
  '<img src="x" onerror="alert(2)">',
  '<a href="javascript:alert(3)" onclick="steal()">bad link</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<p style="color:red" onmouseover="alert(4)">styled</p>',
].join('\n');

function expectNoActiveContent(html: string) {
  expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/i);
  expect(html).not.toContain('alert("boom")');
  expect(html).not.toMatch(/\son(error|click|mouseover)=/i);
  expect(html).not.toContain('javascript:');
  expect(html).not.toContain('<iframe');
  expect(html).not.toMatch(/style="/);
}

describe('HTML in a post', () => {
  it('is stored as written and shown without scripts or event handlers, on the blog and in the preview', async () => {
    const fields = postFields({ title: `<script>alert(1)</script> Title ${tag()}`, content: PAYLOAD, published_at: '' });
    const id = await createPost(session, fields);
    const stored = await env.DB.prepare('SELECT content, title FROM posts WHERE id = ?').bind(id).first<Record<string, string>>();
    expect(stored!.content).toBe(PAYLOAD);

    const page = await (await request(`/blog/${await slugOf(id)}`)).text();
    expectNoActiveContent(page);
    expect(page).toContain('<p>Safe “words” here.</p>');
    expect(page).toContain('bad link');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Title');

    const res = await preview(`/admin/posts/${id}`, fields);
    expect(res.status).toBe(200);
    expectAdminHeaders(res);
    const shown = await res.text();
    expectNoActiveContent(shown.replace(/<input type="hidden" name="content" value="[^"]*"\/>/, ''));
    expect(shown).toContain('<p>Safe “words” here.</p>');
    // The unsaved content travels back in a hidden field, escaped.
    expect(shown).toContain('value="&lt;p&gt;Safe &quot;words&quot; here.&lt;/p&gt;\n&lt;script&gt;');

    const list = await text('/admin/posts');
    expectNoActiveContent(list);
    expect(list).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Title');
    const editor = await text(`/admin/posts/${id}/edit`);
    expect(editor).toContain('&lt;script&gt;alert(&quot;boom&quot;)&lt;/script&gt;\n&lt;img src=&quot;x&quot; onerror');
    expect(editor).not.toContain('<script>alert');
  });
});

describe('the preview', () => {
  it('shows the post exactly as /blog/<slug> does, in the site document, noindex and unsaved', async () => {
    const fields = postFields({
      content: '<h2 id="why">Why</h2><p>He said "dry trap".</p><ul><li>One</li></ul>',
      keywords: 'zeta, Alpha',
      published_at: utcToLondonLocal(new Date(Date.now() - 60_000).toISOString()),
    });
    const id = await createPost(session, fields);
    const pub = await (await request(`/blog/${await slugOf(id)}`)).text();
    const res = await preview(`/admin/posts/${id}`, fields);
    const shown = await res.text();
    expect(article(shown)).toBeDefined();
    expect(article(shown)).toBe(article(pub));
    expect(shown).toContain('<header class="site-header">');
    expect(shown).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(shown).toContain('Preview, not saved yet.');
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('of a new post saves nothing; Back to editing keeps every entry; Save from the preview saves', async () => {
    const before = await env.DB.prepare('SELECT count(*) AS n FROM posts').first('n');
    const fields = postFields({ title: `Previewed ${tag()}`, content: '<p>Line one\nline two</p>', keywords: 'preview-kw' });
    const res = await preview('/admin/posts', fields);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1 class="post-hero__title">${fields.title}</h1>`);
    expect(html).toContain('<li>preview-kw</li>');
    expect(await env.DB.prepare('SELECT count(*) AS n FROM posts').first('n')).toBe(before);
    // Under it, the card a shared link makes: the same picture (no cover here: the site's card), title and host.
    const card = html.slice(html.indexOf('When the link is shared'));
    expect(card).toContain('src="/og-image.png"');
    expect(card).toContain(`<p class="admin-share-card__headline">${fields.title}</p>`);
    expect(card).toContain('<p class="admin-share-card__host">www.example.com</p>');

    const back = await postForm(session, '/admin/posts', { ...fields, intent: 'edit' }, { multipart: true });
    expect(back.status).toBe(200);
    const editor = await back.text();
    expect(editor).toContain(`value="${fields.title}"`);
    expect(editor).toContain('&lt;p&gt;Line one\nline two&lt;/p&gt;</textarea>');
    expect(editor).toContain('value="preview-kw"');

    const id = await createPost(session, { ...fields, intent: 'save' });
    expect(await slugOf(id)).toBe(fields.title!.toLowerCase().replace(/ /g, '-'));
  });

  it('with invalid entries shows the editor with messages instead (400)', async () => {
    const res = await preview('/admin/posts', postFields({ title: '' }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Enter a title.');
  });
});

describe('a scheduled post', () => {
  const where = async (slug: string) => {
    const [list, page, feed, sitemap] = await Promise.all(
      ['/blog', `/blog/${slug}`, '/blog/rss.xml', '/sitemap.xml'].map((path) => request(path)),
    );
    return {
      list: (await list!.text()).includes(`/blog/${slug}"`),
      page: page!.status,
      feed: (await feed!.text()).includes(`/blog/${slug}<`),
      sitemap: (await sitemap!.text()).includes(`/blog/${slug}<`),
    };
  };

  it('stays hidden from the blog, the feed and the sitemap until its time, then shows', async () => {
    const fields = postFields({ published_at: '2099-01-01T09:00' });
    const id = await createPost(session, fields);
    const slug = await slugOf(id);
    expect(await where(slug)).toEqual({ list: false, page: 404, feed: false, sitemap: false });

    const editor = await text(`/admin/posts/${id}/edit?saved=created`);
    expect(editor).toContain('It is scheduled: it goes live on 1 Jan 2099, 9am (UK time).');
    const list = await text('/admin/posts');
    expect(list).toMatch(
      new RegExp(`${fields.title}</a><p class="admin-item__meta"><span class="admin-badge admin-badge--amber">Scheduled`),
    );

    const now = utcToLondonLocal(new Date(Date.now() - 60_000).toISOString());
    const res = await postForm(session, `/admin/posts/${id}`, { ...fields, published_at: now }, { multipart: true });
    expect(res.status).toBe(303);
    expect(await where(slug)).toEqual({ list: true, page: 200, feed: true, sitemap: true });
    expect(await text('/admin/posts')).toMatch(
      new RegExp(`${fields.title}</a><p class="admin-item__meta"><span class="admin-badge admin-badge--green">Published`),
    );
  });
});

describe('unknown posts', () => {
  it.each(['/admin/posts/999999/edit', '/admin/posts/999999/delete', '/admin/posts/abc/edit'])('GET %s is 404', async (path) => {
    const res = await request(path, { cookie: session.cookie });
    expect(res.status).toBe(404);
    expectAdminHeaders(res);
  });

  it('POST to a missing post is 404 and creates nothing', async () => {
    const res = await postForm(session, '/admin/posts/999999', postFields(), { multipart: true });
    expect(res.status).toBe(404);
    const del = await postForm(session, '/admin/posts/999999/delete', { confirm: 'yes' });
    expect(del.status).toBe(404);
  });
});
