import { postPath } from '../../blog/meta';
import { buttonClass } from '../../components/button';
import { ADMIN_POSTS_PER_PAGE, type AdminPostCursor, type AdminPostRow } from '../../db/admin-posts';
import type { CappedCount } from '../../db/keyset';
import { formatLondon } from '../../rules/uk-time';
import { countedText, keysetPageLabel, timePageHref } from '../shell/keyset-link';
import { Notice } from '../shell/MessagePage';
import { Badge, KeysetPagination } from '../shell/parts';

export const POST_LIST_NOTICES = { deleted: 'The post was deleted.' } as const;

export interface PostsListPageProps {
  rows: AdminPostRow[];
  total: CappedCount;
  page: number;
  /** Where the pages either side of this one start; null where there is none. */
  older: AdminPostCursor | null;
  newer: AdminPostCursor | null;
  /** ISO: posts dated later are scheduled. */
  now: string;
  notice?: keyof typeof POST_LIST_NOTICES;
}

const POSTS_PATH = '/admin/posts';

export const isScheduled = (publishedAt: string, now: string) => publishedAt > now;

/** Every post, newest first, with whether it is live, waiting for its date, or a draft. */
export function PostsListPage({ rows, total, page, older, newer, now, notice }: PostsListPageProps) {
  return (
    <section className="admin-panel">
      <div className="admin-heading">
        <h1 className="admin-title">Posts</h1>
        <a className={buttonClass('default')} href="/admin/posts/new">
          New post
        </a>
      </div>
      {notice && <Notice tone="success">{POST_LIST_NOTICES[notice]}</Notice>}
      <p className="admin-muted">{countedText(total, 'post', 'posts')}, newest first. Times are UK time.</p>
      {rows.length === 0 ? (
        <p>No posts yet.</p>
      ) : (
        <ul className="admin-list">
          {rows.map((post) => {
            const draft = post.status === 'draft';
            const scheduled = !draft && isScheduled(post.publishedAt, now);
            return (
              <li key={post.id} className="admin-item">
                <div className="admin-item__main">
                  <a className="admin-item__title" href={`/admin/posts/${post.id}/edit`}>
                    {post.title}
                  </a>
                  <p className="admin-item__meta">
                    {draft ? (
                      <Badge tone="grey">Draft</Badge>
                    ) : scheduled ? (
                      <Badge tone="amber">Scheduled</Badge>
                    ) : (
                      <Badge tone="green">Published</Badge>
                    )}
                    <span>
                      {draft
                        ? `Last saved ${formatLondon(post.updatedAt)}`
                        : `${scheduled ? 'Goes live' : 'Published'} ${formatLondon(post.publishedAt)}`}
                    </span>
                    <span>{post.category}</span>
                    <span className="admin-item__slug">{postPath(post.slug)}</span>
                  </p>
                </div>
                <div className="admin-item__actions">
                  <a className={buttonClass('outline', 'sm')} href={`/admin/posts/${post.id}/edit`}>
                    Edit
                  </a>
                  {!scheduled && !draft && (
                    <a className={buttonClass('ghost', 'sm')} href={postPath(post.slug)}>
                      View
                    </a>
                  )}
                  <a className={buttonClass('ghost', 'sm', 'admin-danger-link')} href={`/admin/posts/${post.id}/delete`}>
                    Delete
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <KeysetPagination
        newer={newer ? timePageHref(POSTS_PATH, page - 1, 'before', newer) : null}
        older={older ? timePageHref(POSTS_PATH, page + 1, 'after', older) : null}
        label={keysetPageLabel(page, ADMIN_POSTS_PER_PAGE, total)}
      />
    </section>
  );
}
