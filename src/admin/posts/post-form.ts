import * as v from 'valibot';
import { markdownPictures } from '../../blog/markdown';
import type { PostInput } from '../../db/admin-posts';
import { parseMediaUrl } from '../../media/keys';
import { checkAlt, MAX_ALT_LENGTH } from '../../media/picture-rules';
import { formatCount } from '../../rules/count';
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '../../rules/slug';
import { isCleanText, isOneLine } from '../../rules/text';
import { londonLocalToUtc, utcToLondonLocal } from '../../rules/uk-time';
import { POST_FIELDS, type PostField } from './fields';

/** The post editor's rules and messages for its fields (./fields.ts), in one valibot schema. */
export { POST_FIELDS };
export type PostFormValues = Record<PostField, string>;
export type PostFormErrors = Partial<Record<PostField, string>>;

/**
 * The editor posts as multipart/form-data, which sends the text as it is (URL-encoding would
 * triple every '<'); with its picture files it has the upload routes' body limit (`UPLOAD_BODY_BYTES`).
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
export const isSiteImagePath = (value: string) => SITE_IMAGE_PATH.test(value) && !value.includes('..');

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

/**
 * Pictures in Markdown: each needs its alt text, and must be one of our uploads, whose URL
 * carries its size (so the page reserves its space and does not jump as it loads).
 */
function markdownPictureProblem(markdown: string): string | undefined {
  for (const picture of markdownPictures(markdown)) {
    if (!checkAlt(picture.alt).ok) {
      return `Every picture needs a description (alt text): write it between the brackets, like ![A blocked gully](${picture.src}).`;
    }
    if (!parseMediaUrl(picture.src)) {
      return `Upload the picture here rather than linking to it (${picture.src.slice(0, 80)}): use Add picture, or paste or drop it into the text.`;
    }
  }
  return undefined;
}

const postFields = v.object({
  title: text('title', POST_LIMITS.title, { required: 'Enter a title.', oneLine: true }),
  slug: v.pipe(
    text('slug', MAX_SLUG_LENGTH, { oneLine: true }),
    v.check(
      (value) => value === '' || SLUG_PATTERN.test(value),
      'Use lower-case letters, digits and single hyphens only, like blocked-drain-signs (or leave it empty).',
    ),
  ),
  // Optional: an empty excerpt is the text's first paragraph (post-defaults.ts).
  excerpt: v.pipe(
    text('excerpt', POST_LIMITS.excerpt),
    v.transform((value) => value.replace(/\s+/g, ' ')),
  ),
  // Optional: without a cover the post takes the first picture in its text, or the site's card.
  image_url: v.pipe(
    text('cover picture address', POST_LIMITS.imageUrl, { oneLine: true }),
    v.check(
      (value) => value === '' || isSiteImagePath(value),
      'Use an image on this site: a path starting with /, like /images/blog/blocked-drains.svg.',
    ),
  ),
  image_alt: text('cover picture description', MAX_ALT_LENGTH, { oneLine: true }),
  format: v.pipe(
    v.string(),
    v.transform((value) => (value === '' ? 'markdown' : value)),
    v.picklist(['markdown', 'html'], 'Choose Markdown or HTML.'),
  ),
  published_at: v.pipe(
    text('date', 40, { oneLine: true }),
    v.check((value) => value === '' || londonLocalToUtc(value) !== null, 'Enter a real date and time, like 01/07/2026 09:30.'),
  ),
  // Optional: empty is DEFAULT_CATEGORY.
  category: text('category', POST_LIMITS.category, { oneLine: true }),
  content: text('content', POST_LIMITS.content, { required: 'Write the post.' }),
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

const postSchema = v.pipe(
  postFields,
  v.forward(
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.value.format !== 'markdown') return;
      const message = markdownPictureProblem(dataset.value.content);
      if (message) addIssue({ message });
    }),
    ['content'],
  ),
  v.forward(
    v.check(
      (post) => post.image_url === '' || post.image_alt !== '',
      'Describe the cover picture in a few words (alt text), for people who cannot see it.',
    ),
    ['image_alt'],
  ),
);

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

/** What the editor knows about the stored post, for its date. */
export interface PreviousPost {
  publishedAt: string;
  status: PostInput['status'];
}

/**
 * The date to store. An empty field means now. A field still showing the stored date keeps it
 * to the second (the field has minutes only), except a draft's past date: that was when the
 * draft was saved, not when it went live, so publishing it (or saving it again) dates it now.
 */
function publishedAtOf(field: string, now: Date, previous?: PreviousPost): string {
  if (field === '') return now.toISOString();
  if (previous && utcToLondonLocal(previous.publishedAt) === field) {
    const stored = new Date(previous.publishedAt);
    return previous.status === 'draft' && stored <= now ? now.toISOString() : stored.toISOString();
  }
  return londonLocalToUtc(field)!.toISOString();
}

/** Validates the editor's values for a post to be saved as `status`. */
export function validatePost(
  values: PostFormValues,
  now: Date,
  options: { status?: PostInput['status']; previous?: PreviousPost } = {},
): PostValidation {
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
  return {
    ok: true,
    input: {
      title: out.title,
      slug: out.slug,
      excerpt: out.excerpt,
      imageUrl: out.image_url,
      imageAlt: out.image_alt,
      publishedAt: publishedAtOf(out.published_at, now, options.previous),
      category: out.category,
      content: out.content,
      format: out.format,
      status: options.status ?? 'published',
      author: out.author,
      keywords: out.keywords,
    },
  };
}
