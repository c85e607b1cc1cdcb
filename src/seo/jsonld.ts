/**
 * schema.org structured data, built from the same content the pages show. URLs are absolute
 * (search engines resolve JSON-LD without the page's base), so every builder takes the origin.
 */
import type { Faq, Service } from '../content/types';
import { absoluteUrl, DEFAULT_OG_IMAGE, pictureAsTheLineAllows } from '../render/meta';
import { e164 } from '../rules/phone';
import { noticeSpan } from '../site-content/emergency-line';
import { WEEKDAYS } from '../site-content/model';
import type { ContentView } from '../site-content/view';

const CONTEXT = 'https://schema.org';

/** One step of a breadcrumb trail: a visible name and a site path. */
export interface Crumb {
  name: string;
  path: string;
}

/** The stable identifier of the business node, so other nodes can point at it. */
const businessId = (origin: string) => absoluteUrl(origin, '/#business');

const areaServed = (content: ContentView) => content.areas.places.map((name) => ({ '@type': 'Place', name }));

function postalAddress({ site }: ContentView) {
  return {
    '@type': 'PostalAddress',
    ...(site.address.street ? { streetAddress: site.address.street } : {}),
    addressLocality: site.address.locality,
    addressRegion: site.address.region,
    postalCode: site.address.postcode,
    addressCountry: 'GB',
  };
}

/** Around the clock only when the emergency line answers 24/7; otherwise the days' hours. */
function openingHours({ site }: ContentView) {
  if (site.line.allHours) {
    return [{ '@type': 'OpeningHoursSpecification', dayOfWeek: [...WEEKDAYS], opens: '00:00', closes: '23:59' }];
  }
  return site.line.days
    .filter((day) => day.opens && day.closes)
    .map((day) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: day.day, opens: day.opens, closes: day.closes }));
}

/** Notices that change the hours, for the days they cover (today's and future ones). */
function specialHours(content: ContentView, now: number) {
  const special = [];
  for (const notice of content.notices) {
    const span = noticeSpan(notice);
    if (!notice.hours || !span || span.end <= now) continue;
    special.push({
      '@type': 'OpeningHoursSpecification',
      validFrom: notice.starts.slice(0, 10),
      validThrough: notice.ends.slice(0, 10),
      opens: notice.hours.opens || '00:00',
      closes: notice.hours.closes || '00:00',
    });
  }
  return special;
}

/** The company as a Plumber (a LocalBusiness subtype), for the home page. */
export function plumberJsonLd(origin: string, content: ContentView, now = Date.now()) {
  const { site } = content;
  const special = specialHours(content, now);
  const identifiers = [
    site.companyNumber && { '@type': 'PropertyValue', propertyID: 'Companies House number', value: site.companyNumber },
    site.vatNumber && { '@type': 'PropertyValue', propertyID: 'VAT number', value: site.vatNumber },
  ].filter(Boolean);
  return {
    '@context': CONTEXT,
    '@type': 'Plumber',
    '@id': businessId(origin),
    name: site.name,
    description: site.blurb,
    url: absoluteUrl(origin, '/'),
    logo: absoluteUrl(origin, '/logo.svg'),
    image: absoluteUrl(origin, pictureAsTheLineAllows(DEFAULT_OG_IMAGE, site)),
    telephone: e164(site.emergencyPhone),
    email: site.email.address,
    priceRange: site.priceRange,
    address: postalAddress(content),
    geo: { '@type': 'GeoCoordinates', latitude: site.position.lat, longitude: site.position.lng },
    openingHoursSpecification: openingHours(content),
    ...(special.length > 0 ? { specialOpeningHoursSpecification: special } : {}),
    ...(identifiers.length > 0 ? { identifier: identifiers } : {}),
    ...(site.accreditations.length > 0
      ? {
          hasCredential: site.accreditations.map((a) => ({
            '@type': 'EducationalOccupationalCredential',
            name: a.name,
            ...(a.url ? { url: a.url } : {}),
          })),
        }
      : {}),
    areaServed: areaServed(content),
    // No aggregateRating: Google shows no stars for a business's rating of itself and does not
    // allow re-marking its reviews; the '4.9/5' claim stays visible on the page (docs/design.md).
    sameAs: [site.social.instagram, site.social.x].filter(Boolean),
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

/** One service, offered by the business across its service areas, with its "from" price when the owner set one. */
export function serviceJsonLd(origin: string, service: Service, content: ContentView) {
  const { site } = content;
  const url = absoluteUrl(origin, `/services/${service.slug}`);
  const price = content.prices[service.slug];
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
      telephone: e164(site.emergencyPhone),
      priceRange: site.priceRange,
      address: postalAddress(content),
    },
    areaServed: areaServed(content),
    ...(price
      ? {
          offers: {
            '@type': 'Offer',
            url,
            priceSpecification: {
              '@type': 'PriceSpecification',
              minPrice: price.from,
              priceCurrency: 'GBP',
              valueAddedTaxIncluded: price.vatIncluded,
            },
          },
        }
      : {}),
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
