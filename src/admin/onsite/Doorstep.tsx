import type { Lead } from '../../db/schema';
import { normalPostcode, postcodeOf } from '../../leads/area-check';
import type { AcceptedLine } from '../../rules/accepted-work';
import { formatQuantity } from '../../rules/money';
import { e164 } from '../../rules/phone';
import { DetailRow } from '../leads/DetailRow';

/**
 * The job sheet's doorstep view (issue 57): what whoever goes needs at the door, first on the
 * screen: a call button for the customer, the address with directions (a plain maps link for the
 * postcode, no key, nothing loaded until tapped), the booking window, the service, the access
 * notes (what the customer wrote: leads have no field of their own for them) and the work the
 * customer accepted, with the options they ticked and the quantities, never a price.
 */

/** The address's postcode as Royal Mail prints it ('BH15 1HJ'), or null. */
const postcodeIn = (address: string) => {
  const postcode = postcodeOf(address);
  return postcode ? normalPostcode(postcode) : null;
};

/** Directions to the address in the phone's maps, by its postcode when it has one. */
const directionsUrl = (address: string) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(postcodeIn(address) ?? address)}`;

export interface DoorstepProps {
  lead: Lead;
  service: string;
  booking: string;
  work: { number: string; lines: AcceptedLine[] } | null;
}

function AcceptedWork({ work }: { work: DoorstepProps['work'] }) {
  if (!work) return <p className="doorstep__none">No quote accepted: the customer’s words above say what is wanted.</p>;
  return (
    <>
      <p className="doorstep__quote">{`Quote ${work.number}, accepted by the customer.`}</p>
      <ul className="doorstep__work">
        {work.lines.map((line, index) => (
          <li key={index}>
            <span className="doorstep__quantity">{`${formatQuantity(line.quantityMilli)} ×`}</span> {line.description}
            {line.chosen && <span className="doorstep__chosen"> (chosen by the customer)</span>}
          </li>
        ))}
      </ul>
    </>
  );
}

export function Doorstep({ lead, service, booking, work }: DoorstepProps) {
  const number = lead.phone ? e164(lead.phone) : '';
  return (
    <section className="doorstep" aria-label="On the doorstep">
      <p className="lead-booking">{booking}</p>
      <nav className="lead-contact" aria-label="Contact the customer">
        {number && (
          <a className="lead-contact__button lead-contact__button--call" href={`tel:${number}`}>
            <span className="lead-contact__verb">Call</span>
            <span className="lead-contact__detail">{lead.phone}</span>
          </a>
        )}
        {lead.address && (
          <a className="lead-contact__button" href={directionsUrl(lead.address)} rel="noreferrer">
            <span className="lead-contact__verb">Directions</span>
            <span className="lead-contact__detail">{postcodeIn(lead.address) ?? 'Maps'}</span>
          </a>
        )}
      </nav>
      <dl className="admin-lead__details">
        <DetailRow term="Address">{lead.address}</DetailRow>
        <DetailRow term="Service">{service}</DetailRow>
        <dt>Phone</dt>
        <dd>{lead.phone || 'Not given'}</dd>
      </dl>
      <h2 className="lead-page__heading">Access notes and what the customer wrote</h2>
      <p className="admin-lead__message">{lead.message || 'None given.'}</p>
      <h2 className="lead-page__heading">The work</h2>
      <AcceptedWork work={work} />
    </section>
  );
}
