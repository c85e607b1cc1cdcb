/**
 * schema.org structured data, built from the same content the pages show. URLs are absolute
 * (search engines resolve JSON-LD without the page's base), so every builder takes the origin.
 */
import { serviceAreas } from '../content/areas';
import type { Faq, Service } from '../content/types';
import { absoluteUrl } from '../render/meta';
import { site } from '../site';

const CONTEXT = 'https://schema.org';

/** One step of a breadcrumb trail: a visible name and a site path. */
export interface Crumb {
  name: string;
  path: string;
}

/** The stable identifier of the business node, so other nodes can point at it. */
export const businessId = (origin: string) => absoluteUrl(origin, '/#business');

const areaServed = () => serviceAreas.map((name) => ({ '@type': 'Place', name }));

/** The company as a Plumber (a LocalBusiness subtype), for the home page. */
export function plumberJsonLd(origin: string) {
  return {
    '@context': CONTEXT,
    '@type': 'Plumber',
    '@id': businessId(origin),
    name: site.name,
    description: site.blurb,
    url: absoluteUrl(origin, '/'),
    logo: absoluteUrl(origin, '/logo.svg'),
    image: absoluteUrl(origin, '/og-image.png'),
    telephone: site.phone.emergency.href.replace(/^tel:/, ''),
    email: site.email.address,
    priceRange: site.priceRange,
    address: {
      '@type': 'PostalAddress',
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [...site.hours.days],
        opens: site.hours.opens,
        closes: site.hours.closes,
      },
    ],
    areaServed: areaServed(),
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: site.rating.value,
      bestRating: site.rating.best,
      ratingCount: site.rating.count,
    },
    sameAs: [site.social.instagram, site.social.x],
  };
}

/** A BreadcrumbList; the trail always starts at Home. */
export function breadcrumbJsonLd(origin: string, crumbs: readonly Crumb[]) {
  const trail: Crumb[] = [{ name: 'Home', path: '/' }, ...crumbs];
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}

/** One service, offered by the business across the 15 service areas. */
export function serviceJsonLd(origin: string, service: Service) {
  const url = absoluteUrl(origin, `/services/${service.slug}`);
  return {
    '@context': CONTEXT,
    '@type': 'Service',
    '@id': `${url}#service`,
    name: service.title,
    serviceType: service.title,
    description: service.description,
    url,
    image: absoluteUrl(origin, service.image),
    provider: {
      '@type': 'Plumber',
      '@id': businessId(origin),
      name: site.name,
      url: absoluteUrl(origin, '/'),
      telephone: site.phone.emergency.href.replace(/^tel:/, ''),
      priceRange: site.priceRange,
      address: {
        '@type': 'PostalAddress',
        addressLocality: site.address.locality,
        postalCode: site.address.postalCode,
        addressCountry: site.address.country,
      },
    },
    areaServed: areaServed(),
  };
}

/** The FAQ page's questions and answers (answers are plain text). */
export function faqPageJsonLd(faqs: readonly Faq[]) {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}
