import type { Lead } from '../../db/schema';

/**
 * Where a lead came from, in one line for its card: "Advert (google / cpc, Spring surveys), via
 * /services/drain-unblocking, form on /contact". Every part is what the requests said
 * (`leadAttribution`); parts that were not seen are left out.
 */
export function cameFrom(lead: Lead): string {
  if (!lead.source) return '';
  const source = lead.source[0]!.toUpperCase() + lead.source.slice(1);
  const campaign = [lead.utmSource, lead.utmMedium].filter(Boolean).join(' / ');
  const details = [lead.referrerOrigin ? new URL(lead.referrerOrigin).host : '', campaign, lead.utmCampaign ?? '']
    .filter(Boolean)
    .join(', ');
  return [
    details ? `${source} (${details})` : source,
    lead.previousPage ? `via ${lead.previousPage}` : '',
    lead.formPage ? `form on ${lead.formPage}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** A walk-in's "Came from": no form sent them, the owner's quote made the lead. */
export const WALK_IN_WORDS = 'Walk-in: no request, the lead was made when we sent them a quote';
