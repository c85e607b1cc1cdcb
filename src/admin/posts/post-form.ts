import * as v from 'valibot';
import type { PostInput } from '../../db/admin-posts';
import { formatCount } from '../../rules/count';
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '../../rules/slug';
import { isCleanText, isOneLine } from '../../rules/text';
import { londonLocalToUtc, utcToLondonLocal } from '../shell/london-time';

/** The post editor's fields (SPEC §3 plus keywords), their rules and messages, in one valibot schema. */
export const POST_FIELDS = [
  'title',
  'slug',
  'excerpt',
  'image_url',
  'published_at',
  'category',
  'content',
  'author',
  'keywords',
] as const;
export type PostField = (typeof POST_FIELDS)[number];
export type PostFormValues = Record<PostField, string>;
export type PostFormErrors = Partial<Record<PostField, string>>;

/**
 * Content is capped well inside the Worker's 64 KB body limit: the editor posts as
 * multipart/form-data, which sends the HTML as it is (URL-encoding would triple every '<').
 */
export const POST_LIMITS = { title: 200, excerpt: 500, imageUrl: 300, category: 60, content: 50_000, author: 80 } as const;
export const KEYWORD_LIMITS = { count: 20, length: 50 } as const;

function text(label: string, max: number, options: { required?: string; oneLine?: boolean } = {}) {
  return v.pipe(
    v.string(),
    v.check((value) => !options.oneLine || isOneLine(value), `Keep the ${label} on one line.`),
    v.check(isCleanText, `Remove the unusual (control) characters from the ${label}.`),
    v.trim(),
    v.check((value) => !options.required || value !== '', options.required ?? ''),
    v.maxLength(max, `Keep the ${label} under ${formatCount(max)} characters.`),
  );
}

/** A path on this site: the Content-Security-Policy only lets pages load images from here. */
const SITE_IMAGE_PATH = /^\/(?!\/)[A-Za-z0-9._~%/-]+$/;

/** 'Drains, CCTV survey,drains , ' -> ['Drains', 'CCTV survey'] (trimmed, spaces collapsed, no repeats). */
export function parseKeywords(value: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of value.split(',')) {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

export const postSchema = v.object({
  title: text('title', POST_LIMITS.title, { required: 'Enter a title.', oneLine: true }),
  slug: v.pipe(
    text('slug', MAX_SLUG_LENGTH, { oneLine: true }),
    v.check(
      (value) => value === '' || SLUG_PATTERN.test(value),
      'Use lower-case letters, digits and single hyphens only, like blocked-drain-signs (or leave it empty).',
    ),
  ),
  excerpt: v.pipe(
    text('excerpt', POST_LIMITS.excerpt, { required: 'Write a short excerpt: it shows on the blog page and in search results.' }),
    v.transform((value) => value.replace(/\s+/g, ' ')),
  ),
  image_url: v.pipe(
    text('image path', POST_LIMITS.imageUrl, {
      required: 'Enter the image path, like /images/blog/blocked-drains.svg.',
      oneLine: true,
    }),
    v.check(
      (value) => SITE_IMAGE_PATH.test(value) && !value.includes('..'),
      'Use an image on this site: a path starting with /, like /images/blog/blocked-drains.svg.',
    ),
  ),
  published_at: v.pipe(
    text('date', 40, { oneLine: true }),
    v.check((value) => value === '' || londonLocalToUtc(value) !== null, 'Enter a real date and time, like 01/07/2026 09:30.'),
  ),
  category: text('category', POST_LIMITS.category, { required: 'Enter a category, like Blocked Drains.', oneLine: true }),
  content: text('content', POST_LIMITS.content, { required: 'Write the post content (HTML).' }),
  author: text("author's name", POST_LIMITS.author, { required: "Enter the author's name.", oneLine: true }),
  keywords: v.pipe(
    text('keywords', 2000, { oneLine: true }),
    v.transform(parseKeywords),
    v.check((names) => names.length <= KEYWORD_LIMITS.count, `Use at most ${KEYWORD_LIMITS.count} keywords.`),
    v.check(
      (names) => names.every((name) => name.length <= KEYWORD_LIMITS.length),
      `Keep each keyword under ${KEYWORD_LIMITS.length} characters.`,
    ),
  ),
});

/** The form's fields as strings (anything else, such as a file, reads as empty); CRLF becomes LF. */
export function postFormValues(body: Record<string, unknown>): PostFormValues {
  const values = {} as PostFormValues;
  for (const field of POST_FIELDS) {
    const value = body[field];
    values[field] = typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : '';
  }
  return values;
}

export type { PostInput };

export type PostValidation = { ok: true; input: PostInput } | { ok: false; errors: PostFormErrors };

/**
 * Validates the editor's values. An empty date means now. `previousPublishedAt` keeps a stored
 * date to the second when the field still shows it (the field itself has minutes only).
 */
export function validatePost(values: PostFormValues, now: Date, previousPublishedAt?: string): PostValidation {
  const result = v.safeParse(postSchema, values);
  if (!result.success) {
    const nested = v.flatten<typeof postSchema>(result.issues).nested ?? {};
    const errors: PostFormErrors = {};
    for (const field of POST_FIELDS) {
      const message = nested[field]?.[0];
      if (message) errors[field] = message;
    }
    return { ok: false, errors };
  }
  const out = result.output;
  let publishedAt = now.toISOString();
  if (out.published_at !== '') {
    const unchanged = previousPublishedAt && utcToLondonLocal(previousPublishedAt) === out.published_at;
    publishedAt = unchanged ? new Date(previousPublishedAt).toISOString() : londonLocalToUtc(out.published_at)!.toISOString();
  }
  return {
    ok: true,
    input: {
      title: out.title,
      slug: out.slug,
      excerpt: out.excerpt,
      imageUrl: out.image_url,
      publishedAt,
      category: out.category,
      content: out.content,
      author: out.author,
      keywords: out.keywords,
    },
  };
}
