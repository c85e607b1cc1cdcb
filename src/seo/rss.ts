import { latestDate, toIsoTimestamp } from '../blog/dates';
import { BLOG_DESCRIPTION, BLOG_TITLE, postPath } from '../blog/meta';
import type { FeedPost } from '../db/posts';
import { absoluteUrl } from '../render/meta';
import { escapeXml } from './sitemap';

/** RFC 822 date for RSS ('Wed, 05 Mar 2025 09:00:00 GMT'). */
const rfc822 = (value: string) => new Date(toIsoTimestamp(value) ?? 0).toUTCString();

/** RSS 2.0 for the newest posts (title, link, guid, date, excerpt, category, author). */
export function rssXml(origin: string, posts: readonly FeedPost[], siteName: string): string {
  const blogUrl = absoluteUrl(origin, '/blog');
  const newest = posts.reduce<string | undefined>((max, p) => {
    const date = latestDate(p.publishedAt, p.updatedAt);
    return !max || date > max ? date : max;
  }, undefined);
  const items = posts
    .map((post) => {
      const url = absoluteUrl(origin, postPath(post.slug));
      return [
        '<item>',
        `<title>${escapeXml(post.title)}</title>`,
        `<link>${escapeXml(url)}</link>`,
        `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
        `<pubDate>${rfc822(post.publishedAt)}</pubDate>`,
        `<description>${escapeXml(post.excerpt)}</description>`,
        `<category>${escapeXml(post.category)}</category>`,
        `<dc:creator>${escapeXml(post.author)}</dc:creator>`,
        '</item>',
      ].join('');
    })
    .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${escapeXml(`${BLOG_TITLE} | ${siteName}`)}</title>`,
    `<link>${escapeXml(blogUrl)}</link>`,
    `<description>${escapeXml(BLOG_DESCRIPTION)}</description>`,
    '<language>en-gb</language>',
    `<atom:link href="${escapeXml(absoluteUrl(origin, '/blog/rss.xml'))}" rel="self" type="application/rss+xml"/>`,
    newest ? `<lastBuildDate>${rfc822(newest)}</lastBuildDate>` : '',
    items,
    '</channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}
