import { isImageResizingOn } from '../../blog/pictures';
import { invalidatePageCache } from '../../cache/isolate-pages';
import { editorSuggestions, getPostForAdmin, insertPost, postUsingSlug, uniqueSlug, updatePost } from '../../db/admin-posts';
import { databaseFor } from '../../db/client';
import type { Database, PostWithKeywords } from '../../db/posts';
import { errorResponse } from '../../http/errors';
import { log } from '../../log';
import { DEFAULT_OG_IMAGE, defaultOgAlt } from '../../render/meta';
import { MAX_SLUG_LENGTH, slugify } from '../../rules/slug';
import { formatLondon, utcToLondonLocal } from '../../rules/uk-time';
import { audit } from '../audit/audit';
import { asAppContext, renderAdmin, signedIn } from '../shell/render';
import type { Ctx } from './context';
import type { EditorErrors } from './editor-errors';
import { takeFormPictures } from './form-pictures';
import { type EditorNotice, PostEditorPage, type SavedPost } from './PostEditorPage';
import { isScheduled } from './PostsListPage';
import { excerptField, isAutomaticCover, withDefaults } from './post-defaults';
import { type PostFormValues, type PostInput, postFormValues, validatePost } from './post-form';
import { renderPreview } from './preview';

/**
 * The post editor's work: showing the form, and its POST (save, save as draft, preview, add a
 * picture, back to editing). The routes that reach it are in ./routes.tsx.
 */

export const notFound = (c: Ctx) => errorResponse(asAppContext(c), 404);

const POST_ID = /^[1-9]\d{0,9}$/;
export const postId = (c: Ctx) => (POST_ID.test(c.req.param('id') ?? '') ? Number(c.req.param('id')) : null);

export const valuesOf = (post: PostWithKeywords): PostFormValues => ({
  title: post.title,
  slug: post.slug,
  excerpt: excerptField(post.excerpt, post.content, post.format),
  // A cover the post was given for want of one (post-defaults.ts) shows as none, so it follows the text.
  ...(isAutomaticCover(post) ? { image_url: '', image_alt: '' } : { image_url: post.imageUrl, image_alt: post.imageAlt }),
  // A draft's past date is only when it was last saved: empty says "when it is published".
  published_at:
    post.status === 'draft' && !isScheduled(post.publishedAt, new Date().toISOString()) ? '' : utcToLondonLocal(post.publishedAt),
  category: post.category,
  format: post.format,
  content: post.content,
  author: post.author,
  keywords: post.keywords.join(', '),
});

const savedOf = (post: Pick<PostWithKeywords, 'id' | 'slug' | 'publishedAt' | 'status' | 'format'>): SavedPost => ({
  id: post.id,
  format: post.format,
  slug: post.slug,
  publishedAt: post.publishedAt,
  scheduled: isScheduled(post.publishedAt, new Date().toISOString()),
  draft: post.status === 'draft',
});

export interface EditorOptions {
  post?: PostWithKeywords | null;
  /** The revision the form carries: the post's as stored, or, for a form sent back, the one it was read from. */
  revision?: string;
  /** Nothing was saved: someone saved the post since the form was read (their name and time). */
  stale?: string;
  errors?: EditorErrors;
  notice?: EditorNotice;
  status?: number;
  pictureAlt?: string;
  justCreated?: boolean;
}

export async function renderEditor(c: Ctx, db: Database, values: PostFormValues, options: EditorOptions = {}) {
  const { categories } = await editorSuggestions(db);
  const { post, errors, notice, status = 200, pictureAlt = '', justCreated, stale } = options;
  const revision = options.revision ?? (post ? String(post.revision) : undefined);
  return renderAdmin(
    <PostEditorPage
      csrf={c.get('session').csrf}
      values={values}
      errors={errors}
      saved={post ? savedOf(post) : undefined}
      notice={notice}
      categories={categories}
      pictureAlt={pictureAlt}
      justCreated={justCreated}
      revision={revision}
      stale={stale}
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
    const free = await uniqueSlug(db, input.slug, id);
    // A typed slug at the 120-character limit has no room for '-2': ask for another, not a slug the form refuses.
    const hint = free.length <= MAX_SLUG_LENGTH ? `Try ${free}.` : 'Choose a shorter one.';
    return { error: `Another post (“${other.title}”) already uses this slug. ${hint}` };
  }
  const base = slugify(input.title);
  if (!base) return { error: 'Enter a slug: the title has no letters or digits to make one from.' };
  return { slug: await uniqueSlug(db, base, id) };
}

const isUniqueSlugError = (error: unknown) => {
  const text = `${error instanceof Error ? error.message : ''} ${error instanceof Error && error.cause instanceof Error ? error.cause.message : ''}`;
  return /UNIQUE constraint failed: posts\.slug/i.test(text);
};

