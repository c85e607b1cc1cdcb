// Fills a migrated local D1 (its SQLite file, written directly with node:sqlite in one
// transaction: seconds, not the minutes of SQL through wrangler) with five years of a busy firm:
// at 30,000 leads about 127k e-mail rows, 98k timeline events, 11k photo rows, 110k alerts, 300
// posts, 198k tap rows, 100k audit lines, 5,000 content revisions and 50 people, with the
// money of the jobs (scale-money.mjs: about 6k quotes, 15k invoices and their payments). A smaller size is
// the same firm scaled down (every count in proportion, but the people), from the same seed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { FIVE_YEARS_MS as FIVE_YEARS, writeLeads } from './scale-leads.mjs';
import { writeMoney } from './scale-money.mjs';
import { seededRandom } from './scale-people.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const DAY = 86_400_000;
/** The five-year firm the issue describes; everything but the people scales with the lead count. */
export const FULL_SIZE = {
  leads: 30_000,
  posts: 300,
  tapRowsPerDay: 108,
  auditLines: 100_000,
  revisions: 5_000,
  people: 50,
  media: 240,
};
const DEVICES = 4;
const TAP_PAGES = [
  '/',
  '/contact',
  '/free-quote',
  '/faq',
  '/areas-map',
  '/blog',
  '/services/drain-unblocking',
  '/services/cctv-drain-survey',
  '/services/dig-ups-repairs',
  '/services/commercial-drainage',
  ...Array.from({ length: 50 }, (_, i) => `/blog/post-${i + 1}`),
];
const AUDIT_ACTIONS = [
  ['lead-status-changed', 40],
  ['lead-noted', 15],
  ['lead-called', 15],
  ['lead-assigned', 10],
  ['post-saved', 5],
  ['media-uploaded', 3],
  ['leads-exported', 1],
  ['signed-out', 5],
  ['alert-settings-saved', 1],
];

