import { buttonClass } from '../../components/button';
import type { LeadFilter, LeadView } from '../../db/admin-leads';
import { Notice, type NoticeTone } from '../shell/MessagePage';
import { Pagination } from '../shell/parts';
import { LeadCard } from './LeadCard';

export const LEAD_NOTICES = {
  sent: ['success', 'The e-mail was sent again and the mail service accepted it.'],
  retrying: ['error', 'The mail service is failing for now. The lead stays queued and is retried automatically.'],
  failed: ['error', 'The mail service refused the e-mail again; its answer is shown on the lead.'],
  'not-recorded': ['error', 'The e-mail was tried but its result could not be saved; it is retried automatically.'],
  'mail-off': ['error', 'E-mail is not configured (no MAILCHANNELS_API_KEY), so nothing can be resent.'],
  'not-resendable': ['info', 'That e-mail is no longer failed or skipped, so it was not sent again.'],
  handled: ['success', 'Marked as handled.'],
  unhandled: ['success', 'Marked as not handled.'],
  missing: ['error', 'That lead no longer exists.'],
  deleted: ['success', 'The lead was deleted, with everything stored with it.'],
  erased: ['success', 'The leads were deleted.'],
} as const satisfies Record<string, readonly [NoticeTone, string]>;
export type LeadNotice = keyof typeof LEAD_NOTICES;

/** The erase tool's notice says how many leads went: a count, never who. */
const erasedMessage = (count: number) => `Deleted ${count} ${count === 1 ? 'lead' : 'leads'}.`;

export const LEAD_FILTERS: { id: LeadFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'unhandled', label: 'Not handled' },
  { id: 'problems', label: 'Not delivered' },
];

/** The list's own URL for a page and filter; the action forms send the owner back to it. */
export function leadsHref(page: number, filter: LeadFilter): string {
  const params = new URLSearchParams();
  if (filter !== 'all') params.set('filter', filter);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/admin/leads?${query}` : '/admin/leads';
}

export interface LeadsPageProps {
  rows: LeadView[];
  total: number;
  page: number;
  pageCount: number;
  filter: LeadFilter;
  csrf: string;
  notice?: LeadNotice;
  /** With the 'erased' notice: how many leads were deleted. */
  count?: number;
}

/** Contact messages and quote requests, newest first, with their photos and their e-mails' delivery. */
export function LeadsPage({ rows, total, page, pageCount, filter, csrf, notice, count }: LeadsPageProps) {
  const [tone, text] = notice ? LEAD_NOTICES[notice] : [];
  const message = notice === 'erased' && count !== undefined ? erasedMessage(count) : text;
  return (
    <section className="admin-panel">
      <div className="admin-heading">
        <h1 className="admin-title">Leads</h1>
        <div className="admin-form__actions">
          <a className={buttonClass('outline', 'sm')} href="/admin/leads/person">
            Find a person
          </a>
          <a className={buttonClass('outline', 'sm')} href="/admin/leads.csv" download>
            Download CSV
          </a>
        </div>
      </div>
      {tone && <Notice tone={tone}>{message}</Notice>}
      <nav className="admin-tabs" aria-label="Show">
        {LEAD_FILTERS.map((option) => (
          <a key={option.id} href={leadsHref(1, option.id)} aria-current={option.id === filter ? 'page' : undefined}>
            {option.label}
          </a>
        ))}
      </nav>
      <p className="admin-muted">
        {`${total === 1 ? '1 lead' : `${total.toLocaleString('en-GB')} leads`}, newest first. Times are UK time.`}
      </p>
      {rows.length === 0 ? (
        <p>No leads here.</p>
      ) : (
        <ul className="admin-list">
          {rows.map((view) => (
            <LeadCard key={view.lead.id} view={view} csrf={csrf} back={leadsHref(page, filter)} />
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} href={(n) => leadsHref(n, filter)} />
    </section>
  );
}
