import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { LEAD_SOURCES } from '../rules/lead-source';
import { TAP_CHANNELS } from '../rules/tap-channels';

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
    // Where the lead came from (src/leads/attribution.ts); null on leads stored before 0004.
    /** The page the form was sent from ('/contact'). */
    formPage: text('form_page'),
    /** The page the visitor was on before the form page, when it was one of ours. */
    previousPage: text('previous_page'),
    /** The other site that sent the visitor to the form page (an origin only). */
    referrerOrigin: text('referrer_origin'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    gclid: text('gclid'),
    /** search | advert | social | direct | other site, derived once by leadSource(). */
    source: text('source', { enum: LEAD_SOURCES }),
  },
  (table) => [
    index('leads_status_next_idx').on(table.status, table.nextAttemptAt),
    index('leads_created_idx').on(table.createdAt),
  ],
);

/**
 * Taps on the call, WhatsApp and e-mail links, counted from the browsers' `<a ping>` requests:
 * one row per UK day, page and channel, and nothing about who tapped.
 */
export const tapCounts = sqliteTable(
  'tap_counts',
  {
    /** The UK date of the taps, 'YYYY-MM-DD'. */
    day: text('day').notNull(),
    /** The page's path ('/contact'), or OTHER_PAGE for pages we do not list. */
    page: text('page').notNull(),
    channel: text('channel', { enum: TAP_CHANNELS }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.page, table.channel] })],
);

export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type Lead = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;
