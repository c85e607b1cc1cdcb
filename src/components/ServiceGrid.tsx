import { useContent } from '../site-content/context';
import { buttonClass } from './button';
import { Icon } from './Icon';
import { KeptPerRevision } from './KeptPerRevision';
import { priceFromText } from './PriceFrom';
import { SectionHeader } from './SectionHeader';

/** The home page's icon grid: every service, one tap from its page, with the owner's "from £X" where set. */
export function ServiceGrid() {
  const { services, prices } = useContent();
  return (
    <section className="section" aria-labelledby="services-heading">
      <KeptPerRevision id="service-grid">
        <div className="container">
          <SectionHeader id="services-heading" title="Our Drainage & Plumbing Services">
            From a blocked sink to a collapsed sewer, one local team handles it all.
          </SectionHeader>
          <ul className="service-grid">
            {services.map((service) => (
              <li key={service.slug}>
                <a className="service-tile" href={`/services/${service.slug}`}>
                  <span className="service-tile__icon">
                    <Icon name={service.icon} size={28} />
                  </span>
                  <span className="service-tile__title">{service.title}</span>
                  {prices[service.slug] && <span className="service-tile__price">{priceFromText(prices[service.slug]!)}</span>}
                </a>
              </li>
            ))}
          </ul>
          <p className="section__more">
            <a className={buttonClass('outline', 'lg')} href="/services">
              View All Services <Icon name="arrow-right" size={18} />
            </a>
          </p>
        </div>
      </KeptPerRevision>
    </section>
  );
}
