import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastWeeks } from '../../src/admin/dashboard/weeks';
import { ADMIN_LEADS_PER_PAGE, findLeadView, leadsForExport, listLeadsForAdmin, listWhere } from '../../src/db/admin-leads';
import { answerTimesByWeek } from '../../src/db/answer-times';
import { auditPage } from '../../src/db/audit';
import { jobsBySource, leadCountsByWeek, tapCountsByWeek } from '../../src/db/dashboard';
import { listInvoices } from '../../src/db/invoices';
import { listDueMessages } from '../../src/db/lead-messages';
import { postsUsingMedia } from '../../src/db/media';
import { creditNotesForExport, issuedInvoicesForExport, paymentsForExport } from '../../src/db/money-export';
import { moneyFigures } from '../../src/db/money-figures';
import { listPublishedPosts } from '../../src/db/posts';
import { deleteLeadRows, findLeadsForPerson, unlinkedMoneyOfPerson } from '../../src/db/privacy';
import { listDuePushes, listQueuedPushes } from '../../src/db/push-messages';
import { listQuotes } from '../../src/db/quote-reads';
import {
  deleteAcceptedQuotesBefore,
  deleteInvoicesBefore,
  deleteStaleDraftInvoices,
  expiredLeadIds,
} from '../../src/db/retention';
import { jobsBetween, SCHEDULE_STATUSES } from '../../src/db/schedule';
import { bookingsOn, countWithStatus, leadsToContact, rebooksAsked } from '../../src/db/today';
import { fullScans, rowsReadBy, sentBy } from './query-helpers';
import { seedLeads } from './scale-fixtures';

/**
 * Issue 51: every hot query of the admin and the cron reads through an index, so what it reads
 * grows with what it shows, not with the years of leads, e-mails, alerts and audit lines behind
 * it. Each test plans exactly the statements the query function sends (tests/worker/query-helpers.ts
 * records them) and fails on a step that reads a history table whole. A change that turns one
 * back into a scan fails here.
 */

const all = { status: 'all', form: 'all', q: '' } as const;

/** Every statement's plan, and the full scans among them (a list per statement, [] when none). */
async function scansOf(run: Parameters<typeof sentBy>[0], ordered: readonly string[] = []) {
  const { plans } = await sentBy(run);
  expect(plans.length).toBeGreaterThan(0);
  return { plans, scans: plans.flatMap((plan) => fullScans(plan, ordered)) };
}

let sample: Awaited<ReturnType<typeof seedLeads>>;
beforeAll(async () => {
  sample = await seedLeads(300);
});

