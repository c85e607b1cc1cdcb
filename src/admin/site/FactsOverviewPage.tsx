import { regionTowns } from '../../content/region-towns';
import { termsLabel } from '../../rules/invoice-terms';
import { emergencyLineOf } from '../../site-content/emergency-line';
import { invoicingOf } from '../../site-content/invoicing';
import type { Facts } from '../../site-content/model';
import type { OwnClaim } from '../../site-content/own-claims';
import { quoteTermsOf } from '../../site-content/quote-terms';
import { FACT_PARTS, FACTS_SHOW, type FactPart } from './fact-parts';
import { Saved } from './parts';
import { Heading } from './SiteIndexPage';

/** What each part holds now, in a line, so the owner finds the one to change without opening them all. */
function partSummary(part: FactPart, facts: Facts): string {
  switch (part) {
    case 'contact':
      return `${facts.emergencyPhone} · WhatsApp ${facts.whatsappNumber} · ${facts.email}`;
    case 'business':
      return `${facts.name} · ${facts.tagline}`;
    case 'place': {
      const town = regionTowns.find((t) => t.lat === facts.position.lat && t.lng === facts.position.lng);
      const address = [facts.address.street, facts.address.locality, facts.address.town, facts.address.postcode].filter(Boolean);
      return `${address.join(', ')}${town ? ` · on the map at ${town.name}` : ''}`;
    }
    case 'hours':
      return facts.hours.mode === '24/7'
        ? 'Open 24/7'
        : `${
            facts.hours.days
              .filter((d) => d.opens)
              .map((d) => `${d.day.slice(0, 3)} ${d.opens}–${d.closes}`)
              .join(', ') || 'Closed every day'
          } · emergency line ${emergencyLineOf(facts).allHours ? '24/7' : 'in these hours'}`;
    case 'claims':
      return `${facts.response.average} · rated ${facts.rating.value}/${facts.rating.best} by ${facts.rating.count}`;
    case 'quotes': {
      const terms = quoteTermsOf(facts);
      return terms.length > 90 ? `${terms.slice(0, 90)}…` : terms;
    }
    case 'invoicing': {
      const invoicing = invoicingOf(facts);
      return `${termsLabel(invoicing.termsDays)} · ${invoicing.accountNumber ? `bank ${invoicing.sortCode}` : 'no bank details yet'}`;
    }
  }
}

export function FactsOverviewPage({
  facts,
  saved,
  stillSayAllHours = [],
}: {
  facts: Facts;
  saved: boolean;
  /** The owner's own words that still say 24/7 while the line keeps hours (`ownTextsClaimingAllHours`). */
  stillSayAllHours?: OwnClaim[];
}) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <Heading title="Business facts" intro={`${FACTS_SHOW} Each part is saved on its own.`} />
      <Saved saved={saved} />
      {stillSayAllHours.length > 0 && (
        <div className="admin-notice admin-notice--warning" role="note">
          <p>
            The emergency line no longer answers 24/7, but words you wrote still say it does (24/7, round the clock, day or night,
            any time). The rest of the site already gives your hours; please change these too:
          </p>
          <ul>
            {stillSayAllHours.map((claim) => (
              <li key={claim.href}>
                <a href={claim.href}>{`Change ${claim.words}`}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ul className="admin-list">
        {FACT_PARTS.map((part) => (
          <li key={part.id} className="admin-item">
            <div className="admin-item__main">
              <a className="admin-item__title" href={`/admin/site/facts/${part.id}`}>
                {part.legend}
              </a>
              <p className="admin-item__meta">{partSummary(part.id, facts)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
