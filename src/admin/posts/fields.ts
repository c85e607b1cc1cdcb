/**
 * The post editor's text fields, in form order (docs/spec.md §3 plus keywords, the cover's alt text and
 * the format). Browser-safe, with no imports: the server's form rules (post-form.ts), the
 * preview's hidden copy of the form and the editor island's autosave all list these.
 */
export const POST_FIELDS = [
  'title',
  'slug',
  'excerpt',
  'image_url',
  'image_alt',
  'published_at',
  'category',
  'format',
  'content',
  'author',
  'keywords',
] as const;
export type PostField = (typeof POST_FIELDS)[number];
