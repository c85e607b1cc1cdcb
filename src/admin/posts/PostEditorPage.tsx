import PostEditor, { RESTORE_SLOT_ID } from '../../../client/admin/islands/PostEditor';
import { postPath } from '../../blog/meta';
import { buttonClass } from '../../components/button';
import { Island } from '../../components/Island';
import { formatLondon } from '../../rules/uk-time';
import { CSRF_FIELD } from '../auth/session';
import { Notice } from '../shell/MessagePage';
import { Badge, Field } from '../shell/parts';
import { CoverField } from './CoverField';
import { controlProps } from './control-props';
import type { EditorErrors } from './editor-errors';
import { MoreSettings } from './MoreSettings';
import { DEFAULT_CATEGORY } from './post-defaults';
import { POST_LIMITS, type PostFormValues } from './post-form';

/** Where an editor form posts: a new post, or an existing one by id. */
export const editorAction = (id?: number) => (id === undefined ? '/admin/posts' : `/admin/posts/${id}`);

export interface SavedPost {
  id: number;
  slug: string;
  publishedAt: string;
  scheduled: boolean;
  draft: boolean;
  format: 'markdown' | 'html';
}

export type EditorNotice = 'created' | 'updated' | 'draft' | 'picture' | 'no-picture';

export interface PostEditorPageProps {
  csrf: string;
  values: PostFormValues;
  errors?: EditorErrors;
  /** Set when editing a stored post. */
  saved?: SavedPost;
  notice?: EditorNotice;
  categories: string[];
  /** The no-JavaScript picture adder's description, kept after a refusal. */
  pictureAlt?: string;
  /** This page follows the first save of a new post (published or as a draft). */
  justCreated?: boolean;
  /** The stored revision the form was read from: a save from an older one is refused. */
  revision?: string;
  /** Why nothing was saved: someone else saved the post since (who, when). */
  stale?: string;
}

const CONTENT_HINTS = {
  markdown:
    'Markdown: ## Heading, **bold**, _italic_, [link text](https://…), - list items, > quote, | tables |. Pictures: add one with “Add a picture to the text” below, and describe it.',
  html: 'HTML. Shown with h2–h4, p, lists, blockquote, strong/em, links, images, figure, tables and code only; anything else (scripts, styles, event handlers) is removed when the post is shown.',
};

function SavedNotice({ saved, notice }: { saved?: SavedPost; notice: EditorNotice }) {
  if (notice === 'picture')
    return (
      <Notice tone="info">
        Picture added at the end of the text: move its line to where it belongs, then save. Nothing is saved yet.
      </Notice>
    );
  if (notice === 'no-picture') return <Notice tone="error">Choose a picture first, then press Add picture to the text.</Notice>;
  if (!saved) return null;
  if (notice === 'draft') return <Notice tone="success">Draft saved. It stays hidden from the blog until you publish it.</Notice>;
  const verb = notice === 'created' ? 'Post created' : 'Changes saved';
  if (saved.scheduled) {
    return (
      <Notice tone="success">{`${verb}. It is scheduled: it goes live on ${formatLondon(saved.publishedAt)} (UK time).`}</Notice>
    );
  }
  return (
    <Notice tone="success">
      {`${verb}. It is live at `}
      <a href={postPath(saved.slug)}>{postPath(saved.slug)}</a>.
    </Notice>
  );
}

const StatusBadge = ({ saved }: { saved: SavedPost }) =>
  saved.draft ? (
    <Badge tone="grey">Draft</Badge>
  ) : saved.scheduled ? (
    <Badge tone="amber">Scheduled</Badge>
  ) : (
    <Badge tone="green">Published</Badge>
  );

/**
 * The post editor: every field of the post as a plain multipart form (pictures included), with
 * Publish, Save draft and Preview. The text is an admin-only island that adds the toolbar, live
 * preview, drag-and-drop and kept text when JavaScript runs.
 */
