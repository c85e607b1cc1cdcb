import { buttonClass } from '../../components/button';
import type { LeadView } from '../../db/admin-leads';
import type { UnlinkedMoney } from '../../db/privacy';
import { erasureCancelWords } from '../../jobs/visit-cancel';
import type { PersonSearch } from '../../privacy/person-search';
import { CSRF_FIELD } from '../auth/session';
import { Notice } from '../shell/MessagePage';
import { useMailOn } from '../shell/mail-off';
import { LeadCard } from './LeadCard';
import { PersonMoney, unsentCounts } from './PersonMoney';

export interface PersonResultsProps {
  csrf: string;
  search: PersonSearch;
  leads: LeadView[];
  /** Their quotes and invoices that no lead holds. */
  money: UnlinkedMoney;
  /** The erase form was sent without its box ticked. */
  eraseError?: string;
}

/** 'ann@example.org or 01632 960123', as the owner searched. */
const describeSearch = (search: PersonSearch) => [search.email, search.phone].filter(Boolean).join(' or ');

const countOf = (n: number, one = 'lead', many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** '2 leads, 1 quote and 1 invoice', naming only what there is. */
function countsIn(leads: number, quotes: number, invoices: number): string {
  const parts = [
    leads > 0 ? countOf(leads) : '',
    quotes > 0 ? countOf(quotes, 'quote') : '',
    invoices > 0 ? countOf(invoices, 'invoice') : '',
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join('');
}

/** What the erase box confirms and its button says: the leads, and the quotes and invoices never sent. */
function eraseWords(leads: number, unsent: { quotes: number; invoices: number }): { confirm: string; button: string } {
  const count = countOf(leads);
  if (unsent.quotes + unsent.invoices === 0)
    return {
      confirm:
        leads === 1
          ? 'Yes, delete this lead and everything stored with it'
          : `Yes, delete these ${count} and everything stored with them`,
      button: `Erase ${count}`,
    };
  const what = countsIn(leads, unsent.quotes, unsent.invoices);
  const them = leads + unsent.quotes + unsent.invoices === 1 ? 'it' : 'them';
  return { confirm: `Yes, delete ${what}, with everything stored with ${them}`, button: `Erase ${what}` };
}

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
export function PersonResults({ csrf, search, leads, money, eraseError }: PersonResultsProps) {
  const mailOn = useMailOn();
  const who = describeSearch(search);
  const unsent = unsentCounts(money);
  if (leads.length === 0 && money.quotes.length === 0 && money.invoices.length === 0) {
    return (
      <div className="admin-person-results">
        <Notice tone="info">{`No leads for ${who}.`}</Notice>
      </div>
    );
  }
  const erase = eraseWords(leads.length, unsent);
  const now = Date.now();
  const cancels = leads.flatMap(({ lead }) => {
    const words = erasureCancelWords(lead, now, mailOn);
    return words ? [{ id: lead.id, words }] : [];
  });
  return (
    <div className="admin-person-results">
      <h2 className="admin-person-results__title">{`${countsIn(leads.length, money.quotes.length, money.invoices.length)} for ${who}`}</h2>
      <div className="admin-person-tools">
        <form method="post" action="/admin/leads/person/export" className="admin-person-tool">
          <SearchFields csrf={csrf} search={search} />
          <p className="admin-muted">
            {leads.length > 0
              ? 'A copy to send the person: every stored field of these leads, their quotes and invoices, in one file.'
              : 'A copy to send the person: every stored field of these quotes and invoices, in one file.'}
          </p>
          <button type="submit" className={buttonClass('outline')}>
            Download as one file (JSON)
          </button>
        </form>
        {(leads.length > 0 || unsent.quotes + unsent.invoices > 0) && (
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
              <span>{erase.confirm}</span>
            </label>
            <button type="submit" className={buttonClass('destructive')}>
              {erase.button}
            </button>
          </form>
        )}
      </div>
      <PersonMoney money={money} />
      {leads.length > 0 && (
        <ul className="admin-list">
          {leads.map((view) => (
            <LeadCard key={view.lead.id} view={view} csrf={csrf} back="/admin/leads" actions="delete-only" />
          ))}
        </ul>
      )}
    </div>
  );
}
