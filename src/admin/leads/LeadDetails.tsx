import { useContext } from 'react';
import type { Lead, LeadPhoto } from '../../db/schema';
import { areaNote, bestTimeOf } from '../../leads/lead-summary';
import { formatLondon } from '../../rules/uk-time';
import { ContentContext } from '../../site-content/context';
import { serviceIn } from '../../site-content/view';
import { cameFrom, WALK_IN_WORDS } from './came-from';
import { DetailRow } from './DetailRow';
import { LeadPhotos } from './LeadPhotos';

/**
 * What the customer told us on the lead page: their message or a quote request's details, their
 * photos, and how to reach them, where, what for and when, and where they came from.
 */
export function LeadDetails({ lead, photos, csrf }: { lead: Lead; photos: readonly LeadPhoto[]; csrf: string }) {
  const content = useContext(ContentContext);
  const service = lead.service ? ((content && serviceIn(content, lead.service)?.title) ?? lead.service) : '';
  const area = areaNote(lead);
  return (
    <>
      <h2 className="lead-page__heading">{lead.kind === 'quote' ? 'Details' : 'Message'}</h2>
      <p className="admin-lead__message">{lead.message || 'None given.'}</p>
      <LeadPhotos leadId={lead.id} photos={photos} csrf={csrf} />
      <dl className="admin-lead__details">
        <dt>Phone</dt>
        <dd>{lead.phone || 'Not given'}</dd>
        <dt>E-mail</dt>
        <dd>{lead.email}</dd>
        <DetailRow term="Address">{lead.address}</DetailRow>
        <DetailRow term="Area">{area}</DetailRow>
        <DetailRow term="Service">{service}</DetailRow>
        <dt>Best time</dt>
        <dd>{bestTimeOf(lead)}</dd>
        <dt>Received</dt>
        <dd>{formatLondon(lead.createdAt)}</dd>
        <DetailRow term="Came from">{lead.walkIn ? WALK_IN_WORDS : lead.source && cameFrom(lead)}</DetailRow>
      </dl>
    </>
  );
}
