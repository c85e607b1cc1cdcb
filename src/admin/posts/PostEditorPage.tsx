import { postPath } from '../../blog/meta';
import { buttonClass } from '../../components/button';
import { MAX_SLUG_LENGTH } from '../../rules/slug';
import { formatLondon } from '../shell/london-time';
import { Notice } from '../shell/MessagePage';
import { describedBy, Field } from '../shell/parts';
import { CSRF_FIELD } from '../shell/session';
import { KEYWORD_LIMITS, POST_LIMITS, type PostFormErrors, type PostFormValues } from './post-form';

/** Where an editor form posts: a new post, or an existing one by id. */
export const editorAction = (id?: number) => (id === undefined ? '/admin/posts' : `/admin/posts/${id}`);

export interface SavedPost {
  id: number;
  slug: string;
  publishedAt: string;
  scheduled: boolean;
}

export interface PostEditorPageProps {
  csrf: string;
  values: PostFormValues;
  errors?: PostFormErrors;
  /** Set when editing a stored post. */
  saved?: SavedPost;
  notice?: 'created' | 'updated';
  categories: string[];
}

const CONTENT_HINT =
  'HTML. Shown with h2–h4, p, lists, blockquote, strong/em, links, images, figure, tables and code only; anything else (scripts, styles, event handlers) is removed when the post is shown.';

function SavedNotice({ saved, notice }: { saved: SavedPost; notice: 'created' | 'updated' }) {
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

/** The post editor: every field of the post, plain form post, Preview and Save buttons. */
export function PostEditorPage({ csrf, values, errors = {}, saved, notice, categories }: PostEditorPageProps) {
  const hasErrors = Object.keys(errors).length > 0;
  const input = (name: keyof PostFormValues, hint: boolean) => ({
    id: name,
    name,
    className: 'lead-form__control',
    defaultValue: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(name, hint, Boolean(errors[name])),
  });
  return (
    <section className="admin-panel">
      <div className="admin-heading">
        <h1 className="admin-title">{saved ? 'Edit post' : 'New post'}</h1>
        {saved && (
          <a className={buttonClass('ghost', 'sm', 'admin-danger-link')} href={`/admin/posts/${saved.id}/delete`}>
            Delete…
          </a>
        )}
      </div>
      {saved && notice && <SavedNotice saved={saved} notice={notice} />}
      {hasErrors && <Notice tone="error">Please correct the fields marked below; nothing was saved.</Notice>}
      <form
        method="post"
        action={editorAction(saved?.id)}
        encType="multipart/form-data"
        className="admin-form admin-form--editor"
      >
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <Field name="title" label="Title" error={errors.title} required wide>
          <input {...input('title', false)} type="text" required maxLength={POST_LIMITS.title} />
        </Field>
        <Field
          name="slug"
          label="Slug"
          error={errors.slug}
          hint="The address: /blog/<slug>. Leave empty to make it from the title."
        >
          <input
            {...input('slug', true)}
            type="text"
            maxLength={MAX_SLUG_LENGTH}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <Field
          name="published_at"
          label="Publish at"
          error={errors.published_at}
          hint="UK time (Europe/London). A future date schedules the post: it stays hidden until then. Empty means now."
        >
          <input {...input('published_at', true)} type="datetime-local" />
        </Field>
        <Field name="category" label="Category" error={errors.category} required>
          <input {...input('category', false)} type="text" required maxLength={POST_LIMITS.category} list="post-categories" />
        </Field>
        <datalist id="post-categories">
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <Field name="author" label="Author" error={errors.author} required>
          <input {...input('author', false)} type="text" required maxLength={POST_LIMITS.author} autoComplete="name" />
        </Field>
        <Field
          name="image_url"
          label="Image"
          error={errors.image_url}
          hint="A path on this site, like /images/blog/blocked-drains.svg."
          required
        >
          <input
            {...input('image_url', true)}
            type="text"
            required
            maxLength={POST_LIMITS.imageUrl}
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <Field
          name="excerpt"
          label="Excerpt"
          error={errors.excerpt}
          hint="One or two sentences for the blog list, the feed and search results."
          required
          wide
        >
          <textarea {...input('excerpt', true)} rows={3} required maxLength={POST_LIMITS.excerpt} />
        </Field>
        <Field name="content" label="Content" error={errors.content} hint={CONTENT_HINT} required wide>
          <textarea
            {...input('content', true)}
            className="lead-form__control admin-code"
            rows={18}
            required
            maxLength={POST_LIMITS.content}
            spellCheck
          />
        </Field>
        <Field
          name="keywords"
          label="Keywords"
          error={errors.keywords}
          hint={`Separated by commas, like blocked drain, CCTV survey (at most ${KEYWORD_LIMITS.count}).`}
          wide
        >
          <input {...input('keywords', true)} type="text" />
        </Field>
        <div className="admin-form__actions admin-field--wide">
          <button type="submit" name="intent" value="save" className={buttonClass('default')}>
            {saved ? 'Save changes' : 'Save post'}
          </button>
          <button type="submit" name="intent" value="preview" className={buttonClass('outline')}>
            Preview
          </button>
          <a className={buttonClass('ghost')} href="/admin/posts">
            Cancel
          </a>
        </div>
      </form>
    </section>
  );
}
