import type { Lead } from '../db/schema';
import { type EmailContent, oneLine, type Row, renderEmail } from '../outbox/email-layout';
import type { ContentView } from '../site-content/view';
import { areaNote, bestTimeOf, leadReference, photoCountText, receivedAt } from './lead-summary';
import { SURVEY_SLUG } from './quote-request-words';

export { escapeHtml } from '../rules/text';

/** The owner's e-mail for one lead: what was sent, and a link to the lead (and its photos) in the admin. */
export type LeadEmailContent = EmailContent;

export interface OwnerEmailContext {
  photoCount: number;
  /** The site's origin, for the link to the lead in the admin. */
  origin: string;
  /** The content revision the e-mail is written from (services, areas, the business's facts). */
  content: ContentView;
}

const DEFAULT_QUOTE_SERVICE = 'CCTV drain survey';

const areaNamesOf = (areas: ContentView['areas']) =>
  [...new Set([...areas.places, ...areas.towns.map((town) => town.name)])].sort((a, b) => b.length - a.length);
const POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?(\s*\d[A-Z]{2})?\b/gi;

/**
 * The town for a quote's subject: the last area we serve named in the address (the post town
 * comes last, so '8 Poole Road, Bournemouth' is Bournemouth), or else the address's last part
 * that is not a postcode.
 */
export function townFromAddress(address: string, areas: ContentView['areas']): string {
  const areaNames = areaNamesOf(areas);
  const lower = address.toLowerCase();
  let best: { area: string; end: number } | null = null;
  for (const area of areaNames) {
    const name = area.toLowerCase();
    for (let at = lower.indexOf(name); at !== -1; at = lower.indexOf(name, at + 1)) {
      const end = at + name.length;
      const bounded = !/[a-z]/.test(lower[at - 1] ?? ' ') && !/[a-z]/.test(lower[end] ?? ' ');
      // Later wins; at the same end the longer name ('New Milton' over 'Milton') was seen first.
      if (bounded && (!best || end > best.end)) best = { area, end };
    }
  }
  if (best) return best.area;
  const parts = address
    .split(/[,\n]/)
    .map((part) => part.replace(POSTCODE, '').trim())
    .filter((part) => /[a-z]/i.test(part));
  return parts.at(-1) ?? address.trim();
}

export function serviceTitle(slug: string, services: ContentView['services']): string {
  return services.find((service) => service.slug === slug)?.title ?? DEFAULT_QUOTE_SERVICE;
}

/** What the owner's e-mail is about, before anything else: the service asked for, the spec's survey by default. */
function quoteHeading(lead: Lead, service: string): string {
  return lead.service === '' || lead.service === SURVEY_SLUG
    ? 'Free CCTV drain survey quote request'
    : `Quote request: ${service}`;
}

/** A call asked for as soon as possible leads the subject, so it stands out in the inbox. */
const asapPrefix = (lead: Lead) => (lead.bestTime === 'asap' ? 'As soon as possible: ' : '');

export const adminLeadUrl = (origin: string, id: string) => `${origin.replace(/\/+$/, '')}/admin/leads/${id}`;

export function leadEmailContent(lead: Lead, context: OwnerEmailContext): LeadEmailContent {
  const phone = lead.phone || 'not given';
  const footer = `Reply to this e-mail to answer ${lead.name} directly. Reference ${leadReference(lead.id)}, received ${receivedAt(lead)}.`;
  const link = {
    text: context.photoCount > 0 ? 'See this lead and its photos in the admin' : 'See this lead in the admin',
    href: adminLeadUrl(context.origin, lead.id),
  };
  const common: Row[] = [
    ['Best time to call', bestTimeOf(lead)],
    ['Photos', photoCountText(context.photoCount)],
  ];
  if (lead.kind === 'contact') {
    const rows: Row[] = [['Name', lead.name], ['Email', lead.email], ['Phone', phone], ...common];
    return {
      subject: oneLine(`${asapPrefix(lead)}New contact message from ${lead.name}`),
      ...renderEmail({
        heading: 'New contact message from the website',
        rows,
        longLabel: 'Message',
        longText: lead.message,
        outro: [link],
        footer,
      }),
    };
  }
  const service = serviceTitle(lead.service, context.content.services);
  const area = areaNote(lead);
  const rows: Row[] = [
    ['Service', service],
    ['Name', lead.name],
    ['Email', lead.email],
    ['Phone', phone],
    ['Address', lead.address],
    ...(area ? ([['Area', area]] as Row[]) : []),
    ...common,
  ];
  const outside = lead.areaCheck === 'outside' ? ' (outside our areas)' : '';
  return {
    subject: oneLine(
      `${asapPrefix(lead)}Quote request: ${service}, ${townFromAddress(lead.address, context.content.areas)}${outside}`,
    ),
    ...renderEmail({
      heading: quoteHeading(lead, service),
      rows,
      longLabel: 'Details',
      longText: lead.message || 'None given.',
      outro: [link],
      footer,
    }),
  };
}