const NO_EXCERPT = 'Write a short excerpt, or start the text with a paragraph: the excerpt is made from it.';

/** The cover of a post with no picture at all: the site's card, which is also what it shares. */
const siteCard = (c: Ctx) => ({ url: DEFAULT_OG_IMAGE, alt: defaultOgAlt(c.var.content.site) });

const INTENTS = ['save', 'draft', 'preview', 'edit', 'picture'] as const;
type Intent = (typeof INTENTS)[number];
const intentOf = (value: unknown): Intent => ((INTENTS as readonly unknown[]).includes(value) ? (value as Intent) : 'save');

/** The form's revision; -1 (never stored) when missing or not a count, so such a form never overwrites. */
const revisionOf = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : -1);

/**
 * Two tabs on one post: the later save, read from an older revision, writes nothing. The form comes
 * back as typed (nothing lost), now carrying the newest revision, with who saved it and when, so
 * saving again replaces their version knowingly.
 */
async function staleSave(c: Ctx, db: Database, id: number, values: PostFormValues, pictureAlt: string) {
  const newest = await getPostForAdmin(db, id);
  if (!newest) return notFound(c);
  const who = newest.updatedBy ?? 'Someone';
  const stale = `Nothing was saved: ${who} saved this post at ${formatLondon(newest.updatedAt)}, after you opened it (it is now titled “${newest.title}”). Your changes are still below: check them against the post as it is now, then save again to replace it.`;
  return renderEditor(c, db, values, { post: newest, pictureAlt, stale, status: 409 });
}

/** POST of the editor form: intent 'save' (publish, the default), 'draft', 'preview', 'picture' or 'edit' (back from a preview). */
export async function editorPost(c: Ctx, id?: number): Promise<Response> {
  const db = await databaseFor(c.env);
  const existing = id === undefined ? null : await getPostForAdmin(db, id);
  if (id !== undefined && !existing) return notFound(c);
  const body = await c.req.parseBody();
  const intent = intentOf(body.intent);
  const now = new Date();
  const pictures = await takeFormPictures(c.env, body, postFormValues(body), now.toISOString());
  const { values } = pictures;
  const pictureAlt = pictures.added || typeof body.picture_alt !== 'string' ? '' : body.picture_alt;
  // The revision the form was read from travels with it (through a preview too) until it is saved.
  const revision = typeof body.revision === 'string' ? body.revision : undefined;
  const show = (options: EditorOptions) => renderEditor(c, db, values, { post: existing, pictureAlt, revision, ...options });
  if (pictures.status) return show({ errors: pictures.errors, status: pictures.status });
  if (intent === 'edit') return show({});
  if (intent === 'picture') return show({ notice: pictures.added ? 'picture' : 'no-picture' });

  const status = intent === 'draft' ? 'draft' : 'published';
  const previous = existing ? { publishedAt: existing.publishedAt, status: existing.status } : undefined;
  const result = validatePost(values, now, { status, previous });
  if (!result.ok) return show({ errors: result.errors, status: 400 });
  const filled = withDefaults(result.input, siteCard(c));
  if ('error' in filled) return show({ errors: { excerpt: NO_EXCERPT }, status: 400 });
  const slug = await resolveSlug(db, filled, id);
  if ('error' in slug) return show({ errors: { slug: slug.error }, status: 400 });
  const input = { ...filled, slug: slug.slug };

  if (intent === 'preview') {
    return renderPreview(c, {
      values,
      input,
      existing,
      now: now.toISOString(),
      imageResizing: isImageResizingOn(c.env.IMAGE_RESIZING),
      revision,
    });
  }

  let savedId = id;
  try {
    if (id === undefined) savedId = await insertPost(db, input, now.toISOString(), c.var.person.name);
    else if (!(await updatePost(db, id, input, now.toISOString(), { revision: revisionOf(revision), by: c.var.person.name }))) {
      return staleSave(c, db, id, values, pictureAlt);
    }
  } catch (error) {
    if (!isUniqueSlugError(error)) throw error;
    return show({
      errors: { slug: 'Another post took this slug a moment ago. Choose another, or leave it empty.' },
      status: 400,
    });
  } finally {
    await invalidatePageCache(c.env);
  }
  log.info(id === undefined ? 'admin created a post' : 'admin updated a post', { id: savedId, status });
  await audit(c, 'post-saved', 'post', savedId);
  const saved = status === 'draft' ? (id === undefined ? 'new-draft' : 'draft') : id === undefined ? 'created' : 'updated';
  return c.redirect(`/admin/posts/${savedId}/edit?saved=${saved}`, 303);
}
