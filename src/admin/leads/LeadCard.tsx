import { useContext } from 'react';
import { buttonClass } from '../../components/button';
import type { LeadView } from '../../db/admin-leads';
import { areaNote, bestTimeOf, leadReference } from '../../leads/lead-summary';
import { JOB_STATUS_LABELS } from '../../rules/job-status';
import { formatLondon } from '../../rules/uk-time';
import { ContentContext } from '../../site-content/context';
import { serviceIn } from '../../site-content/view';
import { Badge } from '../shell/parts';
import { cameFrom, WALK_IN_WORDS } from './came-from';
import { DetailRow } from './DetailRow';
import { LeadMessages } from './LeadMessages';
import { LeadPhotos } from './LeadPhotos';
import { leadPath } from './paths';
import { STATUS_TONE } from './status-badge';

export interface LeadCardProps {
  view: LeadView;
  csrf: string;
  /** The page the action forms return to. */
  back: string;
  /** 'delete-only' where the card is evidence for a privacy request, not work to do (Find a person). */
  actions?: 'all' | 'delete-only';
}

/** One lead: who, what they asked, when to call, their photos, whether each e-mail went, and what to do next. */
export function LeadCard({ view, csrf, back, actions = 'all' }: LeadCardProps) {
  const { lead, messages, photos } = view;
  const content = useContext(ContentContext);
  const service = lead.service ? ((content && serviceIn(content, lead.service)?.title) ?? lead.service) : '';
  const area = areaNote(lead);
  return (
    <li className={`admin-item admin-lead${lead.handledAt ? ' admin-lead--handled' : ''}`}>
      <div className="admin-item__main">
        <p className="admin-item__meta">
          <Badge tone="blue">{lead.kind === 'quote' ? 'Quote request' : 'Contact message'}</Badge>
          {lead.areaCheck === 'outside' && <Badge tone="amber">Outside our areas</Badge>}
          <Badge tone={STATUS_TONE[lead.jobStatus]}>{JOB_STATUS_LABELS[lead.jobStatus]}</Badge>
          <span>{formatLondon(lead.createdAt)}</span>
          <span>{`Ref. ${leadReference(lead.id)}`}</span>
        </p>
        <h2 className="admin-lead__name">
          <a href={leadPath(lead.id)}>{lead.name}</a>
        </h2>
        <dl className="admin-lead__details">
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${lead.email}`}>{lead.email}</a>
          </dd>
          {lead.phone && (
            <>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</a>
              </dd>
            </>
          )}
          <dt>Best time</dt>
          <dd>{bestTimeOf(lead)}</dd>
          <DetailRow term="Address">{lead.address}</DetailRow>
          <DetailRow term="Area">{area}</DetailRow>
          <DetailRow term="Service">{service}</DetailRow>
          <DetailRow term="Came from">{lead.walkIn ? WALK_IN_WORDS : lead.source && cameFrom(lead)}</DetailRow>
        </dl>
        {lead.message && <p className="admin-lead__message">{lead.message}</p>}
        <LeadPhotos leadId={lead.id} photos={photos} csrf={csrf} />
        <LeadMessages messages={messages} csrf={csrf} back={back} resend={actions === 'all'} />
      </div>
      <div className="admin-item__actions">
        <a className={buttonClass('ghost', 'sm', 'admin-danger-link')} href={`${leadPath(lead.id)}/delete`}>
          Delete…
        </a>
      </div>
    </li>
  );
}
