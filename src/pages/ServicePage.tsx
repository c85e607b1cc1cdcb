import { AreaList } from '../components/AreaList';
import { AreasSection } from '../components/AreasSection';
import { CallButton } from '../components/CallButton';
import { CheckList } from '../components/CheckList';
import { ContactSection } from '../components/ContactSection';
import { Icon } from '../components/Icon';
import { PageHero } from '../components/PageHero';
import { ServiceCta } from '../components/ServiceCta';
import type { Service } from '../content/types';
import { parseMediaUrl } from '../media/keys';
import type { PageMeta } from '../render/meta';
import { breadcrumbJsonLd, serviceJsonLd } from '../seo/jsonld';
import type { ContentView } from '../site-content/view';

export const serviceMeta = (origin: string, service: Service, content: ContentView): PageMeta => ({
  title: service.metaTitle,
  description: service.metaDescription,
  path: `/services/${service.slug}`,
  keywords: service.keywords,
  // The illustrations are SVG, which social networks do not show: the default PNG card stays.
  jsonLd: [
    serviceJsonLd(origin, service, content),
    breadcrumbJsonLd(origin, [
      { name: 'Services', path: '/services' },
      { name: service.title, path: `/services/${service.slug}` },
    ]),
  ],
});

/** One service: hero, description and benefits, the call to action, the long copy, areas, contact. */
export function ServicePage({ service }: { service: Service }) {
  // An upload from the Media library carries its size in its name; the illustrations are 800 x 500.
  const picture = parseMediaUrl(service.image);
  return (
    <>
      <PageHero
        title={service.title}
        lead={service.subtitle}
        before={
          <a className="back-link" href="/services">
            <Icon name="arrow-left" size={18} /> Back to Services
          </a>
        }
      >
        {/* The number in the first screen of a phone (docs/design.md, Calls first). */}
        <CallButton />
      </PageHero>
      <div className="section">
        <div className="container service-layout">
          <div className="service-layout__intro">
            <p className="service-layout__description">{service.description}</p>
            <CheckList items={service.benefits} className="check-list--two-col" />
          </div>
          <aside className="service-layout__aside">
            <ServiceCta service={service} />
          </aside>
          <figure className="service-layout__figure">
            <img
              src={service.image}
              alt={service.imageAlt}
              width={picture?.width ?? 800}
              height={picture?.height ?? 500}
              loading="lazy"
              decoding="async"
            />
          </figure>
          <div className="service-layout__body prose">
            {service.sections.map((section) => (
              <section key={section.heading}>
                <h2>{section.heading}</h2>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph.slice(0, 32)}>{paragraph}</p>
                ))}
              </section>
            ))}
          </div>
        </div>
      </div>
      <AreaList serviceTitle={service.title} />
      <AreasSection service={service.slug} />
      <ContactSection />
    </>
  );
}
