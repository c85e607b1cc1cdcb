import type { PostWithKeywords } from '../db/posts';
import { absoluteUrl, type PageMeta, pictureAsTheLineAllows } from '../render/meta';
import type { SiteView } from '../site-content/view';
import { latestDate, toIsoTimestamp } from './dates';
import { excerptFromContent } from './excerpt';
import { postPath } from './meta';

// A post's own metadata, apart from the blog's page metadata (`blogListMeta`): its excerpt fallback reads Markdown with
// marked, which only a post's page (imported on the first post shown) and the admin's preview need.

/** Where a post's author is introduced (the About section of Home, id="about"). */
const ABOUT_PATH = '/#about';

/** Title, description, canonical, Open Graph article tags, keywords and BlogPosting JSON-LD. */
export function blogPostMeta(post: PostWithKeywords, origin: string, site: SiteView): PageMeta {
  const path = postPath(post.slug);
  const canonical = absoluteUrl(origin, path);
  const published = toIsoTimestamp(post.publishedAt) ?? post.publishedAt;
  const modified = latestDate(post.publishedAt, post.updatedAt);
  const keywords = post.keywords.length > 0 ? post.keywords : undefined;
  // Saving fills an empty excerpt; a row written another way may still have none.
  const description = post.excerpt || excerptFromContent(post.content, post.format);
  return {
    title: `${post.title} | ${site.name}`,
    description,
    path,
    image: pictureAsTheLineAllows(post.imageUrl, site),
    imageAlt: post.imageAlt || post.title,
    keywords,
    type: 'article',
    article: { publishedTime: published, modifiedTime: modified, section: post.category, author: post.author, tags: keywords },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description,
      image: absoluteUrl(origin, pictureAsTheLineAllows(post.imageUrl, site)),
      datePublished: published,
      dateModified: modified,
      // The posts are written by the team: the url is who they are, Home's About section.
      author: { '@type': 'Person', name: post.author, url: absoluteUrl(origin, ABOUT_PATH) },
      publisher: {
        '@type': 'Organization',
        name: site.name,
        logo: { '@type': 'ImageObject', url: absoluteUrl(origin, '/logo.svg') },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
      url: canonical,
      articleSection: post.category,
      ...(keywords ? { keywords: keywords.join(', ') } : {}),
      inLanguage: 'en-GB',
    },
  };
}
