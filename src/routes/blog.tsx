import { type Context, Hono } from 'hono';
import { blogListMeta, postNotFoundMeta } from '../blog/meta';
import { isImageResizingOn } from '../blog/pictures';
import { postsDatabase } from '../blog/posts-database';
import type { PostPage } from '../db/posts';
import type { AppEnv } from '../env';
import { NO_STORE } from '../http/cache-control';
import { errorResponse } from '../http/errors';
import { errorText, log } from '../log';
import { isPageNumber } from '../rules/page-number';
import { isValidSlug } from '../rules/slug';
import { rssXml } from '../seo/rss';

export const blogRoutes = new Hono<AppEnv>();

const now = () => new Date().toISOString();

// Registered before /blog/:slug, although 'rss.xml' could never match the slug pattern anyway.
blogRoutes.get('/blog/rss.xml', async (c) => {
  const { db, listRecentPostsForFeed } = await postsDatabase(c.env);
  const posts = await listRecentPostsForFeed(db, now(), 20);
  return c.body(rssXml(c.env.SITE_ORIGIN, posts, c.var.content.site.name), 200, {
    'Content-Type': 'application/rss+xml; charset=utf-8',
  });
});

blogRoutes.get('/blog', async (c) => {
  const raw = c.req.query('page');
  if (raw !== undefined && !isPageNumber(raw)) return errorResponse(c, 404);
  // Page 1 has one URL: /blog.
  if (raw === '1') return c.redirect('/blog', 301);
  const page = raw === undefined ? 1 : Number(raw);

  let result: PostPage;
  try {
    const { db, listPublishedPosts } = await postsDatabase(c.env);
    result = await listPublishedPosts(db, { page, now: now() });
  } catch (error) {
    // docs/spec.md §4: on a failed read the list stays empty and the error is only logged.
    log.error('blog list read failed', { error: errorText(error) });
    return renderList(c, { posts: [], page: 1, pageCount: 1 }, NO_STORE);
  }
  if (page > 1 && result.posts.length === 0) return errorResponse(c, 404);
  return renderList(c, result);
});

async function renderList(c: Context<AppEnv>, list: Pick<PostPage, 'posts' | 'page' | 'pageCount'>, cacheControl?: string) {
  const { BlogListPage } = await import('../pages/BlogListPage');
  if (cacheControl) c.header('Cache-Control', cacheControl);
  return c.render(
    <BlogListPage
      posts={list.posts}
      page={list.page}
      pageCount={list.pageCount}
      imageResizing={isImageResizingOn(c.env.IMAGE_RESIZING)}
    />,
    blogListMeta(list.page, list.pageCount, c.var.content.site),
  );
}

blogRoutes.get('/blog/:slug', async (c) => {
  const slug = c.req.param('slug');
  const { db, getPublishedPostBySlug } = await postsDatabase(c.env);
  const post = isValidSlug(slug) ? await getPublishedPostBySlug(db, slug, now()) : null;
  // The post page brings Markdown, the HTML sanitiser and its allow-lists: compiled and evaluated
  // on the first post shown, not on every cold start (test/unit/worker-modules.test.ts).
  const [{ BlogPostNotFoundPage, BlogPostPage }, { blogPostMeta }] = await Promise.all([
    import('../pages/BlogPostPage'),
    import('../blog/post-meta'),
  ]);
  if (!post) {
    c.status(404);
    return c.render(<BlogPostNotFoundPage />, postNotFoundMeta(c.req.path, c.var.content.site));
  }
  return c.render(
    <BlogPostPage post={post} imageResizing={isImageResizingOn(c.env.IMAGE_RESIZING)} />,
    blogPostMeta(post, c.env.SITE_ORIGIN, c.var.content.site),
  );
});
