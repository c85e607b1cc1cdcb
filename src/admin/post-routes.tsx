import { type Context, Hono } from 'hono';
import { blogPostMeta } from '../blog/meta';
import {
  ADMIN_POSTS_PER_PAGE,
  deletePost,
  editorSuggestions,
  getPostForAdmin,
  insertPost,
  listPostsForAdmin,
  postUsingSlug,
  uniqueSlug,
  updatePost,
} from '../db/admin-posts';
import { databaseFor } from '../db/client';
import type { Database, PostWithKeywords } from '../db/posts';
import { manifest } from '../generated/manifest';
import { NO_STORE } from '../http/cache-control';
import { errorResponse } from '../http/errors';
import { invalidatePageCache } from '../middleware/page-cache';
import { BlogPostPage } from '../pages/BlogPostPage';
import { renderPage } from '../render/render';
import { pageOrFirst } from '../rules/page-number';
import { slugify } from '../rules/slug';
import { site } from '../site';
import { DeletePostPage } from './DeletePostPage';
import { utcToLondonLocal } from './london-time';
import { editorAction, PostEditorPage, type SavedPost } from './PostEditorPage';
import { isScheduled, POST_LIST_NOTICES, PostsListPage } from './PostsListPage';
import { PreviewBar } from './PreviewBar';
import { type PostFormErrors, type PostFormValues, type PostInput, postFormValues, validatePost } from './post-form';
import { ADMIN_HEADERS, type AdminEnv, asAppContext, renderAdmin, signedIn } from './render';

/** The posts section: list, new, edit (with preview), delete with confirmation. */
export const postRoutes = new Hono<AdminEnv>();

type Ctx = Context<AdminEnv>;

const notFound = (c: Ctx) => errorResponse(asAppContext(c), 404);

const POST_ID = /^[1-9]\d{0,9}$/;
const postId = (c: Ctx) => (POST_ID.test(c.req.param('id') ?? '') ? Number(c.req.param('id')) : null);

const valuesOf = (post: PostWithKeywords): PostFormValues => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  image_url: post.imageUrl,
  published_at: utcToLondonLocal(post.publishedAt),
  category: post.category,
  content: post.content,
  author: post.author,
  keywords: post.keywords.join(', '),
});

const savedOf = (post: Pick<PostWithKeywords, 'id' | 'slug' | 'publishedAt'>): SavedPost => ({
  id: post.id,
  slug: post.slug,
  publishedAt: post.publishedAt,
  scheduled: isScheduled(post.publishedAt, new Date().toISOString()),
});

async function renderEditor(
  c: Ctx,
  db: Database,
  values: PostFormValues,
  options: { post?: PostWithKeywords | null; errors?: PostFormErrors; notice?: 'created' | 'updated'; status?: number } = {},
) {
  const { categories } = await editorSuggestions(db);
  const { post, errors, notice, status = 200 } = options;
  return renderAdmin(
    <PostEditorPage
      csrf={c.get('session').csrf}
      values={values}
      errors={errors}
      saved={post ? savedOf(post) : undefined}
      notice={notice}
      categories={categories}
    />,
    signedIn(c, post ? `Edit: ${post.title}` : 'New post', 'posts'),
    status,
  );
}

postRoutes.get('/admin/posts', async (c) => {
  const db = await databaseFor(c.env);
  const page = pageOrFirst(c.req.query('page'));
  const { rows, total } = await listPostsForAdmin(db, page);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_POSTS_PER_PAGE));
  const notice = c.req.query('notice');
  return renderAdmin(
    <PostsListPage
      rows={rows}
      total={total}
      page={page}
      pageCount={pageCount}
      now={new Date().toISOString()}
      notice={notice && notice in POST_LIST_NOTICES ? (notice as keyof typeof POST_LIST_NOTICES) : undefined}
    />,
    signedIn(c, 'Posts', 'posts'),
  );
});

