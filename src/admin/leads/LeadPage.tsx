import { buttonClass } from '../../components/button';
import type { LeadView } from '../../db/admin-leads';
import { Notice } from '../shell/MessagePage';
import { LeadCard } from './LeadCard';
import { LEAD_NOTICES, type LeadNotice } from './LeadsPage';
import { leadPath } from './paths';

/** One lead on its own page: where the owner's e-mail links to, with its photos and e-mails. */
export function LeadPage({ view, csrf, notice }: { view: LeadView; csrf: string; notice?: LeadNotice }) {
  const [tone, text] = notice ? LEAD_NOTICES[notice] : [];
  return (
    <section className="admin-panel">
      <div className="admin-heading">
        <h1 className="admin-title">{view.lead.kind === 'quote' ? 'Quote request' : 'Contact message'}</h1>
        <a className={buttonClass('ghost', 'sm')} href="/admin/leads">
          ← All leads
        </a>
      </div>
      {tone && <Notice tone={tone}>{text}</Notice>}
      <ul className="admin-list">
        <LeadCard view={view} csrf={csrf} back={leadPath(view.lead.id)} />
      </ul>
    </section>
  );
}
