import { buttonClass } from '../components/button';
import { Icon } from '../components/Icon';
import { PageHero } from '../components/PageHero';
import { ServiceCard } from '../components/ServiceCard';
import { byLine } from '../content/line-wording';
import { tapPing } from '../http/tap-ping';
import type { PageMeta } from '../render/meta';
import { breadcrumbJsonLd } from '../seo/jsonld';
import { useContent } from '../site-content/context';
import type { ContentView } from '../site-content/view';

export const servicesMeta = (origin: string, { site }: ContentView): PageMeta => ({
  title: `Drainage & Plumbing Services in Bournemouth & Poole | ${site.shortName}`,
  description: `Drain unblocking, CCTV surveys, no-dig relining, soakaways, pump repairs, root cutting and ${byLine(site.line, '24/7 ', '')}emergency plumbing across Bournemouth, Christchurch, Poole and the New Forest.`,
  path: '/services',
  keywords: [
    'drainage services Bournemouth',
    'drain repair Poole',
    'drain relining Christchurch',
    'CCTV drain survey New Forest',
    'emergency plumbing Bournemouth',
  ],
  jsonLd: breadcrumbJsonLd(origin, [{ name: 'Services', path: '/services' }]),
});

export function ServicesPage() {
  const { site, services } = useContent();
  return (
    <>
      <PageHero
        title="Our Services"
        lead={`Everything your drains need, from a quick unblock to a full no-dig repair, across ${site.serviceAreaSummary}.`}
      >
        <a
          className={buttonClass('destructive', 'lg')}
          href={site.phone.emergency.href}
          ping={tapPing(site.phone.emergency.href)}
        >
          <Icon name="phone" size={20} /> Call {site.line.when}: {site.phone.emergency.display}
        </a>
        <a className={buttonClass('accent', 'lg')} href="/free-quote">
          Get a Free Survey Quote
        </a>
      </PageHero>
      <section className="section section--alt" aria-label="All services">
        <div className="container">
          <div className="service-cards">
            {services.map((service) => (
              <ServiceCard key={service.slug} service={service} />
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