describe('the inbox', () => {
  // The pages walk the (created_at, id) index from the newest or from their cursor, and stop at the page.
  const byDate = ['leads_created_id_idx', 'leads_job_status_idx'];

  it('reads its first page and page N down the date index, with no count of every lead', async () => {
    const first = await scansOf((db) => listLeadsForAdmin(db, { start: null, filter: all }), byDate);
    expect(first.scans).toEqual([]);
    const cursor = { createdAt: sample.leads[150]!.createdAt, id: sample.leads[150]!.id };
    for (const start of [{ after: cursor }, { before: cursor }]) {
      const { plans, scans } = await scansOf((db) => listLeadsForAdmin(db, { start, filter: all }), byDate);
      expect(scans).toEqual([]);
      expect(plans.flat().join('\n')).toContain('leads_created_id_idx');
    }
  });

  it('filters by status, form and undelivered e-mails through indexes', async () => {
    for (const filter of [
      { ...all, status: 'new' },
      { ...all, status: 'booked', form: 'quote' },
      { ...all, status: 'undelivered' },
    ] as const) {
      const { plans, scans } = await scansOf((db) => listLeadsForAdmin(db, { start: null, filter }), byDate);
      expect(scans, JSON.stringify(filter)).toEqual([]);
      // Only the e-mails not delivered, from the partial index that holds nothing else.
      if (filter.status === 'undelivered')
        expect(plans.flat().join('\n')).toContain(
          'SEARCH lead_messages USING COVERING INDEX lead_messages_undelivered_idx (status=?)',
        );
    }
  });

  it('reads for a search or the undelivered filter in proportion to the leads found, the page alone looked up further', async () => {
    const found = async (where: string) =>
      (await env.DB.prepare(`SELECT count(*) AS n FROM leads WHERE ${where}`).first<{ n: number }>())!.n;
    const cases = [
      // (The seed's messages: one lead in five says 'blocked drain'; one lead in fifty's e-mail failed.)
      { filter: { ...all, q: 'blocked' }, n: await found("message LIKE '%blocked%'") },
      {
        filter: { ...all, status: 'undelivered' },
        n: await found("id IN (SELECT lead_id FROM lead_messages WHERE status = 'failed')"),
      },
    ] as const;
    for (const { filter, n } of cases) {
      expect(n, JSON.stringify(filter)).toBeGreaterThan(5);
      const [total, list] = await rowsReadBy((db) => listLeadsForAdmin(db, { start: null, filter }));
      // Each lead found read a few times (its index entry, its row, the sort), each shown lead a few more
      // (its photos, its earlier leads): before, every lead found had those looked up too.
      expect(list, JSON.stringify(filter)).toBeLessThanOrEqual(4 * n + 8 * Math.min(n, ADMIN_LEADS_PER_PAGE + 1));
      expect(total, JSON.stringify(filter)).toBeLessThanOrEqual(3 * n + 3);
    }
  });

  it('searches names, addresses and messages through the trigram index, phones and e-mails through their keys', async () => {
    const lead = sample.leads[7]!;
    // (A search of one or two characters, shorter than a trigram, is the one that still reads the leads themselves.)
    for (const q of ['Search', 'BH14 8QT', 'gurgling', '07700 900123', lead.email]) {
      // Not even down the date index: the matches are looked up, then put in order.
      const { plans, scans } = await scansOf((db) => listLeadsForAdmin(db, { start: null, filter: { ...all, q } }));
      expect(scans, q).toEqual([]);
      expect(plans.flat().join('\n'), q).toMatch(/VIRTUAL TABLE INDEX/);
      if (/\d{7}|@/.test(q.replaceAll(' ', ''))) expect(plans.flat().join('\n'), q).toMatch(/leads_match_(phone|email)_idx/);
    }
  });

  it("exports in keyset batches, each lead's two e-mails looked up by lead and kind", async () => {
    const cursor = { createdAt: sample.leads[100]!.createdAt, id: sample.leads[100]!.id };
    const { plans, scans } = await scansOf((db) => leadsForExport(db, cursor, 500, listWhere(all)));
    expect(scans).toEqual([]);
    // From the cursor's place in the date index, not down the whole index filtering each row.
    expect(plans.flat()).toContain('SEARCH leads USING INDEX leads_created_id_idx ((created_at,id)<(?,?))');
    expect(plans.flat().join('\n')).toContain('lead_messages_lead_kind_idx');
  });
});

describe('one lead, a person, deletion', () => {
  it("reads a lead's page by its key: its e-mails, events and photos by the lead's id", async () => {
    const { scans } = await scansOf((db) => findLeadView(db, sample.leads[3]!.id));
    expect(scans).toEqual([]);
  });

  it('finds a person by e-mail or phone through the match keys', async () => {
    const lead = sample.leads[9]!;
    const { plans, scans } = await scansOf((db) => findLeadsForPerson(db, { email: lead.email, phone: lead.phone }));
    expect(scans).toEqual([]);
    expect(plans[0]!.join('\n')).toMatch(
      /leads_match_email_idx[\s\S]*leads_match_phone_idx|leads_match_phone_idx[\s\S]*leads_match_email_idx/,
    );
  });

  it("deletes a lead's rows by the lead's id", async () => {
    const { scans } = await scansOf((db) => deleteLeadRows(db, [sample.leads[299]!.id]));
    expect(scans).toEqual([]);
  });
});

