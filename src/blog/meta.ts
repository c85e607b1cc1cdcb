import type { PageMeta } from '../render/meta';
import type { SiteView } from '../site-content/view';

export const BLOG_TITLE = 'Drain Advice & News';
export const BLOG_DESCRIPTION =
  'Practical advice on blocked drains, CCTV surveys, relining, tree roots and buying a house, from the drainage engineers serving Bournemouth, Christchurch, Poole and the New Forest.';

/** '/blog' for page 1, '/blog?page=N' after: the one URL of each list page. */
export const blogPagePath = (page: number) => (page <= 1 ? '/blog' : `/blog?page=${page}`);
export const postPath = (slug: string) => `/blog/${slug}`;

export function blogListMeta(page: number, pageCount: number, site: SiteView): PageMeta {
  return {
    title: page > 1 ? `${BLOG_TITLE} (page ${page}) | ${site.name}` : `${BLOG_TITLE} | ${site.name}`,
    description: BLOG_DESCRIPTION,
    path: blogPagePath(page),
    keywords: ['drain advice', 'blocked drain tips', 'CCTV drain survey', 'drain relining', 'Bournemouth drainage blog'],
    prev: page > 1 ? blogPagePath(page - 1) : undefined,
    next: page < pageCount ? blogPagePath(page + 1) : undefined,
  };
}

export function postNotFoundMeta(path: string, site: SiteView): PageMeta {
  return {
    title: `Post not found | ${site.name}`,
    description: 'This blog post could not be found.',
    path,
    noindex: true,
  };
}
