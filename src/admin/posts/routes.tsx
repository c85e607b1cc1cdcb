import { Hono } from 'hono';
import { invalidatePageCache } from '../../cache/isolate-pages';
import { deletePost, getPostForAdmin, listPostsForAdmin } from '../../db/admin-posts';
import { databaseFor } from '../../db/client';
import { getMediaRow } from '../../db/media';
import { PLACEHOLDER_OWNER_NAME } from '../../db/people';
import type { Database } from '../../db/posts';
import { log } from '../../log';
import { mediaUrl, parseMediaName } from '../../media/keys';
import { pictureMarkdown } from '../../media/picture-rules';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { timeStartOf } from '../shell/keyset-link';
import { noticeFrom } from '../shell/notice';
import { type AdminEnv, renderAdmin, signedIn } from '../shell/render';
import { DeletePostPage } from './DeletePostPage';
import { editorPost, notFound, postId, renderEditor, valuesOf } from './editor';
import { POST_LIST_NOTICES, PostsListPage } from './PostsListPage';
import type { PostFormValues } from './post-form';
import { previewApi } from './preview-api';

/** The Markdown for one of our uploads named in `?picture=`, or '' for anything else. */
async function pictureToInsert(db: Database, name: string | undefined): Promise<string> {
  const picture = name ? parseMediaName(name) : null;
  const row = picture ? await getMediaRow(db, picture.key) : undefined;
  return row ? `${pictureMarkdown(row.alt, mediaUrl(row.key))}\n` : '';
}

/** A post id in a page link's cursor. */
const postIdOf = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : null);

/** The posts section: list, new, edit (with preview), delete with confirmation; the editor's live preview API. */
export const postRoutes = new Hono<AdminEnv>();
/** Posts are office staff's work too; the editor form carries pictures. */
declareAccess(postRoutes, { who: 'staff', uploads: ['/admin/posts', '/admin/posts/:id'] });

postRoutes.route('/', previewApi);

postRoutes.get('/admin/posts', async (c) => {
  const db = await databaseFor(c.env);
  const { start, page } = timeStartOf((name) => c.req.query(name), postIdOf);
  const { rows, total, older, newer } = await listPostsForAdmin(db, start);
  const notice = c.req.query('notice');
  return renderAdmin(
    <PostsListPage
      rows={rows}
      total={total}
      page={page}
      older={older}
      newer={newer}
      now={new Date().toISOString()}
      notice={noticeFrom(POST_LIST_NOTICES, notice)}
    />,
    signedIn(c, 'Posts', 'posts'),
  );
});

postRoutes.get('/admin/posts/new', async (c) => {
  const db = await databaseFor(c.env);
  const values: PostFormValues = {
    title: '',
    slug: '',
    excerpt: '',
    image_url: '',
    image_alt: '',
    // Empty: dated when it is published (a draft may wait days).
    published_at: '',
    category: '',
    format: 'markdown',
    // "Insert into a post" on the Media page opens a new post with that picture in its text.
    content: await pictureToInsert(db, c.req.query('picture')),
    // Whoever writes it; the first owner, still under the seed's placeholder name, is the business's director.
    author:
      c.var.person.name && c.var.person.name !== PLACEHOLDER_OWNER_NAME ? c.var.person.name : c.var.content.site.director.name,
    keywords: '',
  };
  return renderEditor(c, db, values);
});

postRoutes.get('/admin/posts/:id/edit', async (c) => {
  const id = postId(c);
  const db = await databaseFor(c.env);
  const post = id === null ? null : await getPostForAdmin(db, id);
  if (!post) return notFound(c);
  const saved = c.req.query('saved');
  // 'new-draft': a new post's first save, as a draft.
  const notice =
    saved === 'new-draft' ? 'draft' : saved === 'created' || saved === 'updated' || saved === 'draft' ? saved : undefined;
  return renderEditor(c, db, valuesOf(post), { post, notice, justCreated: saved === 'created' || saved === 'new-draft' });
});

postRoutes.post('/admin/posts', (c) => editorPost(c));

postRoutes.post('/admin/posts/:id', async (c) => {
  const id = postId(c);
  return id === null ? notFound(c) : editorPost(c, id);
});

postRoutes.get('/admin/posts/:id/delete', async (c) => {
  const id = postId(c);
  const post = id === null ? null : await getPostForAdmin(await databaseFor(c.env), id);
  if (!post) return notFound(c);
  return renderAdmin(
    <DeletePostPage id={post.id} title={post.title} slug={post.slug} csrf={c.get('session').csrf} />,
    signedIn(c, 'Delete post', 'posts'),
  );
});

postRoutes.post('/admin/posts/:id/delete', async (c) => {
  const id = postId(c);
  const db = await databaseFor(c.env);
  const post = id === null ? null : await getPostForAdmin(db, id);
  if (!post) return notFound(c);
  const body = await c.req.parseBody();
  if (body.confirm !== 'yes') {
    return renderAdmin(
      <DeletePostPage
        id={post.id}
        title={post.title}
        slug={post.slug}
        csrf={c.get('session').csrf}
        error="Tick the box to confirm, then press Delete post."
      />,
      signedIn(c, 'Delete post', 'posts'),
      400,
    );
  }
  await deletePost(db, post.id);
  await invalidatePageCache(c.env);
  log.info('admin deleted a post', { id: post.id });
  await audit(c, 'post-deleted', 'post', post.id);
  return c.redirect('/admin/posts?notice=deleted', 303);
});
