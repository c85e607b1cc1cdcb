import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The only schema. `npm run db:generate` turns changes here into a migration in migrations/.
 * Post dates are ISO 8601 text ('2025-03-05T09:00:00.000Z') so an owner can write them in SQL;
 * lead times are epoch milliseconds because the retry logic does arithmetic on them.
 */

export const posts = sqliteTable(
  'posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    excerpt: text('excerpt').notNull(),
    imageUrl: text('image_url').notNull(),
    publishedAt: text('published_at').notNull(),
    category: text('category').notNull(),
    content: text('content').notNull(),
    author: text('author').notNull(),
    /** How `content` is written: posts from before Markdown (and any inserted by SQL without it) are HTML. */
    format: text('format', { enum: ['html', 'markdown'] })
      .notNull()
      .default('html'),
    /** A draft is hidden from every public surface; a published post still waits for its published_at. */
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('published'),
    /** The cover picture's alt text; '' for the older posts, whose covers are decorative. */
    imageAlt: text('image_alt').notNull().default(''),
    updatedAt: text('updated_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [index('posts_published_at_idx').on(table.publishedAt)],
);

export const keywords = sqliteTable('keywords', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
});

export const postsKeywords = sqliteTable(
  'posts_keywords',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    keywordId: integer('keyword_id')
      .notNull()
      .references(() => keywords.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.postId, table.keywordId] }), index('posts_keywords_keyword_idx').on(table.keywordId)],
);

/** Every message a visitor sends: stored first, e-mailed after (the outbox). */
export const leads = sqliteTable(
  'leads',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['contact', 'quote'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    /** Quote requests: the property address. */
    address: text('address').notNull().default(''),
    /** Quote requests: the service slug, if one was chosen. */
    service: text('service').notNull().default(''),
    /** Contact: the message. Quote: the details. */
    message: text('message').notNull().default(''),
    /** pending: not tried yet; sent; retrying: a temporary failure; failed: gave up or refused; skipped: no mail key. */
    status: text('status', { enum: ['pending', 'sent', 'retrying', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: integer('next_attempt_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    sentAt: integer('sent_at'),
    handledAt: integer('handled_at'),
  },
  (table) => [
    index('leads_status_next_idx').on(table.status, table.nextAttemptAt),
    index('leads_created_idx').on(table.createdAt),
  ],
);

/**
 * Uploaded pictures for posts. `key` is the object's key in the MEDIA bucket, always under the
 * public prefix: 'media/<content hash>-<width>x<height>.<ext>' (src/media/keys.ts).
 */
export const media = sqliteTable(
  'media',
  {
    key: text('key').primaryKey(),
    /** The type judged from the file's first bytes, never the one the browser declared. */
    type: text('type', { enum: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] }).notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull(),
    uploadedAt: text('uploaded_at').notNull(),
  },
  (table) => [index('media_uploaded_at_idx').on(table.uploadedAt)],
);

export type Post = typeof posts.$inferSelect;
export type MediaRow = typeof media.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type Lead = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;