/** The SQLite file of the local D1 under a wrangler --persist-to folder. */
export function sqliteFileOf(persist) {
  const dir = path.join(persist, 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite'));
  if (!file) throw new Error(`no local D1 file in ${dir}`);
  return path.join(dir, file);
}

const insert = (db, table, columns) => {
  const statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  return (...values) => statement.run(...values);
};

/** Fills the D1 of `persist` for `leads` leads received up to `now`; returns the rows the routes look up. */
export function fillDatabase({ persist, leads, now, rules, seed = 51 }) {
  const scale = leads / FULL_SIZE.leads;
  const rand = seededRandom(seed);
  const content = JSON.parse(readFileSync(path.join(root, 'dist/client/__built/content-defaults.json'), 'utf8'));
  const file = sqliteFileOf(persist);
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; BEGIN');
  let found;
  try {
    // People: the first owner (migration 0006 made them), an office, engineers (some since gone).
    const person = insert(db, 'people', ['name', 'email', 'role', 'created_at', 'removed_at']);
    const engineers = [];
    for (let i = 2; i <= FULL_SIZE.people; i += 1) {
      const role = i <= 4 ? 'office' : 'engineer';
      const since = now - FIVE_YEARS * (1 - i / FULL_SIZE.people);
      const removed = role === 'engineer' && i < 40 ? since + 200 * DAY : null;
      const id = Number(person(`Engineer ${i}`, `person${i}@bcp-drainage.example`, role, since, removed).lastInsertRowid);
      if (role === 'engineer' && removed === null) engineers.push(id);
    }
    const device = insert(db, 'push_subscriptions', ['person_id', 'endpoint', 'p256dh', 'auth', 'device', 'created_at']);
    const devices = Array.from({ length: DEVICES }, (_, i) =>
      Number(
        device(
          i === 0 ? 1 : engineers[i],
          `https://push.example/${rand.hex(40)}`,
          rand.hex(87),
          rand.hex(22),
          'Chrome on Android',
          now - 400 * DAY,
        ).lastInsertRowid,
      ),
    );

    const lead = insert(db, 'leads', [
      'id',
      'kind',
      'name',
      'email',
      'phone',
      'address',
      'service',
      'message',
      'status',
      'created_at',
      'updated_at',
      'sent_at',
      'handled_at',
      'best_time',
      'area_check',
      'form_page',
      'source',
      'utm_source',
      'utm_medium',
      'gclid',
      'job_status',
      'lost_reason',
      'job_value_pence',
      'booked_day',
      'booked_from',
      'booked_to',
      'request_key',
      'review_clicked_at',
      'state_change',
      'assigned_to',
      'booking_sequence',
      'match_phone',
      'match_email',
      'match_place',
    ]);
    const message = insert(db, 'lead_messages', [
      'id',
      'lead_id',
      'kind',
      'status',
      'attempts',
      'last_error',
      'next_attempt_at',
      'sent_at',
      'created_at',
      'updated_at',
      'about',
    ]);
    const event = insert(db, 'lead_events', ['id', 'lead_id', 'created_at', 'actor', 'kind', 'status', 'detail']);
    const photo = insert(db, 'lead_photos', [
      'lead_id',
      'position',
      'key',
      'content_type',
      'bytes',
      'small_key',
      'small_type',
      'small_width',
      'small_height',
    ]);
    const alert = insert(db, 'push_messages', [
      'id',
      'subscription_id',
      'lead_id',
      'kind',
      'urgent',
      'status',
      'attempts',
      'sent_at',
      'created_at',
      'updated_at',
    ]);
    const put = {
      lead: (l) =>
        lead(
          l.id,
          l.kind,
          l.name,
          l.email,
          l.phone,
          l.address,
          l.service,
          l.message,
          'sent',
          l.created,
          l.updated,
          l.created,
          l.handled,
          l.bestTime,
          l.areaCheck,
          l.formPage,
          l.source,
          l.utmSource,
          l.utmMedium,
          l.gclid,
          l.jobStatus,
          l.lostReason,
          l.jobValuePence,
          l.bookedDay,
          l.bookedFrom,
          l.bookedTo,
          l.requestKey,
          l.reviewClickedAt,
          l.stateChange,
          l.assignedTo,
          l.bookingSequence,
          l.matchPhone,
          l.matchEmail,
          l.matchPlace,
        ),
      message: (m) =>
        message(
          m.id,
          m.leadId,
          m.kind,
          m.status,
          m.status === 'pending' ? 0 : 1,
          m.lastError ?? null,
          m.next ?? null,
          m.status === 'sent' ? m.at : null,
          m.at,
          m.at,
          m.about ?? '',
        ),
      event: (e) => event(e.id, e.leadId, e.at, e.actor ?? 'owner', e.kind, e.status ?? null, e.detail ?? ''),
      photo: (p) => {
        const base = `leads/${p.leadId}/${p.position}`;
        photo(
          p.leadId,
          p.position,
          `${base}-${p.sha}.jpg`,
          'image/jpeg',
          900_000,
          `${base}-small-${p.sha}.webp`,
          'image/webp',
          480,
          360,
        );
      },
      alert: (a) =>
        alert(a.id, a.device, a.leadId, a.kind, a.kind === 'new-lead' ? 0 : 1, 'sent', 1, a.at + 5000, a.at, a.at + 5000),
    };
    found = writeLeads({ rand, rules, now, count: leads, servedDistricts: content.areas.districts, engineers, devices, put });
    // Quotes, invoices, credit notes and payments on those leads.
    Object.assign(found, writeMoney(db, rand, now));

    writeBlog(db, rand, now, scale);
    // Taps: a row per UK day, page and channel that had any.
    const tap = insert(db, 'tap_counts', ['day', 'page', 'channel', 'count']);
    const perDay = Math.max(1, Math.round(FULL_SIZE.tapRowsPerDay * scale));
    for (let d = Math.round(FIVE_YEARS / DAY); d >= 0; d -= 1) {
      const date = new Date(now - d * DAY).toISOString().slice(0, 10);
      const seen = new Set();
      while (seen.size < perDay) seen.add(`${rand.pick(TAP_PAGES)}|${rand.pick(['call', 'whatsapp', 'email'])}`);
      for (const key of seen) tap(date, ...key.split('|'), 1 + rand.int(6));
    }
    // Audit lines: the last two years (older ones the cron deletes).
    const audit = insert(db, 'audit_log', ['at', 'actor_id', 'actor_name', 'action', 'object_type', 'object_id']);
    const lines = Math.round(FULL_SIZE.auditLines * scale);
    for (let i = 0; i < lines; i += 1)
      audit(now - 729 * DAY + Math.round((i / lines) * 728 * DAY), 1, 'Owner', rand.weighted(AUDIT_ACTIONS), 'lead', rand.uuid());
    // Content revisions over the five years, the newest what the site shows.
    const revision = insert(db, 'content_revisions', ['created_at', 'author', 'summary', 'content']);
    const revisions = Math.round(FULL_SIZE.revisions * scale);
    for (let i = 1; i <= revisions; i += 1) {
      const saved = {
        ...content,
        facts: { ...content.facts, tagline: `${content.facts.tagline}${i === revisions ? '' : ` (${i})`}` },
      };
      revision(
        now - FIVE_YEARS + Math.round((i / revisions) * (FIVE_YEARS - DAY)),
        'Owner',
        rand.pick(['Business facts', 'Prices', 'Notices', 'Areas']),
        JSON.stringify(saved),
      );
    }
    db.exec('COMMIT');
    // The inbox pages by keyset (after the last lead of the page before): page 50 starts after the
    // 980th newest lead, as the Older links would reach it.
    const last = db.prepare('SELECT created_at, id FROM leads ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET 979').get();
    found.page50After = last ? `${last.created_at}.${last.id}` : '';
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  } finally {
    db.close();
  }
  return { ...found, bytes: statSync(file).size };
}

/** Posts (with the ones migration 0001 seeds, the full size's 300) and the pictures they use. */
function writeBlog(db, rand, now, scale) {
  const media = insert(db, 'media', ['key', 'type', 'bytes', 'width', 'height', 'alt', 'uploaded_at']);
  const keys = Array.from({ length: Math.max(1, Math.round(FULL_SIZE.media * scale)) }, (_, i) => {
    const key = `media/${rand.hex(32)}-1200x900.jpg`;
    media(key, 'image/jpeg', 180_000, 1200, 900, `Picture ${i + 1}`, new Date(now - rand.int(1500) * DAY).toISOString());
    return key;
  });
  const seeded = Number(db.prepare('SELECT count(*) AS n FROM posts').get().n);
  const post = insert(db, 'posts', [
    'title',
    'slug',
    'excerpt',
    'image_url',
    'published_at',
    'category',
    'content',
    'author',
    'format',
    'status',
  ]);
  const wanted = Math.max(0, Math.round(FULL_SIZE.posts * scale) - seeded);
  for (let i = 1; i <= wanted; i += 1) {
    const picture = `/${rand.pick(keys)}`;
    const body = Array.from(
      { length: 12 },
      () => 'A blocked drain is usually fat, wipes or roots; a camera survey shows which before anyone digs.',
    ).join('\n\n');
    post(
      `Drain notes ${i}`,
      `drain-notes-${i}`,
      'What we found, and how we fixed it.',
      `/${rand.pick(keys)}`,
      new Date(now - FIVE_YEARS + (i / wanted) * (FIVE_YEARS - DAY)).toISOString(),
      rand.pick(['Blocked Drains', 'CCTV Surveys', 'Advice']),
      `## What we found\n\n${body}\n\n![A drain](${picture})\n`,
      'Mark Dawson',
      'markdown',
      i % 25 === 0 ? 'draft' : 'published',
    );
  }
}
