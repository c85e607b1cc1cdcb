import { buttonClass } from '../../components/button';
import { CSRF_FIELD } from '../auth/session';
import { Notice } from '../shell/MessagePage';

export interface DeletePostPageProps {
  id: number;
  title: string;
  slug: string;
  csrf: string;
  error?: string;
}

/** Deleting needs a second step: this page, and a box ticked on purpose (no JavaScript). */
export function DeletePostPage({ id, title, slug, csrf, error }: DeletePostPageProps) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <h1 className="admin-title">Delete this post?</h1>
      <p>
        <strong>{title}</strong>
        <br />
        <span className="admin-muted">{`/blog/${slug}`}</span>
      </p>
      <p>It disappears from the blog, the feed and the sitemap at once. This cannot be undone.</p>
      {error && <Notice tone="error">{error}</Notice>}
      <form method="post" action={`/admin/posts/${id}/delete`} className="admin-form">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <label className="admin-check">
          <input type="checkbox" name="confirm" value="yes" required />
          <span>Yes, delete this post for good.</span>
        </label>
        <div className="admin-form__actions">
          <button type="submit" className={buttonClass('destructive')}>
            Delete post
          </button>
          <a className={buttonClass('ghost')} href={`/admin/posts/${id}/edit`}>
            Keep it
          </a>
        </div>
      </form>
    </section>
  );
}
