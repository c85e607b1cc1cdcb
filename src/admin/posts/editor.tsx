import type { Context } from 'hono';
import { blogPostMeta } from '../../blog/meta';
import { editorSuggestions, getPostForAdmin, insertPost, postUsingSlug, uniqueSlug, updatePost } from '../../db/admin-posts';
import { databaseFor } from '../../db/client';
import type { Database, PostWithKeywords } from '../../db/posts';
import { manifest } from '../../generated/manifest';
import { errorResponse } from '../../http/errors';
import { log } from '../../log';
import { invalidatePageCache } from '../../middleware/page-cache';
import { BlogPostPage } from '../../pages/BlogPostPage';
import { slugify } from '../../rules/slug';
import { utcToLondonLocal } from '../shell/london-time';
import { ADMIN_HEADERS, type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { editorAction, PostEditorPage, type SavedPost } from './PostEditorPage';
import { isScheduled } from './PostsListPage';
import { PreviewBar } from './PreviewBar';
import { type PostFormErrors, type PostFormValues, type PostInput, postFormValues, validatePost } from './post-form';

/**
 * The post editor's work: showing the form, and its POST (save, preview, back to editing).
 * The routes that reach it are in ./routes.tsx.
 */

export type Ctx = Context<AdminEnv>;

export const notFound = (c: Ctx) => errorResponse(asAppContext(c), 404);

const POST_ID = /^[1-9]\d{0,9}$/;
export const postId = (c: Ctx) => (POST_ID.test(c.req.param('id') ?? '') ? Number(c.req.param('id')) : null);

export const valuesOf = (post: PostWithKeywords): PostFormValues => ({
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

export async function renderEditor(
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
export async function editorPost(c: Ctx, id?: number): Promise<Response> {
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
  log.info(id === undefined ? 'admin created a post' : 'admin updated a post', { id: savedId });
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
  for (const [name, value] of Object.entries(ADMIN_HEADERS)) c.header(name, value);
  return c.render(
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
  );
}
