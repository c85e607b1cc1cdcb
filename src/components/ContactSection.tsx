import { byLine } from '../content/line-wording';
import { tapPing } from '../http/tap-ping';
import { useSite } from '../site-content/context';
import { buttonClass } from './button';
import { type ContactCard, contactCardsFor } from './contact-cards';
import { Icon } from './Icon';
import { KeptPerRevision } from './KeptPerRevision';
import { SectionHeader } from './SectionHeader';

function CardMedia({ card }: { card: ContactCard }) {
  if (card.type === 'image' && card.imageUrl) {
    return (
      <img
        className="contact-card__portrait"
        src={card.imageUrl}
        alt={card.imageAlt ?? ''}
        width="96"
        height="96"
        loading="lazy"
        decoding="async"
      />
    );
  }
  return <span className="contact-card__icon">{card.icon && <Icon name={card.icon} size={28} />}</span>;
}

/** docs/spec.md §2 'Contact section': the four ways to reach us and the big call button. */
export function ContactSection() {
  const site = useSite();
  return (
    <section className="section section--alt contact-section" aria-labelledby="contact-heading">
      <KeptPerRevision id="contact-section">
        <div className="container">
          <SectionHeader id="contact-heading" title="Get in Touch">
            {`Blocked drain, strange smell or planning a survey? ${byLine(site.line, 'Call, message or e-mail us, day or night.', 'Call us {when}, or send a message or an e-mail at any hour.')}`}
          </SectionHeader>
          <ul className="contact-cards">
            {contactCardsFor(site).map((card) => (
              <li key={card.title} className="contact-card">
                <CardMedia card={card} />
                <h3 className="contact-card__title">{card.title}</h3>
                <p className="contact-card__text">{card.text}</p>
                <a
                  className="contact-card__link"
                  href={card.href}
                  ping={tapPing(card.href)}
                  data-print-number={card.printNumber}
                  {...(card.external ? { target: '_blank', rel: 'noopener' } : {})}
                >
                  {card.contact}
                </a>
              </li>
            ))}
          </ul>
          <div className="contact-section__cta">
            <a
              className={buttonClass('destructive', 'lg')}
              href={site.phone.emergency.href}
              ping={tapPing(site.phone.emergency.href)}
              data-print-number={site.phone.emergency.display}
            >
              <Icon name="phone" size={20} /> Call for Immediate Drain Help
            </a>
          </div>
        </div>
      </KeptPerRevision>
    </section>
  );
}
