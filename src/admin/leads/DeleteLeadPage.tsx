import { buttonClass } from '../../components/button';
import type { Lead } from '../../db/schema';
import { erasureCancelWords } from '../../jobs/visit-cancel';
import { formatLondon } from '../../rules/uk-time';
import { CSRF_FIELD } from '../auth/session';
import { Notice } from '../shell/MessagePage';
import { useMailOn } from '../shell/mail-off';

export interface DeleteLeadPageProps {
  lead: Pick<Lead, 'id' | 'kind' | 'name' | 'email' | 'createdAt' | 'jobStatus' | 'bookedDay' | 'bookedFrom' | 'bookedTo'>;
  csrf: string;
  error?: string;
}

/** Deleting a lead needs a second step: this page, and a box ticked on purpose (no JavaScript). */
export function DeleteLeadPage({ lead, csrf, error }: DeleteLeadPageProps) {
  const cancels = erasureCancelWords(lead, Date.now(), useMailOn());
  return (
    <section className="admin-panel admin-panel--narrow">
      <h1 className="admin-title">Delete this lead?</h1>
      <p>
        <strong>{lead.name}</strong>
        <br />
        <span className="admin-muted">{lead.email}</span>
        <br />
        <span className="admin-muted">
          {`${lead.kind === 'quote' ? 'Quote request' : 'Contact message'}, ${formatLondon(lead.createdAt)}`}
        </span>
      </p>
      <p>The lead and everything stored with it are deleted for good. This cannot be undone.</p>
      {cancels && <p>{cancels}</p>}
      {error && <Notice tone="error">{error}</Notice>}
      <form method="post" action={`/admin/leads/${lead.id}/delete`} className="admin-form">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <label className="admin-check">
          <input type="checkbox" name="confirm" value="yes" required />
          <span>Yes, delete this lead and everything stored with it</span>
        </label>
        <div className="admin-form__actions">
          <button type="submit" className={buttonClass('destructive')}>
            Delete
          </button>
          <a className={buttonClass('ghost')} href="/admin/leads">
            Keep it
          </a>
        </div>
      </form>
    </section>
  );
}
