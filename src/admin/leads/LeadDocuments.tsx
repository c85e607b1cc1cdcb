import { buttonClass } from '../../components/button';

/** One quote or invoice in a lead page's list: where it opens, and what it is in words (number, state...). */
interface LeadDocumentLink {
  id: string;
  href: string;
  text: string;
}

/**
 * A section of the lead page listing the job's quotes or its invoices (newest first, each a link
 * to its page) and the button that starts a new one (none: not offered yet). Not printed: the
 * printed job sheet is for the engineer.
 */
export function LeadDocuments({
  heading,
  headingId,
  documents,
  start,
}: {
  heading: string;
  headingId: string;
  documents: readonly LeadDocumentLink[];
  start?: { href: string; label: string };
}) {
  return (
    <section className="lead-page__section no-print" aria-labelledby={headingId}>
      <h2 className="lead-page__heading" id={headingId}>
        {heading}
      </h2>
      {documents.length > 0 && (
        <ul className="quotes-list__items">
          {documents.map((document) => (
            <li key={document.id} className="quotes-list__item">
              <a href={document.href}>{document.text}</a>
            </li>
          ))}
        </ul>
      )}
      {start && (
        <p>
          <a className={buttonClass('outline', 'sm')} href={start.href}>
            {start.label}
          </a>
        </p>
      )}
    </section>
  );
}
