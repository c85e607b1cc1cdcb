import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { INVOICE_KINDS, INVOICE_STATES } from '../rules/invoice-state';
import { JOB_STATUSES, LOST_REASONS } from '../rules/job-status';
import { LEAD_SOURCES } from '../rules/lead-source';
import { VAT_RATES } from '../rules/money';
import { LINE_KINDS } from '../rules/money-lines';
import { PAYMENT_METHODS } from '../rules/payment-method';
import { QUOTE_STATES } from '../rules/quote-state';
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
    /**
     * One more at every save: the editor form carries the one it was read from, and a save from an
     * older one is refused (two tabs on one post), naming `updatedBy`, who saved last.
     */
    revision: integer('revision').notNull().default(0),
    updatedBy: text('updated_by'),
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

/** Every message a visitor sends: stored first, e-mailed after (the outbox is `leadMessages`). */
export const leads = sqliteTable(
  'leads',
  {
    id: text('id').primaryKey(),
    /**
     * The form it came from: 'contact', or 'quote' for a visitor's free-quote *request*
     * (/free-quote, `QuoteRequestPage`) — never the owner's priced *quote*, which is a row of
     * `quotes` (src/quotes/, src/admin/quotes/). The stored word stays as the spec names the form.
     */
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
    /**
     * Before migration 0003 the owner's e-mail was sent from these five columns; 0003 copied each
     * lead's into a `leadMessages` row of kind 'owner', and nothing reads or writes them since (new
     * leads keep their defaults). They stay so no column moves under other migrations.
     */
    status: text('status', { enum: ['pending', 'sent', 'retrying', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: integer('next_attempt_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    sentAt: integer('sent_at'),
    /** When the lead was closed (done or lost; before 0007, marked handled); retention counts from it. */
    handledAt: integer('handled_at'),
    /** When the visitor would like a call back; '' when they did not say. */
    bestTime: text('best_time', { enum: ['', 'asap', 'morning', 'afternoon', 'evening'] })
      .notNull()
      .default(''),
    /** Quote requests: the address's postcode against the areas served (`checkServiceArea`); '' for contact messages. */
    areaCheck: text('area_check', { enum: ['', 'covered', 'outside', 'unknown'] })
      .notNull()
      .default(''),
    // Where the lead came from (`leadAttribution`); null on leads stored before 0004.
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
    // The lead as a job (`JOB_STATUSES`), from 0007; its history is in `leadEvents`.
    jobStatus: text('job_status', { enum: JOB_STATUSES }).notNull().default('new'),
    lostReason: text('lost_reason', { enum: LOST_REASONS }),
    /** Done: what the job was worth, in pence, when the owner said. */
    jobValuePence: integer('job_value_pence'),
    /** Booked: the UK date 'YYYY-MM-DD' and the arrival window 'HH:MM' to 'HH:MM', UK time. */
    bookedDay: text('booked_day'),
    bookedFrom: text('booked_from'),
    bookedTo: text('booked_to'),
    /** The random key behind the customer's request link /r/<token> (`requestToken`); null until booked. */
    requestKey: text('request_key'),
    /** When the customer followed the review link (through our redirect), and when they asked for no more requests. */
    reviewClickedAt: integer('review_clicked_at'),
    reviewsStoppedAt: integer('reviews_stopped_at'),
    /** When the customer asked for no more quote reminders (0027, from the link in a reminder); null while they come. */
    quoteRemindersStoppedAt: integer('quote_reminders_stopped_at'),
    /**
     * A walk-in (0027): the owner wrote a quote for someone who sent no request, and sending it made
     * this lead. Never counted as a form's lead; its status starts at contacted (they have spoken).
     */
    walkIn: integer('walk_in', { mode: 'boolean' }).notNull().default(false),
    /**
     * A random id of the lead's last change of job state (0009; null before its first). Every
     * change is written only where this is still the one it read, and sets its own: two changes
     * made from the same reading cannot both take, and what goes with a change (its timeline entry,
     * its e-mails) is inserted only where the lead carries that change's id (`recordJobChange`).
     */
    stateChange: text('state_change'),
    /**
     * Who goes to the booked job (0011): a person's id, or null for the owner (the first owner
     * still here; jobs booked before 0011). No foreign key: people are never deleted, only marked
     * removed, and a job of a removed person keeps their name until it is given to someone else.
     */
    assignedTo: integer('assigned_to'),
    /**
     * The iCalendar SEQUENCE of the visit's event (0012): one higher each time the visit is booked
     * or moved, so a calendar replaces the event it has (same UID) instead of adding another.
     */
    bookingSequence: integer('booking_sequence').notNull().default(0),
    /**
     * Match keys (0013, `matchKeysOf`): a customer who comes back has a key equal to an
     * earlier lead's. '' where the lead has none; null on older leads until the cron keys them.
     */
    matchPhone: text('match_phone'),
    matchEmail: text('match_email'),
    matchPlace: text('match_place'),
    /**
     * When someone in the admin first answered the lead (0032): the `created_at` of its earliest
     * timeline entry of kind 'status' or 'called' whose actor is neither 'customer' nor 'system';
     * null while it has none. Derived, kept only by a trigger on lead_events of that migration
     * (timeline entries are never changed, and deleted only with their lead): the dashboard's
     * answer time reads it instead of each lead's timeline.
     */
    firstAnsweredAt: integer('first_answered_at'),
  },
  (table) => [
    index('leads_assigned_day_idx').on(table.assignedTo, table.bookedDay),
    // The inbox's keyset pages, newest first with the id breaking ties (0022); with the first
    // answer (0032) it also covers the dashboard's answer times, read from this index alone.
    index('leads_created_id_idx').on(table.createdAt, table.id, table.firstAnsweredAt),
    // Retention (0022): handled leads by when they were handled, never handled ones by when they came.
    index('leads_handled_created_idx').on(table.handledAt, table.createdAt),
    // The schedule's week (0022).
    index('leads_status_day_idx').on(table.jobStatus, table.bookedDay),
    uniqueIndex('leads_request_key_unique').on(table.requestKey),
    index('leads_job_status_idx').on(table.jobStatus, table.createdAt),
    // The dashboard's leads to contact (0024): 'as soon as possible' ones, then the others, each newest first.
    index('leads_status_best_time_idx').on(table.jobStatus, table.bestTime, table.createdAt, table.id),
    index('leads_match_phone_idx').on(table.matchPhone, table.createdAt),
    index('leads_match_email_idx').on(table.matchEmail, table.createdAt),
    index('leads_match_place_idx').on(table.matchPlace, table.createdAt),
  ],
);

/** An e-mail not delivered: failed, being retried, or never sent (written as literals, so the partial index serves it). */
export const UNDELIVERED_STATUSES = sql.raw(`('failed', 'retrying', 'skipped')`);

/**
 * The outbox: each e-mail a lead sends, with its own delivery state, so one failing never
 * resends or holds up another. 'owner' is the notification to the business, 'customer' the
 * confirmation to the visitor. Deleted with its lead.
 */
export const leadMessages = sqliteTable(
  'lead_messages',
  {
    id: text('id').primaryKey(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /**
     * owner: the new lead to the business; customer: the confirmation; booking: the booking to the
     * customer (with its .ics); notice: a customer's request to the business; review and reminder:
     * the review request and its one reminder (sent at nextAttemptAt, re-checked when due); visit:
     * the customer's reminder the evening before a booked visit (`visitReminderFor`); engineer: an
     * engineer told of a job given to them, moved or taken off them (`engineerNotices`; `about` says which);
     * on-my-way: the engineer is coming (once per lead); report: the job report's link once it is finished;
     * quote-answer: the customer accepted or declined a quote, to the business (`about`: the quote);
     * payment: a card payment came in, to the business; receipt: a payment's receipt to the customer (`about`: the payment).
     */
    kind: text('kind', {
      enum: [
        'owner',
        'customer',
        'booking',
        'notice',
        'review',
        'reminder',
        'visit',
        'quote',
        'accepted',
        'quote-reminder',
        'engineer',
        'on-my-way',
        'report',
        'invoice',
        'invoice-reminder',
        'credit-note',
        'quote-answer',
        'payment',
        'receipt',
      ],
    }).notNull(),
    /** pending: not tried yet; sent; retrying: a temporary failure; failed: gave up or refused; skipped: no mail key. */
    /** …; cancelled: no longer wanted when due (a review request after a stop, a click or a reopened job). */
    status: text('status', { enum: ['pending', 'sent', 'retrying', 'failed', 'skipped', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: integer('next_attempt_at'),
    sentAt: integer('sent_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** A notice's subject: 'rebook' or 'cancel'; a visit reminder's booked day; a booking's 'moved' when it moves a visit; an engineer's notice, what and whom (`engineerNoticeAbout`); '' for the rest. */
    about: text('about').notNull().default(''),
  },
  (table) => [
    uniqueIndex('lead_messages_lead_kind_unique')
      .on(table.leadId, table.kind)
      .where(sql`${sql.identifier('kind')} IN ('owner', 'customer', 'review', 'reminder')`),
    index('lead_messages_status_next_idx').on(table.status, table.nextAttemptAt),
    // Every lookup of a lead's e-mails, of any kind, whether the kind is bound or written (0022).
    index('lead_messages_lead_kind_idx').on(table.leadId, table.kind),
    // The inbox's 'Not delivered' (0027): the leads of the e-mails not delivered, read from this
    // index alone (it covers the look-up), never from the e-mails delivered. Used only where the
    // statement names the same statuses as literals.
    index('lead_messages_undelivered_idx')
      .on(table.status, table.leadId)
      .where(sql`${sql.identifier('status')} IN ${UNDELIVERED_STATUSES}`),
  ],
);

/**
 * Uploaded pictures for posts. `key` is the object's key in the MEDIA bucket, always under the
 * public prefix: 'media/<content hash>-<width>x<height>.<ext>' (`mediaKeyFor`).
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

/**
 * Which post shows which uploaded picture, as its cover or anywhere in its text (0024): the media
 * page's "used in" without searching every post's text for each picture. Written only by the
 * triggers on posts and media, in the same statement as each save, upload or deletion.
 */
export const postMedia = sqliteTable(
  'post_media',
  {
    mediaKey: text('media_key').notNull(),
    postId: integer('post_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.mediaKey, table.postId] }), index('post_media_post_idx').on(table.postId)],
);

/** Photos sent with a lead: the R2 object (private, under leads/) and what it is. Deleted with its lead. */
export const leadPhotos = sqliteTable(
  'lead_photos',
  {
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** 1, 2 or 3, in the order the visitor attached them. */
    position: integer('position').notNull(),
    /** The R2 key: leads/<lead id>/<position>-<sha-256 of the bytes>.<ext>. */
    key: text('key').notNull(),
    /** The type judged from the file's first bytes (`sniffImageType`), never the one the browser sent. */
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    /**
     * The small version the customer's browser drew for the admin's thumbnails (longest side at
     * most 480 px; `checkSmallPhoto` checks it): leads/<lead id>/<position>-small-<sha-256>.<ext>,
     * deleted with the photo. Null when none came (no JavaScript, or an older photo): the admin
     * shows the original.
     */
    smallKey: text('small_key'),
    smallType: text('small_type', { enum: ['image/jpeg', 'image/webp'] }),
    smallWidth: integer('small_width'),
    smallHeight: integer('small_height'),
  },
  (table) => [primaryKey({ columns: [table.leadId, table.position] })],
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

/**
 * The taps of each UK week (its Monday), page and channel (0024): the dashboard's eight weeks in
 * a few hundred rows, not every day's. Written only by the triggers on tap_counts, in the same
 * statement as each tap.
 */
export const tapWeekCounts = sqliteTable(
  'tap_week_counts',
  {
    /** The Monday of the taps' UK week, 'YYYY-MM-DD'. */
    week: text('week').notNull(),
    page: text('page').notNull(),
    channel: text('channel', { enum: TAP_CHANNELS }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.week, table.page, table.channel] })],
);

/**
 * A lead's timeline: status changes (`status`, with the booking, value or lost reason in words in
 * `detail`), the owner's notes (`detail` is the note) and the customer's requests from their page.
 * `actor` says who: 'owner' today (`actorOf`), 'customer', or 'system'. Deleted with its lead.
 */
export const leadEvents = sqliteTable(
  'lead_events',
  {
    id: text('id').primaryKey(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    actor: text('actor').notNull(),
    /**
     * called: someone in the admin tapped the lead page's Call or WhatsApp button (detail: which).
     * assigned: the job was given to someone else (detail: their name), its status unchanged.
     */
    kind: text('kind', { enum: ['status', 'note', 'rebook', 'cancel', 'called', 'assigned', 'quote', 'invoice'] }).notNull(),
    status: text('status', { enum: JOB_STATUSES }),
    detail: text('detail').notNull().default(''),
  },
  (table) => [
    index('lead_events_lead_idx').on(table.leadId, table.createdAt),
    // The dashboard's "booked at some time" (0024): one look-up a lead, not a read of its timeline.
    index('lead_events_booked_idx').on(table.leadId).where(sql`${table.status} = 'booked'`),
  ],
);

/**
 * How many leads there are of each job status and form (0022): the inbox's "N leads" without
 * counting every lead. Written only by the triggers of migration 0022, in the same transaction as
 * each insert, deletion or change of status of a lead.
 *
 * The same migration keeps `leads_search`, an FTS5 table Drizzle cannot declare: a contentless
 * trigram index of each lead's name, e-mail, address (also without spaces) and message, keyed by
 * the lead's rowid and kept in step by triggers on leads (`searchWhere` reads it).
 */
export const leadCounts = sqliteTable(
  'lead_counts',
  {
    jobStatus: text('job_status', { enum: JOB_STATUSES }).notNull(),
    kind: text('kind', { enum: ['contact', 'quote'] }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.jobStatus, table.kind] })],
);

/** How many posts there are of each status (0022), kept by triggers on posts: /blog's page count. */
export const postCounts = sqliteTable('post_counts', {
  status: text('status', { enum: ['draft', 'published'] }).primaryKey(),
  n: integer('n').notNull().default(0),
});

/**
 * The leads of each UK week (the Monday of the day they arrived), form, source and landing page
 * (0027): the dashboard's eight weeks in a few hundred rows, however many years of leads lie
 * behind them. `booked` counts those booked at some time (still booked, asked to move, cancelled,
 * done, or with a 'booked' event in their timeline), `doneValuePence` the value of those done.
 * Written only by triggers on leads and lead_events (through the view `lead_week_keys`, which
 * Drizzle cannot declare), in the same statement as each change. '' stands for a source or
 * landing page not recorded.
 */
export const leadWeekCounts = sqliteTable(
  'lead_week_counts',
  {
    /** The Monday of the leads' UK week, 'YYYY-MM-DD'. */
    week: text('week').notNull(),
    kind: text('kind', { enum: ['contact', 'quote'] }).notNull(),
    source: text('source').notNull(),
    landing: text('landing').notNull(),
    leads: integer('leads').notNull().default(0),
    booked: integer('booked').notNull().default(0),
    doneValuePence: integer('done_value_pence').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.week, table.kind, table.source, table.landing] })],
);

export type Post = typeof posts.$inferSelect;
export type MediaRow = typeof media.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type Lead = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;
export type LeadMessage = typeof leadMessages.$inferSelect;
export type LeadMessageKind = LeadMessage['kind'];
export type MessageStatus = LeadMessage['status'];
export type LeadPhoto = typeof leadPhotos.$inferSelect;
export type BestTime = Lead['bestTime'];
export type LeadEvent = typeof leadEvents.$inferSelect;

/**
 * The owner's site content (`SiteContent`), whole, one row per save: the newest row
 * is what the site shows; older rows are the history a save can be undone from. No row: the
 * defaults in code (revision 0). `author` says who saved it; no personal data of customers.
 */
export const contentRevisions = sqliteTable('content_revisions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  createdAt: integer('created_at').notNull(),
  author: text('author').notNull(),
  /** What changed, in words ("Business facts", "Restored revision 3"). */
  summary: text('summary').notNull(),
  /** The whole SiteContent as JSON. */
  content: text('content').notNull(),
});

/**
 * Public pages of a content revision kept for every data centre (`readKept`, `writeKept`, which
 * reads and writes it with plain statements: the front door evaluates no query builder).
 */
export const keptPages = sqliteTable('kept_pages', {
  /** The page cache's key: the path, with the query parameters that make another page. */
  key: text('key').primaryKey(),
  /** The Worker version that rendered it: another deploy's copy is never served. */
  version: text('version').notNull(),
  revision: integer('revision').notNull(),
  /** The headers as sent, whether it holds form placeholders, and when it expires, as JSON. */
  meta: text('meta').notNull(),
  body: text('body').notNull(),
});

/** Who signs in to the admin (issue 26). The first owner is the person ADMIN_TOKEN signs in as. */
export const people = sqliteTable(
  'people',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** Where an invitation went; the first owner has none. */
    email: text('email'),
    /** Owner: everything. Office: leads, quotes, invoices, payments, posts, pictures. Engineer (0011): only the jobs assigned to them. */
    role: text('role', { enum: ['owner', 'office', 'engineer'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    /** Removed people stay (the audit log names them) but sign in no more. */
    removedAt: integer('removed_at'),
  },
  (table) => [uniqueIndex('people_email_unique').on(table.email)],
);

/** A signed-in device: the cookie holds a random id, this row only its HMAC. */
export const adminSessions = sqliteTable(
  'admin_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    secretHash: text('secret_hash').notNull(),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** A name for the device, from its browser's user agent ("Chrome on Android"). */
    device: text('device').notNull(),
    method: text('method', { enum: ['token', 'passkey', 'invite'] }).notNull(),
    remember: integer('remember', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at').notNull(),
  },
  (table) => [
    uniqueIndex('admin_sessions_secret_unique').on(table.secretHash),
    index('admin_sessions_person_idx').on(table.personId),
  ],
);

export const passkeys = sqliteTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    /** Space-separated transports the authenticator named. */
    transports: text('transports').notNull().default(''),
    device: text('device').notNull(),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at'),
  },
  (table) => [index('passkeys_person_idx').on(table.personId)],
);

/** One WebAuthn ceremony's challenge: deleted when it is answered, so it answers once. */
export const webauthnChallenges = sqliteTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
  personId: integer('person_id').references(() => people.id, { onDelete: 'cascade' }),
  expiresAt: integer('expires_at').notNull(),
});

/** An invitation: a single-use link (only its hash stored), and its e-mail's outbox state. */
export const invites = sqliteTable(
  'invites',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The link's token is HMAC(nonce) under a key derived from ADMIN_TOKEN (`inviteTokenFor`). */
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    mailStatus: text('mail_status', { enum: ['pending', 'sent', 'retrying', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailError: text('mail_error'),
    mailNextAttemptAt: integer('mail_next_attempt_at'),
  },
  (table) => [
    uniqueIndex('invites_token_unique').on(table.tokenHash),
    index('invites_mail_idx').on(table.mailStatus, table.mailNextAttemptAt),
  ],
);

/** Who did what to which object, and when: never personal data (`recordAudit`). */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at').notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
  },
  (table) => [index('audit_log_at_idx').on(table.at)],
);

export type Person = typeof people.$inferSelect;
export type Role = Person['role'];
export type AdminSessionRow = typeof adminSessions.$inferSelect;
export type Passkey = typeof passkeys.$inferSelect;
export type Invite = typeof invites.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;

/**
 * A device that takes alerts (issue 36): one browser's Web Push subscription, stored for the
 * person signed in on it. The endpoint is the push service's address for that browser; p256dh
 * and auth are its keys, which every alert is encrypted to (RFC 8291). Deleted with its person,
 * with the session that turned it on when that device is signed out, and at once when the push
 * service says it is gone (404 or 410).
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** A name for the device, from its browser's user agent ("Chrome on Android"). */
    device: text('device').notNull(),
    /**
     * The sign-in that turned alerts on (0015): signing that device out deletes this row. Null when
     * its session ran out rather than being signed out (alerts go on), or turned on before 0015.
     */
    sessionId: integer('session_id').references(() => adminSessions.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    /** When an alert last reached its push service. */
    lastSentAt: integer('last_sent_at'),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint),
    index('push_subscriptions_person_idx').on(table.personId),
    index('push_subscriptions_session_idx').on(table.sessionId),
  ],
);

/**
 * Each person's choice of alerts, and their quiet hours (UK time, 'HH:MM'; both null: none).
 * No row: every alert, no quiet hours.
 */
export const alertSettings = sqliteTable('alert_settings', {
  personId: integer('person_id')
    .primaryKey()
    .references(() => people.id, { onDelete: 'cascade' }),
  newLeads: integer('new_leads', { mode: 'boolean' }).notNull().default(true),
  customerRequests: integer('customer_requests', { mode: 'boolean' }).notNull().default(true),
  undelivered: integer('undelivered', { mode: 'boolean' }).notNull().default(true),
  quietFrom: text('quiet_from'),
  quietTo: text('quiet_to'),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * The alerts' outbox: one row per alert and device, with the e-mails' delivery states and retry
 * rule (`deliverQueuedAlerts`). It holds no text: the alert is written from the lead when it is sent,
 * so nothing personal is stored twice. About a lead or, once a lead is erased, an erasure notice
 * (exactly one of them, migration 0020); deleted with it or with its device.
 */
export const pushMessages = sqliteTable(
  'push_messages',
  {
    id: text('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    leadId: text('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    /** An erased lead's cancellation given up (kind undelivered): the notice it shows. */
    noticeId: text('notice_id').references(() => erasureNotice.id, { onDelete: 'cascade' }),
    /**
     * new-lead; cancel and rebook: the customer's request; undelivered: an e-mail to the customer failed for good;
     * job-given, job-moved, job-off: to the devices of the one person a job was given to, moved for or taken off;
     * payment: money in (or a refund) through Stripe on a customer's invoice.
     */
    kind: text('kind', {
      enum: ['new-lead', 'cancel', 'rebook', 'undelivered', 'question', 'quote', 'job-given', 'job-moved', 'job-off', 'payment'],
    }).notNull(),
    /** "As soon as possible": it breaks through quiet hours. */
    urgent: integer('urgent', { mode: 'boolean' }).notNull().default(false),
    /** pending, sent, retrying, failed as an e-mail's; cancelled: not wanted when due (alert switched off). */
    status: text('status', { enum: ['pending', 'sent', 'retrying', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: integer('next_attempt_at'),
    sentAt: integer('sent_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    index('push_messages_status_next_idx').on(table.status, table.nextAttemptAt),
    index('push_messages_lead_idx').on(table.leadId, table.createdAt),
    index('push_messages_notice_idx').on(table.noticeId),
    index('push_messages_subscription_idx').on(table.subscriptionId),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type AlertSettings = typeof alertSettings.$inferSelect;
export type PushMessage = typeof pushMessages.$inferSelect;
export type AlertKind = PushMessage['kind'];

/** A person's private calendar feed (issue 37): the SHA-256 of its random token, never the token. */
export const calendarFeeds = sqliteTable(
  'calendar_feeds',
  {
    personId: integer('person_id')
      .primaryKey()
      .references(() => people.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [uniqueIndex('calendar_feeds_token_hash_unique').on(table.tokenHash)],
);

/**
 * The cancellation an erased lead's customer is still owed (a visit ahead, their calendar holding
 * it): the rendered e-mail as JSON, deleted once sent or given up (`sendDueErasureMails`).
 */
export const erasureMail = sqliteTable(
  'erasure_mail',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    createdAt: integer('created_at').notNull(),
    /** The visit's day and hours (migration 0020; null on older rows): what the owner is told if the e-mail is given up. */
    visitDay: text('visit_day'),
    visitFrom: text('visit_from'),
    visitTo: text('visit_to'),
  },
  (table) => [index('erasure_mail_next_idx').on(table.nextAttemptAt)],
);

export type ErasureMail = typeof erasureMail.$inferSelect;

/**
 * An erased lead's cancellation given up: the owner is told on the dashboard and the inbox that
 * a customer whose details were erased was not told their visit is off. The visit's day and
 * hours only, nothing of the customer; deleted when marked dealt with or once the day is over.
 */
export const erasureNotice = sqliteTable(
  'erasure_notice',
  {
    id: text('id').primaryKey(),
    visitDay: text('visit_day').notNull(),
    visitFrom: text('visit_from').notNull(),
    visitTo: text('visit_to').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('erasure_notice_day_idx').on(table.visitDay)],
);

export type ErasureNotice = typeof erasureNotice.$inferSelect;

/**
 * Quotes (issue 48): one row per version. A draft is edited; sending numbers it (Q-YYYY-NNNN,
 * from `quoteCounters` in the same batch) and it never changes again: "Revise" makes the next
 * version of the same chain, which supersedes the earlier when sent. The customer's details are a
 * snapshot, so a quote reads the same after the lead changes or is erased (lead_id then null).
 * `row_version` is what each form read: every write is conditional on it (src/db/quotes.ts).
 */
export const quotes = sqliteTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    /** The first version's id: the versions of one quote share it. */
    chainId: text('chain_id').notNull(),
    version: integer('version').notNull().default(1),
    /** Q-2026-0001, given when the first version is sent; later versions keep it. */
    number: text('number'),
    leadId: text('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull().default(''),
    customerAddress: text('customer_address').notNull().default(''),
    service: text('service').notNull().default(''),
    /** A business customer: no consumer cancellation rights, prices shown before VAT. */
    business: integer('business', { mode: 'boolean' }).notNull().default(false),
    state: text('state', { enum: QUOTE_STATES }).notNull().default('draft'),
    validDays: integer('valid_days').notNull().default(30),
    /** Epoch ms the quote stands until; set when sent. */
    validUntil: integer('valid_until'),
    notes: text('notes').notNull().default(''),
    /** The terms as they were when the version was written. */
    terms: text('terms').notNull().default(''),
    vatRegistered: integer('vat_registered', { mode: 'boolean' }).notNull().default(true),
    rowVersion: integer('row_version').notNull().default(1),
    /** A random id of the last write: what goes with a write (its lines, timeline, e-mail) is written only where it took. */
    lastWrite: text('last_write').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    sentAt: integer('sent_at'),
    viewedAt: integer('viewed_at'),
    /** When it was accepted, declined, withdrawn, expired or superseded. */
    closedAt: integer('closed_at'),
    declineReason: text('decline_reason').notNull().default(''),
    /**
     * The deposit asked on acceptance (0027), at most one of the two: a share of the total the
     * customer accepts, in whole percent, or a fixed amount in pence (never more than that total:
     * `depositOf`). Taking it is the invoices' (issue 49).
     */
    depositPercent: integer('deposit_percent'),
    depositPence: integer('deposit_pence'),
  },
  (table) => [
    uniqueIndex('quotes_chain_version_unique').on(table.chainId, table.version),
    index('quotes_state_sent_idx').on(table.state, table.sentAt),
    index('quotes_lead_idx').on(table.leadId),
    // The quotes list, the latest changed first (issue 51: read from the top, not sorted whole).
    index('quotes_updated_idx').on(table.updatedAt),
  ],
);

/** A quote version's lines, in order; written with the draft, never changed once it is sent. */
export const quoteLines = sqliteTable(
  'quote_lines',
  {
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    kind: text('kind', { enum: LINE_KINDS }).notNull(),
    quantityMilli: integer('quantity_milli').notNull(),
    unitPence: integer('unit_pence').notNull(),
    vatRate: text('vat_rate', { enum: VAT_RATES }).notNull(),
    optional: integer('optional', { mode: 'boolean' }).notNull().default(false),
    group: text('line_group').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.quoteId, table.position] })],
);

/** The quote numbers given, one row a year: the next number is `last + 1`, taken in the sending batch. */
export const quoteCounters = sqliteTable('quote_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * An accepted version as the customer saw it: their choices, the totals, the terms, the typed
 * name and, for a consumer, whether they asked for work to start within the 14 days (with the
 * wording's version). `canonical` is that record's canonical JSON and `hash` its SHA-256, printed
 * on every copy. Kept as the accounting retention requires; never updated.
 */
export const quoteAcceptances = sqliteTable(
  'quote_acceptances',
  {
    quoteId: text('quote_id')
      .primaryKey()
      .references(() => quotes.id),
    acceptedAt: integer('accepted_at').notNull(),
    typedName: text('typed_name').notNull(),
    choices: text('choices').notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    grossPence: integer('gross_pence').notNull(),
    /** The deposit asked on acceptance, worked out on the total accepted (0027); 0 when none was asked. */
    depositPence: integer('deposit_pence').notNull().default(0),
    terms: text('terms').notNull(),
    /** null for a business customer (no cancellation rights to waive). */
    expressStart: integer('express_start', { mode: 'boolean' }),
    wordingVersion: text('wording_version').notNull(),
    canonical: text('canonical').notNull(),
    hash: text('hash').notNull(),
  },
  // Retention deletes the oldest first, once their accounting years are over (0027).
  (table) => [index('quote_acceptances_accepted_idx').on(table.acceptedAt)],
);

export type Quote = typeof quotes.$inferSelect;
export type QuoteLine = typeof quoteLines.$inferSelect;
export type QuoteAcceptance = typeof quoteAcceptances.$inferSelect;
export type NewQuoteAcceptance = typeof quoteAcceptances.$inferInsert;

/*
 * The engineer on site (issue 50). Every item an engineer sends from the job page carries an
 * `item_key`, a UUID the page (or the phone's queue, which replays forms sent without signal)
 * gives it: each table's primary key, so an item sent twice is stored once. Each row names the
 * person who sent it, and goes with its lead (privacy: `deleteLeadRows`).
 */

/** "On my way", "Arrived", "Finished": when, and who. */
export const siteEvents = sqliteTable(
  'site_events',
  {
    itemKey: text('item_key').primaryKey(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    personId: integer('person_id').notNull(),
    kind: text('kind', { enum: ['on-my-way', 'arrived', 'finished'] }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('site_events_lead_idx').on(table.leadId, table.createdAt)],
);

/** The engineer's notes: what was found, what was done, what is recommended (each may be empty, not all). */
export const siteNotes = sqliteTable(
  'site_notes',
  {
    itemKey: text('item_key').primaryKey(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    personId: integer('person_id').notNull(),
    found: text('found').notNull().default(''),
    done: text('done').notNull().default(''),
    recommended: text('recommended').notNull().default(''),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('site_notes_lead_idx').on(table.leadId, table.createdAt)],
);

/**
 * Photos and short videos taken on site: the R2 object (private, under site/<lead id>/), its type
 * judged from its first bytes, before or after the work. `inReport`: the owner's choice for the
 * customer's report; null is the default (every "after" photo).
 */
export const siteMedia = sqliteTable(
  'site_media',
  {
    itemKey: text('item_key').primaryKey(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    personId: integer('person_id').notNull(),
    key: text('key').notNull(),
    kind: text('kind', { enum: ['photo', 'video'] }).notNull(),
    stage: text('stage', { enum: ['before', 'after'] }).notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    inReport: integer('in_report', { mode: 'boolean' }),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('site_media_lead_idx').on(table.leadId, table.createdAt)],
);

/**
 * The owner's checklist for a service (its slug): the questions as JSON (`questionsFromJson`),
 * each with its answer type (and a number's unit) and whether the customer's report shows its
 * answer. `version` is what the owner's form read: a save from an older reading is refused.
 */
export const checklistTemplates = sqliteTable('checklist_templates', {
  service: text('service').primaryKey(),
  questions: text('questions').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * A checklist answer, saved as it is ticked: the latest per question is the answer. The question's
 * words and whether the customer sees it are copied in, so a report reads the same after the owner
 * edits the checklist.
 */
export const siteAnswers = sqliteTable(
  'site_answers',
  {
    itemKey: text('item_key').primaryKey(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    personId: integer('person_id').notNull(),
    questionId: text('question_id').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    forCustomer: integer('for_customer', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('site_answers_lead_idx').on(table.leadId, table.questionId, table.createdAt)],
);

/** The customer's signature: a PNG in R2 with the name they typed, or "customer not present" (no key). */
export const siteSignatures = sqliteTable(
  'site_signatures',
  {
    itemKey: text('item_key').primaryKey(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    personId: integer('person_id').notNull(),
    key: text('key'),
    typedName: text('typed_name').notNull().default(''),
    notPresent: integer('not_present', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('site_signatures_lead_idx').on(table.leadId, table.createdAt)],
);

/** The owner's on-site settings, one row (id 1); none: "Finished" leaves marking done to the owner. */
export const siteSettings = sqliteTable('site_settings', {
  id: integer('id').primaryKey(),
  finishMarksDone: integer('finish_marks_done', { mode: 'boolean' }).notNull().default(false),
  updatedAt: integer('updated_at').notNull(),
});

export type SiteEvent = typeof siteEvents.$inferSelect;
export type SiteNote = typeof siteNotes.$inferSelect;
export type SiteMedia = typeof siteMedia.$inferSelect;
export type SiteAnswer = typeof siteAnswers.$inferSelect;
export type SiteSignature = typeof siteSignatures.$inferSelect;
/**
 * Invoices (issue 49). A draft has no number and may be edited or deleted; issuing takes the next
 * number of one unbroken sequence from `numberCounters` in the same batch that marks it issued, and
 * from then on it is never edited or deleted: a credit note cancels all or part of it. The
 * customer's and the business's details are a snapshot, so an issued invoice reads the same after
 * the lead or the site's facts change. Money in pence; `version` is what each form read, and every
 * write (issue, payment, credit) is conditional on it (src/db/invoices.ts).
 */
/** What an invoice bills after deposits and credit notes, as the refund-owed index and its readers write it. */
export const REFUND_OWED_BILLED = sql`${sql.identifier('gross_pence')} - ${sql.identifier('less_deposit_pence')} - ${sql.identifier('amount_credited_pence')}`;

export const invoices = sqliteTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    /** The job (a lead) billed; null for a walk-in customer or once the lead is erased. */
    leadId: text('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** The accepted quote it came from, if any. */
    quoteId: text('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('final'),
    /** INV-0001, given when issued; null on a draft. */
    number: text('number'),
    state: text('state', { enum: INVOICE_STATES }).notNull().default('draft'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull().default(''),
    customerAddress: text('customer_address').notNull().default(''),
    /** A business customer: late-payment interest may be claimed; prices read before VAT. */
    business: integer('business', { mode: 'boolean' }).notNull().default(false),
    notes: text('notes').notNull().default(''),
    /** Days from issue to due; 0 is "on completion" (due on the day it is issued). */
    termsDays: integer('terms_days').notNull().default(14),
    /** Snapshots taken when issued: whether VAT was charged, and whether the short (simplified) form was used. */
    vatRegistered: integer('vat_registered', { mode: 'boolean' }).notNull().default(true),
    simplified: integer('simplified', { mode: 'boolean' }).notNull().default(false),
    /** The business as it was when issued (name, address, VAT number, bank details): JSON. */
    seller: text('seller').notNull().default(''),
    /** Epoch ms: when the work was done (the basic tax point), when issued, the time of supply, when due. */
    suppliedAt: integer('supplied_at'),
    issuedAt: integer('issued_at'),
    taxPointAt: integer('tax_point_at'),
    dueAt: integer('due_at'),
    netPence: integer('net_pence').notNull().default(0),
    vatPence: integer('vat_pence').notNull().default(0),
    grossPence: integer('gross_pence').notNull().default(0),
    /** A final invoice: deposits already paid on the same quote, taken off what is due. */
    lessDepositPence: integer('less_deposit_pence').notNull().default(0),
    amountPaidPence: integer('amount_paid_pence').notNull().default(0),
    amountCreditedPence: integer('amount_credited_pence').notNull().default(0),
    version: integer('version').notNull().default(1),
    /** A random id of the last write: what goes with a write (its lines, e-mails) is written only where it took. */
    lastWrite: text('last_write').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.number),
    index('invoices_state_due_idx').on(table.state, table.dueAt),
    index('invoices_lead_idx').on(table.leadId),
    index('invoices_quote_idx').on(table.quoteId),
    // Retention deletes the oldest issued first, once their financial years are over; the
    // accountant's export reads them in (issued_at, id) order from its cursor.
    index('invoices_issued_idx').on(table.issuedAt, table.id),
    // The invoices list's settled ones, the latest changed first (issue 51: read from the top, not sorted whole).
    index('invoices_updated_idx').on(table.updatedAt),
    // The invoices list's drafts and settled ones, each state read on its own from its latest
    // changed and stopped at the page (issue 56), never merged and sorted whole.
    index('invoices_state_updated_idx').on(table.state, table.updatedAt),
    // The invoices paid more than they bill (a refund owed): the dashboard reads these and no other.
    index('invoices_refund_owed_idx')
      .on(table.updatedAt)
      .where(sql`${sql.identifier('amount_paid_pence')} > ${REFUND_OWED_BILLED}`),
  ],
);

/**
 * What is still owed on the owed invoices (issued or part paid) falling due in each UTC month
 * (0036, issue 56): the dashboard's "over 90 days late" from a row a month, however many years of
 * unpaid invoices lie behind it, with only the month the 90 days end in read from the invoices.
 * Written only by triggers on invoices, in the same statement as each change to an invoice's
 * state, due date or sums, so it cannot drift from them. `month` is 'YYYY-MM' of `due_at` in UTC.
 */
export const owedByDueMonth = sqliteTable('owed_by_due_month', {
  month: text('month').primaryKey(),
  owedPence: integer('owed_pence').notNull().default(0),
  invoices: integer('invoices').notNull().default(0),
});

/** An invoice's lines, in order, as in quotes (kind, quantity in thousandths, unit price, VAT rate); frozen once issued. */
export const invoiceLines = sqliteTable(
  'invoice_lines',
  {
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    kind: text('kind', { enum: LINE_KINDS }).notNull(),
    quantityMilli: integer('quantity_milli').notNull(),
    unitPence: integer('unit_pence').notNull(),
    vatRate: text('vat_rate', { enum: VAT_RATES }).notNull(),
    /**
     * The line's VAT when it is set, not worked out from its net: a deposit's part at one rate (its
     * VAT the fraction of what was paid, so the parts add up to the deposit to the penny) and a
     * final invoice's line taking that deposit off (the same VAT, negative). Null: net × rate.
     */
    vatPence: integer('vat_pence'),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.position] })],
);

/**
 * A credit note cancels all or part of an issued invoice. Numbered (CN-0001, its own sequence from
 * `numberCounters`) when written, in the same batch that adds its gross to the invoice's
 * `amount_credited_pence`; never edited or deleted.
 */
export const creditNotes = sqliteTable(
  'credit_notes',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id),
    number: text('number').notNull(),
    reason: text('reason').notNull().default(''),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    grossPence: integer('gross_pence').notNull(),
    issuedAt: integer('issued_at').notNull(),
  },
  (table) => [
    uniqueIndex('credit_notes_number_unique').on(table.number),
    index('credit_notes_invoice_idx').on(table.invoiceId),
    // The dashboard's month and the export's keyset (time, id) (issue 51).
    index('credit_notes_issued_idx').on(table.issuedAt, table.id),
  ],
);

/** A credit note's lines: what it takes back, line by line, at the invoice's VAT rates. */
export const creditNoteLines = sqliteTable(
  'credit_note_lines',
  {
    creditNoteId: text('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    kind: text('kind', { enum: LINE_KINDS }).notNull(),
    quantityMilli: integer('quantity_milli').notNull(),
    unitPence: integer('unit_pence').notNull(),
    vatRate: text('vat_rate', { enum: VAT_RATES }).notNull(),
    /** As on invoice lines: VAT set rather than worked out (crediting a deposit's part, or the rest of a rate). */
    vatPence: integer('vat_pence'),
  },
  (table) => [primaryKey({ columns: [table.creditNoteId, table.position] })],
);

/**
 * Unbroken number sequences ('invoice', 'credit_note'): the next value, taken with
 * `UPDATE … SET next = next + 1 … RETURNING` in the batch that uses it, so two writers never share
 * or skip one. The rows are seeded by the migration.
 */
export const numberCounters = sqliteTable('number_counters', {
  name: text('name').primaryKey(),
  next: integer('next').notNull().default(1),
});

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceLine = typeof invoiceLines.$inferSelect;
export type CreditNote = typeof creditNotes.$inferSelect;
export type CreditNoteLine = typeof creditNoteLines.$inferSelect;

/**
 * Money in against an invoice (issue 49): one row per payment, a refund as a negative amount.
 * Written with the invoice's `amount_paid_pence` and state in one D1 batch (src/db/payments.ts).
 * A payment through Stripe carries its webhook event's id, unique, so an event delivered twice is
 * recorded once. Kept six years from the end of the financial year, whoever asks to be erased:
 * the invoice it pays keeps it (no cascade).
 */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** Pence; negative for a refund. */
    amountPence: integer('amount_pence').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** The day the money came in (YYYY-MM-DD, UK), as the owner or Stripe says. */
    paidOn: text('paid_on').notNull(),
    /** The Stripe event that recorded it (evt_…): one payment per event, however often delivered. */
    stripeEventId: text('stripe_event_id'),
    /** The Stripe payment intent (pi_…): a refund of it is traced back to its invoice through it. */
    stripePaymentIntent: text('stripe_payment_intent'),
    createdAt: integer('created_at').notNull(),
    /** The person who recorded it by hand; null for one the webhook recorded. */
    recordedBy: text('recorded_by'),
  },
  (table) => [
    uniqueIndex('payments_stripe_event_unique').on(table.stripeEventId),
    index('payments_invoice_idx').on(table.invoiceId),
    // The dashboard's month by the day paid, and the accountant's export of a period in its
    // keyset (day paid, id) (issue 56): a batch starts at its cursor and stops at its limit.
    index('payments_paid_on_idx').on(table.paidOn, table.id),
    index('payments_intent_idx').on(table.stripePaymentIntent),
  ],
);

export type Payment = typeof payments.$inferSelect;
