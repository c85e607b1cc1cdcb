import { buttonClass } from '../../components/button';
import type { LeadView } from '../../db/admin-leads';
import { erasureCancelWords } from '../../jobs/visit-cancel';
import type { PersonSearch } from '../../privacy/person-search';
import { CSRF_FIELD } from '../auth/session';
import { Notice } from '../shell/MessagePage';
import { useMailOn } from '../shell/mail-off';
import { LeadCard } from './LeadCard';

export interface PersonResultsProps {
  csrf: string;
  search: PersonSearch;
  leads: LeadView[];
  /** The erase form was sent without its box ticked. */
  eraseError?: string;
}

/** 'ann@example.org or 01632 960123', as the owner searched. */
const describeSearch = (search: PersonSearch) => [search.email, search.phone].filter(Boolean).join(' or ');

const countOf = (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'}`;

/**
 * The export and erase forms repeat the search, not a list of ids: the server runs it again, so
 * what is sent or deleted is always exactly this person's leads as they stand at that moment.
 */
function SearchFields({ csrf, search }: { csrf: string; search: PersonSearch }) {
  return (
    <>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name="email" value={search.email ?? ''} />
      <input type="hidden" name="phone" value={search.phone ?? ''} />
    </>
  );
}

/** What the search found, and the two answers to a privacy request: a copy, or erasure. */
export function PersonResults({ csrf, search, leads, eraseError }: PersonResultsProps) {
  const mailOn = useMailOn();
  const who = describeSearch(search);
  if (leads.length === 0) {
    return (
      <div className="admin-person-results">
        <Notice tone="info">{`No leads for ${who}.`}</Notice>
      </div>
    );
  }
  const count = countOf(leads.length);
  const now = Date.now();
  const cancels = leads.flatMap(({ lead }) => {
    const words = erasureCancelWords(lead, now, mailOn);
    return words ? [{ id: lead.id, words }] : [];
  });
  return (
    <div className="admin-person-results">
      <h2 className="admin-person-results__title">{`${count} for ${who}`}</h2>
      <div className="admin-person-tools">
        <form method="post" action="/admin/leads/person/export" className="admin-person-tool">
          <SearchFields csrf={csrf} search={search} />
          <p className="admin-muted">A copy to send the person: every stored field of these leads, in one file.</p>
          <button type="submit" className={buttonClass('outline')}>
            Download as one file (JSON)
          </button>
        </form>
        <form method="post" action="/admin/leads/person/erase" className="admin-person-tool admin-person-tool--danger">
          <SearchFields csrf={csrf} search={search} />
          {eraseError && <Notice tone="error">{eraseError}</Notice>}
          {cancels.map(({ id, words }) => (
            <p key={id} className="admin-muted">
              {words}
            </p>
          ))}
          <label className="admin-check">
            <input type="checkbox" name="confirm" value="yes" required />
            <span>
              {leads.length === 1
                ? 'Yes, delete this lead and everything stored with it'
                : `Yes, delete these ${count} and everything stored with them`}
            </span>
          </label>
          <button type="submit" className={buttonClass('destructive')}>
            {`Erase ${count}`}
          </button>
        </form>
      </div>
      <ul className="admin-list">
        {leads.map((view) => (
          <LeadCard key={view.lead.id} view={view} csrf={csrf} back="/admin/leads" actions="delete-only" />
        ))}
      </ul>
    </div>
  );
}