export function PostEditorPage(props: PostEditorPageProps) {
  const { csrf, values, errors = {}, saved, notice, categories, pictureAlt = '', justCreated = false, revision, stale } = props;
  const hasErrors = Object.keys(errors).length > 0;
  const published = saved !== undefined && !saved.draft;
  const input = controlProps(values, errors);
  return (
    <section className="admin-panel">
      <div className="admin-heading">
        <h1 className="admin-title">{saved ? 'Edit post' : 'New post'}</h1>
        {saved && <StatusBadge saved={saved} />}
      </div>
      {notice && <SavedNotice saved={saved} notice={notice} />}
      {hasErrors && <Notice tone="error">Please correct the fields marked below; nothing was saved.</Notice>}
      {stale && <Notice tone="error">{stale}</Notice>}
      <div id={RESTORE_SLOT_ID} />
      <form
        method="post"
        action={editorAction(saved?.id)}
        encType="multipart/form-data"
        className="admin-form admin-form--editor"
      >
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        {revision !== undefined && <input type="hidden" name="revision" value={revision} />}
        {/* Enter in a field presses the form's first button: make that one keep the post as it is (a draft stays a draft). */}
        <button
          type="submit"
          name="intent"
          value={published ? 'save' : 'draft'}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        >
          {published ? 'Save changes' : 'Save draft'}
        </button>
        <Field name="title" label="Title" error={errors.title} required wide>
          <input {...input('title', false)} type="text" required maxLength={POST_LIMITS.title} />
        </Field>
        <div className="admin-field--wide">
          <Island
            name="PostEditor"
            component={PostEditor}
            props={{
              content: values.content,
              format: values.format === 'html' ? 'html' : 'markdown',
              // Markdown for every new post; the choice only for a post already written in HTML.
              formatChoice: values.format === 'html' || saved?.format === 'html',
              contentError: errors.content ?? errors.format,
              contentHint: CONTENT_HINTS,
              contentMaxLength: POST_LIMITS.content,
              pictureAlt,
              pictureError: errors.picture,
              csrf,
              draftKey: saved ? String(saved.id) : 'new',
              justCreated,
            }}
          />
        </div>
        <CoverField values={values} errors={errors} />
        <Field
          name="category"
          label="Category"
          error={errors.category}
          hint={`Pick one already in use, or type a new one. Left empty: ${DEFAULT_CATEGORY}.`}
        >
          <input {...input('category', true)} type="text" maxLength={POST_LIMITS.category} list="post-categories" />
        </Field>
        <datalist id="post-categories">
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <Field
          name="excerpt"
          label="Excerpt"
          error={errors.excerpt}
          hint="One or two sentences for the blog list, the feed and search results. Left empty, the first paragraph of the text is used."
          wide
        >
          <textarea {...input('excerpt', true)} rows={3} maxLength={POST_LIMITS.excerpt} />
        </Field>
        <Field
          name="published_at"
          label="Publish at"
          error={errors.published_at}
          hint="UK time (Europe/London). A future date schedules the post: it stays hidden until then. Empty means when you publish."
        >
          <input {...input('published_at', true)} type="datetime-local" />
        </Field>
        <MoreSettings values={values} errors={errors} />
        <div className="admin-form__actions admin-field--wide">
          <button type="submit" name="intent" value="save" className={buttonClass('default')}>
            {published ? 'Save changes' : 'Publish'}
          </button>
          <button type="submit" name="intent" value="draft" className={buttonClass('outline')}>
            {published ? 'Unpublish: save as draft' : 'Save draft'}
          </button>
          <button type="submit" name="intent" value="preview" className={buttonClass('outline')}>
            Preview
          </button>
          <a className={buttonClass('ghost')} href="/admin/posts">
            Cancel
          </a>
        </div>
      </form>
      {saved && (
        <section className="admin-delete" aria-labelledby="delete-post-title">
          <h2 className="admin-delete__title" id="delete-post-title">
            Delete this post
          </h2>
          <p className="admin-muted">It disappears from the blog at once. You are asked to confirm first.</p>
          <a className={buttonClass('outline', 'sm', 'admin-danger-link')} href={`/admin/posts/${saved.id}/delete`}>
            Delete post…
          </a>
        </section>
      )}
    </section>
  );
}
