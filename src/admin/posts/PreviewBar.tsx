import { buttonClass } from '../../components/button';
import { formatLondon } from '../../rules/uk-time';
import { CSRF_FIELD } from '../auth/session';
import { POST_FIELDS, type PostFormValues } from './post-form';

export interface PreviewBarProps {
  action: string;
  csrf: string;
  values: PostFormValues;
  publishedAt: string;
  scheduled: boolean;
  /** The post is saved and published: Save changes it in place, rather than publishing it. */
  published: boolean;
  /** The stored revision the form was read from, carried on to its save. */
  revision?: string;
}

/**
 * Above a preview: says it is not saved, and carries the whole form in hidden fields, so
 * 'Back to editing' and 'Save' work without JavaScript and without losing a word.
 */
export function PreviewBar({ action, csrf, values, publishedAt, scheduled, published, revision }: PreviewBarProps) {
  return (
    <aside className="admin-preview-bar" aria-label="Preview">
      <div className="container admin-preview-bar__inner">
        <p className="admin-preview-bar__text">
          <strong>Preview, not saved yet.</strong>{' '}
          <span className="admin-preview-bar__more">
            {scheduled
              ? `Once published, it goes live on ${formatLondon(publishedAt)} (UK time).`
              : 'Once published, it is live at once; a draft stays hidden.'}
          </span>
        </p>
        <form method="post" action={action} encType="multipart/form-data" className="admin-preview-bar__form">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          {revision !== undefined && <input type="hidden" name="revision" value={revision} />}
          {POST_FIELDS.map((field) => (
            <input key={field} type="hidden" name={field} value={values[field]} />
          ))}
          <button type="submit" name="intent" value="edit" className={buttonClass('outline', 'sm')} aria-label="Back to editing">
            <span className="admin-preview-bar__long">Back to editing</span>
            <span className="admin-preview-bar__short">Edit</span>
          </button>
          <button type="submit" name="intent" value="draft" className={buttonClass('outline', 'sm')}>
            {published ? 'Unpublish' : 'Save draft'}
          </button>
          <button type="submit" name="intent" value="save" className={buttonClass('default', 'sm')}>
            {published ? 'Save changes' : 'Publish'}
          </button>
        </form>
      </div>
    </aside>
  );
}
