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
  page: number;
}

const SEARCH_MAX = 100;

const STATUS_FILTERS: readonly StatusFilter[] = ['all', ...JOB_STATUSES, 'undelivered'];

export function leadQueryOf(params: { get(name: string): string | null | undefined }): LeadQuery {
  const status = params.get('status') ?? 'all';
  const form = params.get('form') ?? 'all';
  return {
    status: STATUS_FILTERS.includes(status as StatusFilter) ? (status as StatusFilter) : 'all',
    form: form === 'contact' || form === 'quote' ? form : 'all',
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    page: pageOrFirst(params.get('page') ?? undefined),
  };
}

/** The query string for a query (defaults left out), '' when it is all defaults. */
export function leadQueryString(query: Partial<LeadQuery>): string {
  const params = new URLSearchParams();
  if (query.status && query.status !== 'all') params.set('status', query.status);
  if (query.form && query.form !== 'all') params.set('form', query.form);
  if (query.q) params.set('q', query.q);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const leadsHref = (query: Partial<LeadQuery>) => `/admin/leads${leadQueryString(query)}`;
