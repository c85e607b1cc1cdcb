import ContactButtonsIsland from '../../../client/admin/islands/ContactButtons';
import { Island } from '../../components/Island';
import type { Lead } from '../../db/schema';
import { leadReference } from '../../leads/lead-summary';
import { e164 } from '../../rules/phone';
import { calledPath } from './paths';

/**
 * The three ways to answer a lead, first on its page and large enough for a thumb: a call, a
 * WhatsApp chat and an e-mail, each a plain link the phone hands to its own app. An island
 * (the ContactButtons island) reports a tap on Call or WhatsApp, the lead's answer on
 * the timeline and the dashboard; without JavaScript the links work the same and nothing is recorded.
 */
export function ContactButtons({ lead, businessName, csrf }: { lead: Lead; businessName: string; csrf: string }) {
  const number = lead.phone ? e164(lead.phone) : '';
  const greeting = `Hello ${lead.name.split(/\s+/)[0]}, this is ${businessName} about your request (ref. ${leadReference(lead.id)}).`;
  const subject = `Your request to ${businessName} (ref. ${leadReference(lead.id)})`;
  return (
    <Island
      name="ContactButtons"
      component={ContactButtonsIsland}
      props={{
        recordTo: calledPath(lead.id),
        csrf,
        call: number ? { href: `tel:${number}`, number: lead.phone ?? '' } : undefined,
        whatsapp: number ? `https://wa.me/${number.slice(1)}?text=${encodeURIComponent(greeting)}` : undefined,
        email: `mailto:${lead.email}?subject=${encodeURIComponent(subject)}`,
      }}
    />
  );
}