postRoutes.get('/admin/posts/new', async (c) => {
  const db = await databaseFor(c.env);
  const { author } = await editorSuggestions(db);
  const values: PostFormValues = {
    title: '',
    slug: '',
    excerpt: '',
    image_url: '',
    published_at: utcToLondonLocal(new Date().toISOString()),
    category: '',
    content: '',
    author: author ?? site.director.name,
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
  return renderEditor(c, db, valuesOf(post), { post, notice: saved === 'created' || saved === 'updated' ? saved : undefined });
});

/** The slug to save: the one typed (if no other post has it) or one made unique from the title. */
async function resolveSlug(db: Database, input: PostInput, id?: number): Promise<{ slug: string } | { error: string }> {
  if (input.slug) {
    const other = await postUsingSlug(db, input.slug, id);
    if (!other) return { slug: input.slug };
    return { error: `Another post (“${other.title}”) already uses this slug. Try ${await uniqueSlug(db, input.slug, id)}.` };
  }
  const base = slugify(input.title);
  if (!base) return { error: 'Enter a slug: the title has no letters or digits to make one from.' };
  return { slug: await uniqueSlug(db, base, id) };
}

const isUniqueSlugError = (error: unknown) => {
  const text = `${error instanceof Error ? error.message : ''} ${error instanceof Error && error.cause instanceof Error ? error.cause.message : ''}`;
  return /UNIQUE constraint failed: posts\.slug/i.test(text);
};

/** POST of the editor form: intent 'save' (default), 'preview' or 'edit' (back from a preview). */
async function editorPost(c: Ctx, id?: number): Promise<Response> {
  const db = await databaseFor(c.env);
  const existing = id === undefined ? null : await getPostForAdmin(db, id);
  if (id !== undefined && !existing) return notFound(c);
  const body = await c.req.parseBody();
  const values = postFormValues(body);
  const intent = body.intent === 'preview' || body.intent === 'edit' ? body.intent : 'save';
  if (intent === 'edit') return renderEditor(c, db, values, { post: existing });

  const result = validatePost(values, new Date(), existing?.publishedAt);
  if (!result.ok) return renderEditor(c, db, values, { post: existing, errors: result.errors, status: 400 });
  const slug = await resolveSlug(db, result.input, id);
  if ('error' in slug) return renderEditor(c, db, values, { post: existing, errors: { slug: slug.error }, status: 400 });
  const input = { ...result.input, slug: slug.slug };
  const now = new Date().toISOString();

  if (intent === 'preview') return renderPreview(c, values, input, existing, now);

  let savedId = id;
  try {
    if (id === undefined) savedId = await insertPost(db, input, now);
    else if (!(await updatePost(db, id, input, now))) return notFound(c);
  } catch (error) {
    if (!isUniqueSlugError(error)) throw error;
    const errors = { slug: 'Another post took this slug a moment ago. Choose another, or leave it empty.' };
    return renderEditor(c, db, values, { post: existing, errors, status: 400 });
  } finally {
    await invalidatePageCache(c.env);
  }
  console.log(
    JSON.stringify({ level: 'info', msg: id === undefined ? 'admin created a post' : 'admin updated a post', id: savedId }),
  );
  return c.redirect(`/admin/posts/${savedId}/edit?saved=${id === undefined ? 'created' : 'updated'}`, 303);
}

/** The post exactly as /blog/<slug> will show it (same document, same component, same sanitiser). */
function renderPreview(c: Ctx, values: PostFormValues, input: PostInput, existing: PostWithKeywords | null, now: string) {
  const post: PostWithKeywords = {
    ...input,
    id: existing?.id ?? 0,
    updatedAt: now,
    keywords: [...input.keywords].sort(),
  };
  const scheduled = isScheduled(post.publishedAt, now);
  const meta = {
    ...blogPostMeta(post, c.env.SITE_ORIGIN),
    title: `Preview: ${post.title}`,
    noindex: true,
    stylesheets: [manifest.adminCss],
  };
  return renderPage(
    asAppContext(c),
    <>
      <PreviewBar
        action={editorAction(existing?.id)}
        csrf={c.get('session').csrf}
        values={values}
        publishedAt={post.publishedAt}
        scheduled={scheduled}
      />
      <BlogPostPage post={post} />
    </>,
    meta,
    { cacheControl: NO_STORE, headers: { ...ADMIN_HEADERS } },
  );
}

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
  console.log(JSON.stringify({ level: 'info', msg: 'admin deleted a post', id: post.id }));
  return c.redirect('/admin/posts?notice=deleted', 303);
});
