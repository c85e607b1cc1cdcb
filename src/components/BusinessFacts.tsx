import { clockWords } from '../rules/clock-words';
import { useSite } from '../site-content/context';

/** The opening hours the owner set: 24/7, or each day's hours (a day without hours is closed). */
export function OpeningHours() {
  const { hours } = useSite();
  if (hours.allDay) return <span className="contact-line__note">{`${hours.display}.`}</span>;
  return (
    <ul className="opening-hours">
      {hours.days.map((day) => (
        <li key={day.day}>
          <span>{day.day}</span>{' '}
          <span>{day.opens && day.closes ? `${clockWords(day.opens)} to ${clockWords(day.closes)}` : 'Closed'}</span>
        </li>
      ))}
    </ul>
  );
}

/** The company and VAT numbers and the accreditations, where the owner gave them. */
export function BusinessDetails() {
  const site = useSite();
  const numbers = [
    site.companyNumber && `Company number ${site.companyNumber}`,
    site.vatNumber && `VAT ${site.vatNumber}`,
  ].filter(Boolean);
  if (numbers.length === 0 && site.accreditations.length === 0) return null;
  return (
    <div className="container site-footer__details">
      {site.accreditations.length > 0 && (
        <ul className="site-footer__accreditations" aria-label="Accreditations and insurance">
          {site.accreditations.map((a) => (
            <li key={a.name}>{a.url ? <a href={a.url}>{a.name}</a> : a.name}</li>
          ))}
        </ul>
      )}
      {numbers.length > 0 && <p>{`${site.name}. ${numbers.join(' · ')}.`}</p>}
    </div>
  );
}