describe('the schedule, the dashboard, the audit log, the media page, the blog', () => {
  it("reads a week's jobs by status and day", async () => {
    const { plans, scans } = await scansOf((db) => jobsBetween(db, '2026-03-02', '2026-03-08', SCHEDULE_STATUSES));
    expect(scans).toEqual([]);
    expect(plans[0]!.join('\n')).toContain('leads_status_day_idx');
  });

  it('lists the leads to contact and their count without counting every lead, nor sorting every waiting one', async () => {
    const { plans, scans } = await scansOf(
      (db) => Promise.all([leadsToContact(db, 5), countWithStatus(db, 'new')]),
      ['leads_job_status_idx'],
    );
    expect(scans).toEqual([]);
    // The 'asap' ones straight off their index in order; the others down the status index, in order of
    // date (only the ties of one instant sorted): neither sorts every waiting lead.
    expect(plans.flat().join('\n')).toContain('leads_status_best_time_idx (job_status=? AND best_time=?)');
    expect(plans.flat().filter((step) => step === 'USE TEMP B-TREE FOR ORDER BY')).toEqual([]);
  });

  it('lists the customers who asked to rebook down the status and day index, their count from the kept counts', async () => {
    const { plans, scans } = await scansOf(
      (db) => Promise.all([rebooksAsked(db, 8), countWithStatus(db, 'rebook')]),
      ['leads_status_day_idx'],
    );
    expect(scans).toEqual([]);
    const steps = plans.flat().join('\n');
    expect(steps).toContain('leads_status_day_idx (job_status=?)');
    expect(steps).toContain('lead_counts');
  });

  it("counts the dashboard's eight weeks from the weekly counts: a range of their key, never the leads or taps themselves", async () => {
    const weeks = lastWeeks(Date.now());
    const { plans, scans } = await scansOf(async (db) => {
      await leadCountsByWeek(db, weeks);
      await tapCountsByWeek(db, weeks);
      await jobsBySource(db, weeks);
    });
    expect(scans).toEqual([]);
    for (const plan of plans)
      expect(plan.join('\n')).toMatch(
        /SEARCH (lead|tap)_week_counts USING INDEX sqlite_autoindex_\1_week_counts_1 \(week>\? AND week<\?\)/,
      );
    const steps = plans.flat().join('\n');
    expect(steps).not.toMatch(/\b(leads|tap_counts|lead_events)\b/);
  });

  it("times the answers to the eight weeks' leads from the date index alone, each lead's first answer kept on it", async () => {
    const weeks = lastWeeks(Date.now());
    const { plans, scans } = await scansOf(async (db) => {
      await answerTimesByWeek(db, weeks);
      await bookingsOn(db, [weeks.at(-1)!.startDay]);
    });
    expect(scans).toEqual([]);
    // One index entry a lead of the weeks: neither the lead's row nor its timeline is read.
    expect(plans[0]).toEqual(['SEARCH leads USING COVERING INDEX leads_created_id_idx (created_at>? AND created_at<?)']);
  });

  it('pages the audit log down its time index', async () => {
    for (const start of [null, { after: { at: Date.now(), id: 1_000_000 } }]) {
      const { scans } = await scansOf((db) => auditPage(db, start, 50), ['audit_log_at_idx']);
      expect(scans).toEqual([]);
    }
  });

  it("finds a page of pictures' posts through post_media, never reading every post's text", async () => {
    const { plans, scans } = await scansOf((db) => postsUsingMedia(db, ['media/a-1x1.png', 'media/b-1x1.png']));
    expect(scans).toEqual([]);
    const plan = plans[0]!.join('\n');
    expect(plan).toMatch(/SEARCH \w+ USING COVERING INDEX sqlite_autoindex_post_media_1 \(media_key=\?\)/);
    expect(plan).toMatch(/SEARCH \w+ USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });

  it('renders /blog from the published posts index, counting only the posts dated ahead', async () => {
    const { plans, scans } = await scansOf(
      (db) => listPublishedPosts(db, { page: 2, now: new Date().toISOString() }),
      ['posts_published_at_idx'],
    );
    expect(scans).toEqual([]);
    expect(plans.flat()).toContain('SEARCH scheduled USING INDEX posts_published_at_idx (published_at>?)');
  });
});

describe('the cron', () => {
  it('finds nothing due without reading every lead: retention, e-mails, alerts', async () => {
    const now = Date.now();
    const retention = await scansOf((db) => expiredLeadIds(db, now, { handledDays: 365, unhandledDays: 730 }, 100));
    // The never handled down the same index, from the oldest: not every unhandled lead, then sorted.
    expect(retention.plans.flat()).toContain(
      'SEARCH leads USING INDEX leads_handled_created_idx (handled_at=? AND created_at<?)',
    );
    expect(retention.scans).toEqual([]);
    const { scans } = await scansOf(async (db) => {
      await listDueMessages(db, now, 50);
      await listDuePushes(db, now, 50);
      await listQueuedPushes(db, sample.leads[1]!.id, now);
    });
    expect(scans).toEqual([]);
  });
});

describe('the money', () => {
  // The money tables grow with the years as the leads do: none may be read whole by the dashboard,
  // the invoices and quotes lists or the retention jobs. An index a list walks in order to stop at
  // its page (with a LIMIT) is allowed.
  const MONEY = ['invoices', 'payments', 'credit_notes', 'quotes', 'quote_acceptances'];
  const moneyScans = (plans: readonly string[][], ordered: readonly string[] = []) =>
    plans.flat().filter((step) => {
      const scan = /^SCAN (\w+)(?: AS \w+)?(?: USING (?:COVERING )?INDEX (\w+))?/.exec(step);
      return scan !== null && MONEY.includes(scan[1]!) && !(scan[2] && ordered.includes(scan[2]));
    });
  const now = Date.now();
  const month = {
    startMs: now - 10 * 86_400_000,
    endMs: now + 20 * 86_400_000,
    firstDay: '2026-11-01',
    lastDay: '2026-11-30',
    todayStartMs: now - 3_600_000,
  };

  it("sums the dashboard's money from the recent owed invoices, a row a month and the month's, never every invoice", async () => {
    const { plans } = await sentBy((db) => moneyFigures(db, month));
    // Six sums, then the refunds owed (Drizzle prepares the named ones' select twice).
    expect(plans.length).toBeGreaterThanOrEqual(8);
    // The refund-owed index holds the invoices paid more than they bill and no other: read whole.
    expect(moneyScans(plans, ['invoices_refund_owed_idx'])).toEqual([]);
    const steps = plans.flat().join('\n');
    // The owed from 90 days ago on, and the rest of the month the 90 days end in: ranges on the due day.
    expect(steps).toMatch(/invoices_state_due_idx \(state=\? AND due_at>\?\)/);
    expect(steps).toMatch(/invoices_state_due_idx \(state=\? AND due_at>\? AND due_at<\?\)/);
    expect(steps).toMatch(/SEARCH owed_by_due_month USING INDEX sqlite_autoindex_owed_by_due_month_1 \(month<\?\)/);
    expect(steps).toMatch(/invoices_issued_idx \(issued_at>\? AND issued_at<\?\)/);
    expect(steps).toMatch(/credit_notes_issued_idx \(issued_at>\? AND issued_at<\?\)/);
    expect(steps).toMatch(/payments_paid_on_idx \(paid_on>\? AND paid_on<\?\)/);
    // The refunds owed, from the index of the invoices paid more than they bill and no other.
    for (const refunds of plans.slice(6)) expect(refunds).toEqual(['SCAN invoices USING INDEX invoices_refund_owed_idx']);
  });

  it('lists invoices each state on its own, in its order down an index, never sorting them all', async () => {
    const invoiceList = await sentBy((db) => listInvoices(db, now));
    expect(invoiceList.plans).toHaveLength(7);
    expect(moneyScans(invoiceList.plans)).toEqual([]);
    expect(invoiceList.plans.flat().filter((step) => step.includes('TEMP B-TREE'))).toEqual([]);
    const [issuedLate, partLate, drafts, issuedOpen, partOpen, paid, credited] = invoiceList.plans;
    for (const late of [issuedLate, partLate])
      expect(late).toContain('SEARCH invoices USING INDEX invoices_state_due_idx (state=? AND due_at<?)');
    for (const open of [issuedOpen, partOpen])
      expect(open).toContain('SEARCH invoices USING INDEX invoices_state_due_idx (state=? AND due_at>?)');
    for (const latest of [drafts, paid, credited])
      expect(latest).toContain('SEARCH invoices USING INDEX invoices_state_updated_idx (state=?)');
    const quoteList = await sentBy((db) => listQuotes(db, now));
    expect(moneyScans(quoteList.plans, ['quotes_updated_idx'])).toEqual([]);
    const [waiting, rest] = quoteList.plans;
    expect(waiting).toContain('SEARCH quotes USING INDEX quotes_state_sent_idx (state=? AND sent_at<?)');
    expect(rest).toEqual(['SCAN quotes USING INDEX quotes_updated_idx']);
  });

  it("pages the accountant's export of a period from its cursor down the (time, id) indexes, never sorting what follows", async () => {
    const span = { from: now - 30 * 86_400_000, to: now };
    const days = { from: '2026-11-01', to: '2026-12-01' };
    // The first batch from the period's start, the next from the cursor: each stops at the period's end.
    const { plans } = await sentBy(async (db) => {
      await issuedInvoicesForExport(db, span, null, 200);
      await issuedInvoicesForExport(db, span, { at: now - 86_400_000, id: 'm' }, 200);
      await creditNotesForExport(db, span, null, 200);
      await creditNotesForExport(db, span, { at: now - 86_400_000, id: 'm' }, 200);
      await paymentsForExport(db, days, null, 200);
      await paymentsForExport(db, days, { at: '2026-11-15', id: 'm' }, 200);
    });
    expect(moneyScans(plans)).toEqual([]);
    const steps = plans.flat();
    expect(steps.filter((step) => step.includes('TEMP B-TREE'))).toEqual([]);
    expect(steps).toContain('SEARCH invoices USING INDEX invoices_issued_idx (issued_at>? AND issued_at<?)');
    expect(steps).toContain('SEARCH invoices USING INDEX invoices_issued_idx ((issued_at,id)>(?,?) AND issued_at<?)');
    expect(steps).toContain('SEARCH credit_notes USING INDEX credit_notes_issued_idx (issued_at>? AND issued_at<?)');
    expect(steps).toContain('SEARCH credit_notes USING INDEX credit_notes_issued_idx ((issued_at,id)>(?,?) AND issued_at<?)');
    expect(steps).toContain('SEARCH payments USING INDEX payments_paid_on_idx (paid_on>? AND paid_on<?)');
    expect(steps).toContain('SEARCH payments USING INDEX payments_paid_on_idx ((paid_on,id)>(?,?) AND paid_on<?)');
  });

  it("finds a person's quotes and invoices with no lead through the lead index's empty entries", async () => {
    const { plans } = await sentBy((db) => unlinkedMoneyOfPerson(db, { email: 'ann@example.org', phone: '01632 960123' }));
    expect(plans).toHaveLength(2);
    expect(moneyScans(plans)).toEqual([]);
    expect(plans[0]).toContain('SEARCH quotes USING INDEX quotes_lead_idx (lead_id=?)');
    expect(plans[1]).toContain('SEARCH invoices USING INDEX invoices_lead_idx (lead_id=?)');
  });

  it("finds the retention jobs' quotes and invoices through indexes", async () => {
    const { plans } = await sentBy(async (db) => {
      await deleteAcceptedQuotesBefore(db, now - 6 * 365 * 86_400_000, 50);
      await deleteInvoicesBefore(db, '2020-04-06', now - 6 * 365 * 86_400_000, 50);
      await deleteStaleDraftInvoices(db, now - 365 * 86_400_000, 50);
    });
    expect(moneyScans(plans, ['invoices_issued_idx', 'quote_acceptances_accepted_idx'])).toEqual([]);
  });
});
