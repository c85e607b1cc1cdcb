import type { Lead } from '../../db/schema';
import { leadReference } from '../../leads/lead-summary';
import { e164 } from '../../rules/phone';

/**
 * The three ways to answer a lead, first on its page and large enough for a thumb: a call, a
 * WhatsApp chat and an e-mail, each a plain link the phone hands to its own app.
 */
export function ContactButtons({ lead, businessName }: { lead: Lead; businessName: string }) {
  const number = lead.phone ? e164(lead.phone) : '';
  const greeting = `Hello ${lead.name.split(/\s+/)[0]}, this is ${businessName} about your request (ref. ${leadReference(lead.id)}).`;
  const subject = `Your request to ${businessName} (ref. ${leadReference(lead.id)})`;
  return (
    <nav className="lead-contact" aria-label="Contact the customer">
      {number && (
        <a className="lead-contact__button lead-contact__button--call" href={`tel:${number}`}>
          <span className="lead-contact__verb">Call</span>
          <span className="lead-contact__detail">{lead.phone}</span>
        </a>
      )}
      {number && (
        <a
          className="lead-contact__button"
          href={`https://wa.me/${number.slice(1)}?text=${encodeURIComponent(greeting)}`}
          rel="noopener noreferrer"
        >
          <span className="lead-contact__verb">WhatsApp</span>
        </a>
      )}
      <a className="lead-contact__button" href={`mailto:${lead.email}?subject=${encodeURIComponent(subject)}`}>
        <span className="lead-contact__verb">E-mail</span>
      </a>
    </nav>
  );
}
