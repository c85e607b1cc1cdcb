import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_POSTS_PER_PAGE, listPostsForAdmin } from '../../src/db/admin-posts';
import { d1Database } from '../../src/db/client';
import { listMedia, MEDIA_PER_PAGE } from '../../src/db/media';
import { request, type Session, signIn } from './admin-helpers';
import { sentBy } from './query-helpers';

/**
 * The posts and media lists page by keyset, as the inbox does: plain Older and Newer links (no
 * JavaScript) that start from the row beside them, each page read with a LIMIT down the date
 * index, every row once across the pages, in order, even where rows share a time.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
  // More than two pages of each, in threes sharing one time: the tie-breaker decides at a page's edge.
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < 2 * ADMIN_POSTS_PER_PAGE + 7; i++) {
    const at = new Date(Date.UTC(2029, 0, 1) + Math.floor(i / 3) * 60_000).toISOString();
    statements.push(
      env.DB.prepare(
        `insert into posts (title, slug, excerpt, image_url, published_at, category, content, author, status)
         values (?, ?, '', '', ?, 'Drains', 'Text', 'Sam', ?)`,
      ).bind(`Paged post ${i}`, `paged-post-${i}`, at, i % 4 === 0 ? 'draft' : 'published'),
    );
  }
  for (let i = 0; i < 2 * MEDIA_PER_PAGE + 5; i++) {
    const at = new Date(Date.UTC(2029, 0, 1) + Math.floor(i / 3) * 60_000).toISOString();
    const key = `media/${i.toString(16).padStart(32, '0')}-10x10.png`;
    statements.push(
      env.DB.prepare(
        "insert into media (key, type, bytes, width, height, alt, uploaded_at) values (?, 'image/png', 100, 10, 10, ?, ?)",
      ).bind(key, `Paged picture ${i}`, at),
    );
  }
  await env.DB.batch(statements);
});

const listHtml = async (path: string) => {
  const res = await request(path, { cookie: session.cookie });
  expect(res.status).toBe(200);
  return res.text();
};

/** The Newer (prev) or Older (next) link of a list page, unescaped; '' when there is none. */
const linkOf = (html: string, rel: 'prev' | 'next') =>
  (new RegExp(`href="([^"]+)" rel="${rel}"`).exec(html)?.[1] ?? '').replaceAll('&amp;', '&');

const titlesOn = (html: string) => [...html.matchAll(/class="admin-item__title" href="[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]!);

/** Walks Older from the first page to the last, then Newer back: each page's items, both ways. */
async function walk(path: string, itemsOn: (html: string) => string[]) {
  const older: string[][] = [];
  const labels: string[] = [];
  let link = path;
  while (link) {
    const html = await listHtml(link);
    older.push(itemsOn(html));
    labels.push(/<span>(Page \d+ of \d+)<\/span>/.exec(html)?.[1] ?? '');
    link = linkOf(html, 'next');
  }
  const newer: string[][] = [];
  link = linkOf(await listHtml(path), 'next');
  // Forward to the last page, then back by the Newer links to the first.
  for (let i = 1; i < older.length - 1; i++) link = linkOf(await listHtml(link), 'next');
  while (link) {
    const html = await listHtml(link);
    newer.unshift(itemsOn(html));
    link = linkOf(html, 'prev');
  }
  return { older, newer, labels };
}

describe('the posts list', () => {
  it('goes Older through every post once, newest first, and Newer back to the same pages', async () => {
    const { results } = await env.DB.prepare('select title from posts order by published_at desc, id desc').all<{
      title: string;
    }>();
    const expected = results.map((row) => row.title);
    expect(expected.length).toBeGreaterThan(2 * ADMIN_POSTS_PER_PAGE);

    const { older, newer, labels } = await walk('/admin/posts', titlesOn);
    const pageCount = Math.ceil(expected.length / ADMIN_POSTS_PER_PAGE);
    expect(older).toHaveLength(pageCount);
    expect(older.flat()).toEqual(expected);
    expect(older.slice(0, -1).every((page) => page.length === ADMIN_POSTS_PER_PAGE)).toBe(true);
    expect(labels).toEqual(Array.from({ length: pageCount }, (_, i) => `Page ${i + 1} of ${pageCount}`));
    // Back from the last page by Newer: the same pages, the first one at /admin/posts itself.
    expect(newer).toEqual(older);
    expect(linkOf(await listHtml(linkOf(await listHtml('/admin/posts'), 'next')), 'prev')).toBe('/admin/posts');
  });

  it('reads a page down the date index, a page and one more row, never sorting every post', async () => {
    const { rows, older } = await listPostsForAdmin(d1Database(env), null);
    expect(rows).toHaveLength(ADMIN_POSTS_PER_PAGE);
    const { sent, plans } = await sentBy((db) => listPostsForAdmin(db, { after: older! }));
    const page = sent.findIndex((statement) => statement.sql.includes('order by'));
    expect(sent[page]!.sql).toMatch(/limit \?$/);
    expect(sent[page]!.params.at(-1)).toBe(ADMIN_POSTS_PER_PAGE + 1);
    expect(plans[page]!.join('\n')).toMatch(/SEARCH posts USING INDEX posts_published_at_idx \(published_at<\?\)/);
    expect(plans[page]).not.toContain('USE TEMP B-TREE FOR ORDER BY');
    // The count stops at its cap.
    expect(sent[1 - page]!.sql).toMatch(/^select count\(\*\) from \(select 1 from "posts" limit \?\)/);
  });

  it('reads an old page-number link, or a cursor that is not one, as the first page', async () => {
    const first = titlesOn(await listHtml('/admin/posts'));
    for (const path of ['/admin/posts?page=2', '/admin/posts?page=2&after=nonsense', '/admin/posts?page=2&after=2029-01-01~x']) {
      expect(titlesOn(await listHtml(path))).toEqual(first);
    }
  });
});

describe('the media list', () => {
  it('goes Older through every picture once, newest first, and Newer back to the same pages', async () => {
    const { results } = await env.DB.prepare('select alt from media order by uploaded_at desc, key desc').all<{
      alt: string;
    }>();
    const expected = results.map((row) => row.alt);
    expect(expected.length).toBeGreaterThan(2 * MEDIA_PER_PAGE);
    const altsOn = (html: string) => [...html.matchAll(/<img [^>]*alt="(Paged picture \d+)"/g)].map((m) => m[1]!);

    const { older, newer, labels } = await walk('/admin/media', altsOn);
    const pageCount = Math.ceil(expected.length / MEDIA_PER_PAGE);
    expect(older).toHaveLength(pageCount);
    expect(older.flat()).toEqual(expected);
    expect(labels.at(-1)).toBe(`Page ${pageCount} of ${pageCount}`);
    expect(newer).toEqual(older);
  });

  it('reads a page down the upload-time index, sorting only the ties of one time', async () => {
    const { older } = await listMedia(d1Database(env), null);
    const { sent, plans } = await sentBy((db) => listMedia(db, { after: older! }));
    const page = sent.findIndex((statement) => statement.sql.includes('order by'));
    expect(sent[page]!.params.at(-1)).toBe(MEDIA_PER_PAGE + 1);
    const plan = plans[page]!.join('\n');
    expect(plan).toMatch(/SEARCH media USING INDEX media_uploaded_at_idx \(uploaded_at<\?\)/);
    expect(plan).not.toContain('USE TEMP B-TREE FOR ORDER BY');
  });
});
