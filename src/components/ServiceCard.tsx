import type { Service } from '../content/types';
import { useContent } from '../site-content/context';
import { CheckList } from './CheckList';
import { Icon } from './Icon';
import { PriceFrom } from './PriceFrom';

/** A card on /services: icon, title, description, the four features and 'Learn More'. */
export function ServiceCard({ service }: { service: Service }) {
  const { prices } = useContent();
  const href = `/services/${service.slug}`;
  const headingId = `service-${service.slug}`;
  return (
    <article className="service-card" aria-labelledby={headingId}>
      <span className="service-card__icon">
        <Icon name={service.icon} size={28} />
      </span>
      <h2 id={headingId} className="service-card__title">
        <a href={href}>{service.title}</a>
      </h2>
      <p className="service-card__text">{service.description}</p>
      <PriceFrom price={prices[service.slug]} />
      <CheckList items={service.features} className="service-card__features" />
      <a className="service-card__more" href={href}>
        Learn More<span className="visually-hidden"> about {service.title}</span>
        <Icon name="arrow-right" size={18} />
      </a>
    </article>
  );
}
