import { describe, expect, it } from 'vitest';
import { serviceAreas } from '../../src/content/areas';
import { faqs } from '../../src/content/faqs';
import { services } from '../../src/content/services';
import { jsonForScript } from '../../src/render/Head';
import { breadcrumbJsonLd, faqPageJsonLd, plumberJsonLd, serviceJsonLd } from '../../src/seo/jsonld';
import { defaultView } from '../support/content';

const origin = 'https://www.example.com';

describe('the Plumber (LocalBusiness) data', () => {
  const data = plumberJsonLd(origin, defaultView);

  it('describes the business with the SPEC §9 constants', () => {
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('Plumber');
    expect(data.url).toBe('https://www.example.com/');
    expect(data.priceRange).toBe('££');
    expect(data.address.postalCode).toBe('BH1');
    expect(data.address.addressCountry).toBe('GB');
    expect(data.telephone).toMatch(/^\+44\d{10}$/);
  });

  it('is open 24/7 and serves the 15 areas', () => {
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        opens: '00:00',
        closes: '23:59',
      },
    ]);
    expect(data.areaServed.map((a) => a.name)).toEqual([...serviceAreas]);
  });

  // Changed by issue 23 (docs/design.md, Deliberate departures): Google shows no stars for a
  // business's own rating and does not allow re-marking its reviews; the page still shows 4.9/5.
  it('does not mark up its own rating as aggregateRating', () => {
    expect(data).not.toHaveProperty('aggregateRating');
  });
});

describe('breadcrumbs', () => {
  it('start at Home and number the steps with absolute URLs', () => {
    const data = breadcrumbJsonLd(origin, [
      { name: 'Services', path: '/services' },
      { name: 'Root Cutting', path: '/services/root-cutting' },
    ]);
    expect(data['@type']).toBe('BreadcrumbList');
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.example.com/' },
      { '@type': 'ListItem', position: 2, name: 'Services', item: 'https://www.example.com/services' },
      { '@type': 'ListItem', position: 3, name: 'Root Cutting', item: 'https://www.example.com/services/root-cutting' },
    ]);
  });
});

describe('a Service', () => {
  it('names the service, its page and the provider', () => {
    const service = services[1]!;
    const data = serviceJsonLd(origin, service, defaultView);
    expect(data['@type']).toBe('Service');
    expect(data.name).toBe(service.title);
    expect(data.url).toBe(`https://www.example.com/services/${service.slug}`);
    expect(data.provider['@type']).toBe('Plumber');
    expect(data.provider['@id']).toBe(plumberJsonLd(origin, defaultView)['@id']);
    expect(data.areaServed).toHaveLength(15);
  });
});

describe('the FAQ page', () => {
  it('lists every question with its answer', () => {
    const data = faqPageJsonLd(faqs);
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(8);
    expect(data.mainEntity[0]).toEqual({
      '@type': 'Question',
      name: faqs[0].question,
      acceptedAnswer: { '@type': 'Answer', text: faqs[0].answer },
    });
  });

  it('survives being written into a data block, apostrophes and all', () => {
    const text = jsonForScript(faqPageJsonLd(faqs));
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(faqPageJsonLd(faqs));
  });
});
