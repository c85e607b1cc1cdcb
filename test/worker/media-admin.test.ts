import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPost, expectAdminHeaders, postFields, postForm, request, type Session, signIn } from './admin-helpers';
import { photo, postMultipart, type UploadAnswer } from './media-helpers';

/** The admin's Media page: every upload with its size and where it is used; delete only when unused. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

const upload = async (alt: string, width = 1600, height = 1200) =>
  (await (await postMultipart(session, '/admin/api/media', { file: photo(width, height), alt })).json<UploadAnswer>()).url;
const page = async () => {
  const res = await request('/admin/media', { cookie: session.cookie });
  expectAdminHeaders(res);
  return res.text();
};
const nameOf = (url: string) => url.slice('/media/'.length);

describe('the Media page', () => {
  it('needs the owner', async () => {
    const res = await request('/admin/media');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Fmedia');
  });

  it('uploads with the plain form and lists each picture with its size, type, where it is used, Insert and Copy link', async () => {
    const res = await postMultipart(session, '/admin/media', { file: photo(1024, 768), alt: 'Root mass in a pipe' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/media?notice=uploaded');
    const url = (await env.DB.prepare("SELECT key FROM media WHERE alt = 'Root mass in a pipe'").first<string>('key'))!;
    const cover = await upload('Cover of a used post', 1200, 675);
    const title = `Uses two pictures ${crypto.randomUUID().slice(0, 6)}`;
    await createPost(session, postFields({ title, format: 'markdown', image_url: cover, content: `Text\n\n![Roots](/${url})` }));

    const html = await page();
    expect(html).toContain('aria-current="page">Media</a>');
    expect(html).toContain('1024 × 768 px');
    expect(html).toContain('JPEG');
    expect(html).toMatch(/<span>\d+ KB<\/span>/);
    // Words, not Markdown: the picture's full link to copy, and a way into a new post.
    expect(html).not.toContain('![Root mass in a pipe]');
    expect(html).toContain(`value="${env.SITE_ORIGIN}/${url}"`);
    expect(html).toContain('data-island="CopyField"');
    expect(html).toContain(`href="/admin/posts/new?picture=${url.slice('media/'.length)}">Insert into a post</a>`);
    // Both pictures name the post that uses them, linked to its editor.
    const card = (name: string) => html.slice(html.indexOf(name) - 200, html.indexOf(`/admin/media/${name}/delete`));
    expect(card(url.slice('media/'.length))).toContain(`>${title}</a>`);
    expect(card(nameOf(cover))).toContain(`>${title}</a>`);
  });

  it('Insert into a post opens a new post with the picture in its text; a name not uploaded opens an empty one', async () => {
    const url = await upload('Jetting a drain');
    const editor = await (await request(`/admin/posts/new?picture=${nameOf(url)}`, { cookie: session.cookie })).text();
    expect(editor).toMatch(new RegExp(`<textarea id="content"[^>]*>\\s*!\\[Jetting a drain\\]\\(${url}\\)\\n</textarea>`));
    const none = await (
      await request('/admin/posts/new?picture=0123456789abcdef0123456789abcdef-10x10.jpg', { cookie: session.cookie })
    ).text();
    expect(none).toMatch(/<textarea id="content"[^>]*><\/textarea>/);
  });

  it('deletes a picture no post uses: gone from the bucket and the table', async () => {
    const url = await upload('Unused picture');
    const res = await postForm(session, `/admin/media/${nameOf(url)}/delete`, {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/media?notice=deleted');
    expect(await env.MEDIA.head(url.slice(1))).toBeNull();
    expect(await env.DB.prepare('SELECT count(*) AS n FROM media WHERE key = ?').bind(url.slice(1)).first('n')).toBe(0);
    expect((await request(url)).status).toBe(404);
  });

  it('refuses to delete a picture a post uses (drafts too), naming the posts; nothing is deleted', async () => {
    const url = await upload('Used picture');
    const title = `A draft using it ${crypto.randomUUID().slice(0, 6)}`;
    const draft = postFields({ title, intent: 'draft', format: 'markdown', content: `![Used picture](${url})` });
    expect((await postForm(session, '/admin/posts', draft, { multipart: true })).status).toBe(303);
    const res = await postForm(session, `/admin/media/${nameOf(url)}/delete`, {});
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(
      `That picture is used by “${title}”: take it out of that post first. Nothing was deleted.`,
    );
    expect(await env.MEDIA.head(url.slice(1))).not.toBeNull();
    expect((await request(url)).status).toBe(200);
  });

  it('answers 404 for a name that is not one of ours or not uploaded', async () => {
    expect((await postForm(session, '/admin/media/..%2Fleads%2Fx.jpg/delete', {})).status).toBe(404);
    expect((await postForm(session, '/admin/media/0123456789abcdef0123456789abcdef-10x10.jpg/delete', {})).status).toBe(404);
  });
});
