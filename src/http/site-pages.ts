import { serviceSlugs } from '../content/service-slugs';
import { isValidSlug } from '../rules/slug';
import { POSTCODE_CHECK_PATH, PRIVACY_PATH } from './paths';

/**
 * The public pages, listed once: the sitemap lists these (`sitemapEntries`), and each has its
 * kept-page declaration beside its route (`pagesCaching` or `blogCaching`).
 */
export const PUBLIC_PAGES: readonly string[] = [
  '/',
  '/services',
  ...serviceSlugs.map((slug) => `/services/${slug}`),
  '/faq',
  '/blog',
  '/contact',
  '/free-quote',
  PRIVACY_PATH,
];

/**
 * Which paths are pages of ours, for attribution (a lead's form and previous page) and tap
 * counts: anything else a request claims is not stored as a page, so a made-up path can neither
 * reach the database nor crowd the owner's dashboard. The public pages, and those no search
 * engine is told of: a form's sent page and the postcode check's answer.
 */
const STATIC_PAGES: ReadonlySet<string> = new Set([...PUBLIC_PAGES, '/contact/sent', '/free-quote/sent', POSTCODE_CHECK_PATH]);

/**
 * A form sent without JavaScript that had a mistake comes back at its API path; the visitor is
 * still on that form's page.
 */
const FORM_POST_PAGES: Readonly<Record<string, string>> = { '/api/contact': '/contact', '/api/quote': '/free-quote' };

export type SitePage = { path: string; kind: 'page' | 'blog-post' };

/**
 * The page a path shows, or null when it is none of ours. A blog post is recognised by the shape
 * of its slug; whether the post exists is for the caller to ask the database when it matters.
 */
export function sitePageOf(path: string): SitePage | null {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  if (STATIC_PAGES.has(trimmed)) return { path: trimmed, kind: 'page' };
  const formPage = FORM_POST_PAGES[trimmed];
  if (formPage) return { path: formPage, kind: 'page' };
  const blogSlug = /^\/blog\/([^/]+)$/.exec(trimmed)?.[1];
  if (blogSlug && isValidSlug(blogSlug)) return { path: trimmed, kind: 'blog-post' };
  return null;
}
