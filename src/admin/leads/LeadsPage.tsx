import { useContext } from 'react';
import { buttonClass } from '../../components/button';
import { ADMIN_LEADS_PER_PAGE, type LeadCursor, type LeadListItem, type LeadTotal } from '../../db/admin-leads';
import type { ErasureNotice } from '../../db/schema';
import { JOB_STATUS_LABELS, JOB_STATUSES } from '../../rules/job-status';
import { ContentContext } from '../../site-content/context';
import { Notice } from '../shell/MessagePage';
import { useMailOn } from '../shell/mail-off';
import { KeysetPagination } from '../shell/parts';
import { ErasureNotices } from './ErasureNotices';
import { LeadRow } from './LeadRow';
import { type FormFilter, type LeadQuery, leadQueryString, leadsHref, type StatusFilter } from './lead-query';
import { type LeadNotice, leadNotice, visitsCancelled } from './notices';
import { LEADS_CSV_PATH } from './paths';

export { LEAD_NOTICES, type LeadNotice } from './notices';

/** The erase tool's notice says how many leads went (a count, never who), and how many visits ahead were cancelled. */
function erasedMessage(notice: LeadNotice | undefined, count: number | undefined, visits: number | undefined, mailOn: boolean) {
  if ((notice !== 'erased' && notice !== 'erased-visit') || count === undefined) return undefined;
  const deleted = `Deleted ${count} ${count === 1 ? 'lead' : 'leads'}.`;
  return notice === 'erased-visit' ? `${deleted} ${visitsCancelled(visits ?? 1, mailOn)}` : deleted;
}

/** '1 lead', '2,345 leads'; a search or the undelivered filter stops counting at its cap. */
function leadsCounted(total: LeadTotal): string {
  if (total.atLeast) return `More than ${total.n.toLocaleString('en-GB')} leads`;
  return total.n === 1 ? '1 lead' : `${total.n.toLocaleString('en-GB')} leads`;
}

function pageLabel(page: number, total: LeadTotal): string {
  if (total.atLeast) return `Page ${page}`;
  const pageCount = Math.max(1, Math.ceil(total.n / ADMIN_LEADS_PER_PAGE));
  return `Page ${Math.min(page, pageCount)} of ${pageCount}`;
}

const STATUS_FILTERS: { id: StatusFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  ...JOB_STATUSES.map((status) => ({ id: status, label: status === 'new' ? 'Not contacted' : JOB_STATUS_LABELS[status] })),
  { id: 'undelivered', label: 'E-mail problems' },
];

const FORM_FILTERS: { id: FormFilter; label: string }[] = [
  { id: 'all', label: 'Any form' },
  { id: 'contact', label: 'Contact' },
  { id: 'quote', label: 'Quote' },
];

export interface LeadsPageProps {
  rows: LeadListItem[];
  total: LeadTotal;
  query: LeadQuery;
  /** Where the pages either side of this one start; null where there is none. */
  older: LeadCursor | null;
  newer: LeadCursor | null;
  now: number;
  notice?: LeadNotice;
  /** With the 'erased' and 'erased-visit' notices: how many leads were deleted. */
  count?: number;
  /** With 'erased-visit': how many visits still ahead were cancelled. */
  visits?: number;
  /** Exports are the owner's (`MONEY_ROLES`): office staff are not offered the CSV. */
  mayExport: boolean;
  /** Erased leads' cancellations that could not be e-mailed, each with its "Dealt with". */
  erasureNotices: readonly ErasureNotice[];
  csrf: string;
}

/** The owner's inbox: every lead newest first, filtered and searched, each a row that opens the lead. */
export function LeadsPage({
  rows,
  total,
  query,
  older,
  newer,
  now,
  notice,
  count,
  visits,
  mayExport,
  erasureNotices,
  csrf,
}: LeadsPageProps) {
  const content = useContext(ContentContext);
  const mailOn = useMailOn();
  const [tone, text] = notice ? leadNotice(notice, mailOn) : [];
  const message = erasedMessage(notice, count, visits, mailOn) ?? text;
  return (
    <section className="admin-panel inbox">
      <div className="admin-heading inbox__heading">
        <h1 className="admin-title">Leads</h1>
        {mayExport && (
          <a
            className={buttonClass('outline', 'sm')}
            href={`${LEADS_CSV_PATH}${leadQueryString({ ...query, page: 1 })}`}
            download
          >
            CSV
          </a>
        )}
      </div>
      {tone && <Notice tone={tone}>{message}</Notice>}
      <ErasureNotices notices={erasureNotices} csrf={csrf} back="/admin/leads" />
      <form className="inbox-search" method="get" action="/admin/leads">
        {query.status !== 'all' && <input type="hidden" name="status" value={query.status} />}
        {query.form !== 'all' && <input type="hidden" name="form" value={query.form} />}
        <label className="visually-hidden" htmlFor="inbox-q">
          Search leads
        </label>
        <input
          id="inbox-q"
          className="lead-form__input"
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={100}
          placeholder="Name, phone, e-mail, postcode, reference, words"
        />
        <button type="submit" className={buttonClass('default', 'sm')}>
          Search
        </button>
      </form>
      <nav className="admin-tabs inbox-filters" aria-label="Status">
        {STATUS_FILTERS.map((option) => (
          <a
            key={option.id}
            href={leadsHref({ ...query, status: option.id, page: 1 })}
            aria-current={option.id === query.status ? 'page' : undefined}
          >
            {option.label}
          </a>
        ))}
      </nav>
      <nav className="admin-tabs inbox-filters" aria-label="Form">
        {FORM_FILTERS.map((option) => (
          <a
            key={option.id}
            href={leadsHref({ ...query, form: option.id, page: 1 })}
            aria-current={option.id === query.form ? 'page' : undefined}
          >
            {option.label}
          </a>
        ))}
      </nav>
      <p className="admin-muted inbox__count">{`${leadsCounted(total)}${query.q ? ` matching “${query.q}”` : ''}, newest first.`}</p>
      {rows.length === 0 ? (
        <p>No leads here.</p>
      ) : (
        <ul className="inbox-list">
          {rows.map((item) => (
            <LeadRow key={item.lead.id} item={item} content={content} now={now} />
          ))}
        </ul>
      )}
      <KeysetPagination
        newer={newer ? leadsHref({ ...query, page: query.page - 1, start: { before: newer } }) : null}
        older={older ? leadsHref({ ...query, page: query.page + 1, start: { after: older } }) : null}
        label={pageLabel(query.page, total)}
      />
      <p className="inbox__privacy">
        <a href="/admin/leads/person">Privacy requests: find, export or erase one person's data</a>
      </p>
    </section>
  );
}
