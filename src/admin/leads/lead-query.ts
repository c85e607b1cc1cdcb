import type { LeadCursor, LeadPageStart } from '../../db/admin-leads';
import { JOB_STATUSES, type JobStatus } from '../../rules/job-status';
import { pageOrFirst } from '../../rules/page-number';

/**
 * What the inbox shows: a status (or the leads whose e-mails did not go), a form, a search and a
 * page, read from the URL the same way by the list and the CSV, so "Download CSV" is exactly
 * what is on the screen (every page of it).
 */
export type StatusFilter = JobStatus | 'all' | 'undelivered';
export type FormFilter = 'all' | 'contact' | 'quote';

export interface LeadQuery {
  status: StatusFilter;
  form: FormFilter;
  /** The search text, trimmed; '' for none. */
  q: string;
  /**
   * The page's number, as the owner counts (Page 2 of 9), and where it starts: keyset pages, each
   * read from the lead before it (`after`) or after it (`before`). Page 1 starts at the newest.
   */
  page: number;
  start: LeadPageStart;
}

const SEARCH_MAX = 100;

const STATUS_FILTERS: readonly StatusFilter[] = ['all', ...JOB_STATUSES, 'undelivered'];

/** A cursor in the URL: the lead's created_at and id ('1767225600000.<uuid>'). */
const CURSOR = /^(\d{1,15})\.([0-9a-f-]{36})$/i;

const cursorText = (cursor: LeadCursor) => `${cursor.createdAt}.${cursor.id}`;

function cursorOf(raw: string | null | undefined): LeadCursor | null {
  const match = raw ? CURSOR.exec(raw) : null;
  return match ? { createdAt: Number(match[1]), id: match[2]!.toLowerCase() } : null;
}

/** Page 2 and on start at a cursor; a page number without one is the first page. */
function startOf(params: { get(name: string): string | null | undefined }): LeadPageStart {
  const after = cursorOf(params.get('after'));
  if (after) return { after };
  const before = cursorOf(params.get('before'));
  return before ? { before } : null;
}

export function leadQueryOf(params: { get(name: string): string | null | undefined }): LeadQuery {
  const status = params.get('status') ?? 'all';
  const form = params.get('form') ?? 'all';
  const start = startOf(params);
  return {
    status: STATUS_FILTERS.includes(status as StatusFilter) ? (status as StatusFilter) : 'all',
    form: form === 'contact' || form === 'quote' ? form : 'all',
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    page: start ? pageOrFirst(params.get('page') ?? undefined) : 1,
    start,
  };
}

/** The query string for a query (defaults left out), '' when it is all defaults. */
export function leadQueryString(query: Partial<LeadQuery>): string {
  const params = new URLSearchParams();
  if (query.status && query.status !== 'all') params.set('status', query.status);
  if (query.form && query.form !== 'all') params.set('form', query.form);
  if (query.q) params.set('q', query.q);
  // A page past the first is its number and where it starts; page 1 is the newest, no cursor.
  if (query.page && query.page > 1 && query.start) {
    params.set('page', String(query.page));
    if ('after' in query.start) params.set('after', cursorText(query.start.after));
    else params.set('before', cursorText(query.start.before));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const leadsHref = (query: Partial<LeadQuery>) => `/admin/leads${leadQueryString(query)}`;
