import type { LeadListItem } from '../../db/admin-leads';
import { postcodeDistrictOf } from '../../leads/area-check';
import { townFromAddress } from '../../leads/email-content';
import { JOB_STATUS_LABELS } from '../../rules/job-status';
import { formatLondon } from '../../rules/uk-time';
import type { ContentView } from '../../site-content/view';
import { serviceIn } from '../../site-content/view';
import { ageText } from './age';
import { assigneeWords } from './assignment';
import { RETURNING_CUSTOMER } from './EarlierJobs';
import { leadPath } from './paths';

/** Where the job is: the town named in the address and the postcode district ('Bournemouth BH6'). */
export function placeOf(address: string, content: ContentView | null): string {
  if (!address) return '';
  const district = postcodeDistrictOf(address) ?? '';
  const town = content ? townFromAddress(address, content.areas) : '';
  return [town, district].filter(Boolean).join(' ');
}

/**
 * One lead in the inbox, one tap to open: two short lines, so a phone's first screen holds several.
 * A lead not yet contacted is marked; "as soon as possible" stands out. A customer who comes back
 * (`returningCustomer`) is marked beside the name, in short on a phone, so the row keeps its two
 * lines and the name most of its room. A booked job says who goes, in the lead page's words.
 */
export function LeadRow({ item, content, now }: { item: LeadListItem; content: ContentView | null; now: number }) {
  const { lead, photoCount, returning, assigneeName, assigneeRemoved } = item;
  const service = lead.service ? ((content && serviceIn(content, lead.service)?.title) ?? lead.service) : '';
  const what = lead.walkIn
    ? `Walk-in${service ? `: ${service}` : ''}`
    : service || (lead.kind === 'quote' ? 'Quote request' : 'Contact message');
  const place = placeOf(lead.address, content);
  const fresh = lead.jobStatus === 'new';
  const asap = lead.bestTime === 'asap';
  const classes = ['inbox-row', fresh ? 'inbox-row--new' : '', asap ? 'inbox-row--asap' : ''].filter(Boolean).join(' ');
  return (
    <li className={classes}>
      <a className="inbox-row__link" href={leadPath(lead.id)}>
        <span className="inbox-row__top">
          <span className="inbox-row__name">{lead.name}</span>
          {returning && (
            // On a phone it reads "Returning" (the rest for screen readers only), so the name keeps its room.
            <span className="inbox-row__returning" title={RETURNING_CUSTOMER}>
              Returning<span className="inbox-row__returning-rest"> customer</span>
            </span>
          )}
          <time className="inbox-row__age" dateTime={new Date(lead.createdAt).toISOString()} title={formatLondon(lead.createdAt)}>
            {ageText(lead.createdAt, now)}
          </time>
        </span>
        <span className="inbox-row__sub">
          <span className={`inbox-row__status inbox-row__status--${lead.jobStatus}`}>
            {fresh ? 'Not contacted' : JOB_STATUS_LABELS[lead.jobStatus]}
          </span>
          {asap && <span className="inbox-row__asap">ASAP</span>}
          <span className="inbox-row__what">{what}</span>
          {place && <span className="inbox-row__place">{place}</span>}
          {photoCount > 0 && (
            <span className="inbox-row__photos">{`${photoCount} ${photoCount === 1 ? 'photo' : 'photos'}`}</span>
          )}
          {assigneeName && <span className="inbox-row__goes">{`Who goes: ${assigneeWords(assigneeName, assigneeRemoved)}`}</span>}
        </span>
      </a>
    </li>
  );
}
