import { blogPostMeta } from '../../blog/post-meta';
import type { PostWithKeywords } from '../../db/posts';
import { manifest } from '../../generated/manifest';
import { BlogPostPage } from '../../pages/BlogPostPage';
import { shareImage } from '../../render/meta';
import { ADMIN_HEADERS } from '../shell/admin-headers';
import type { Ctx } from './context';
import { editorAction } from './PostEditorPage';
import { isScheduled } from './PostsListPage';
import { PreviewBar } from './PreviewBar';
import type { PostFormValues, PostInput } from './post-form';
import { SharePreview } from './SharePreview';

export interface PreviewOf {
  values: PostFormValues;
  input: PostInput & { slug: string };
  existing: PostWithKeywords | null;
  now: string;
  imageResizing: boolean;
  /** The stored revision the form was read from. */
  revision?: string;
}

/** The post exactly as /blog/<slug> will show it (same document, same component, same renderer and sanitiser). */
export function renderPreview(c: Ctx, { values, input, existing, now, imageResizing, revision }: PreviewOf) {
  const post: PostWithKeywords = {
    ...input,
    id: existing?.id ?? 0,
    updatedAt: now,
    revision: existing?.revision ?? 0,
    updatedBy: existing?.updatedBy ?? null,
    keywords: [...input.keywords].sort(),
  };
  const meta = {
    ...blogPostMeta(post, c.env.SITE_ORIGIN, c.var.content.site),
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
        scheduled={isScheduled(post.publishedAt, now)}
        published={existing?.status === 'published'}
        revision={revision}
      />
      <BlogPostPage post={post} imageResizing={imageResizing} />
      <SharePreview
        image={shareImage(meta, c.var.content.site)}
        title={post.title}
        description={meta.description}
        host={new URL(c.env.SITE_ORIGIN).host}
      />
    </>,
    meta,
  );
}
