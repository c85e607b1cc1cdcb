import { describe, expect, it } from 'vitest';
import { contactCardsFor } from '../../src/components/contact-cards';
import { serviceAreas, servicePolygon, towns } from '../../src/content/areas';
import { faqs } from '../../src/content/faqs';
import { postcodeDistricts, servedDistricts } from '../../src/content/postcode-districts';
import { sellingPoints } from '../../src/content/selling-points';
import { serviceBySlug, services } from '../../src/content/services';
import { testimonials } from '../../src/content/testimonials';
import { site } from '../support/content';

/** The routes docs/spec.md §2 lists for the service pages, in its order. */
const specSlugs = [
  'drain-unblocking',
  'cctv-drain-survey',
  'drain-relining',
  'emergency-service',
  'commercial-drainage',
  'preventive-maintenance',
  'soakaways',
  'sinks-and-toilets',
  'dig-ups-repairs',
  'pump-repairs',
  'emergency-plumbing',
  'root-cutting',
];

describe('services', () => {
  it('are the 12 of SPEC §2, with unique slugs and titles', () => {
    expect(services.map((s) => s.slug)).toEqual(specSlugs);
    expect(new Set(services.map((s) => s.title)).size).toBe(12);
  });

  it('each have exactly four non-empty features, benefits, long copy and an image with alt text', () => {
    for (const service of services) {
      expect(service.features, service.slug).toHaveLength(4);
      for (const feature of service.features) expect(feature.trim()).not.toBe('');
      expect(service.benefits.length, service.slug).toBeGreaterThanOrEqual(3);
      expect(service.sections.length, service.slug).toBeGreaterThanOrEqual(2);
      const words = service.sections
        .flatMap((s) => s.paragraphs)
        .join(' ')
        .split(/\s+/).length;
      expect(words, service.slug).toBeGreaterThan(250);
      expect(service.image).toBe(`/images/services/${service.slug}.svg`);
      expect(service.imageAlt.length).toBeGreaterThan(20);
      expect(service.metaDescription.length, service.slug).toBeLessThanOrEqual(170);
    }
  });

  it('have the call to action SPEC §2 gives each page', () => {
    const cta = Object.fromEntries(services.map((s) => [s.slug, s.cta]));
    expect(cta).toEqual({
      'drain-unblocking': 'quote',
      'cctv-drain-survey': 'quote',
      'drain-relining': 'quote',
      'commercial-drainage': 'quote',
      'preventive-maintenance': 'quote',
      'emergency-service': 'emergency',
      'emergency-plumbing': 'emergency',
      soakaways: 'contact',
      'sinks-and-toilets': 'contact',
      'dig-ups-repairs': 'contact',
      'pump-repairs': 'contact',
      'root-cutting': 'contact',
    });
  });

  it('are found by slug, and nothing else is', () => {
    expect(serviceBySlug('root-cutting')?.title).toBe('Root Cutting');
    expect(serviceBySlug('no-such-service')).toBeUndefined();
    expect(serviceBySlug('')).toBeUndefined();
  });
});

describe('areas', () => {
  // docs/spec.md's order and spelling, but for Wimborne: the spec's 'Wimbourne' is a typo for the town's name
  // (docs/design.md, Deliberate departures; issue 23).
  it('are the 15 service areas of the footer, in SPEC order, Wimborne spelt as the town spells it', () => {
    expect(serviceAreas).toEqual([
      'Southbourne',
      'Christchurch',
      'Bournemouth',
      'Poole',
      'Ringwood',
      'Ferndown',
      'Wimborne',
      'New Forest',
      'New Milton',
      'Highcliffe',
      'Hinton',
      'Lymington',
      'Brockenhurst',
      'Milford on Sea',
      'Lyndhurst',
    ]);
  });

  it('has 12 distinct towns on the map and a six-point polygon', () => {
    expect(towns).toHaveLength(12);
    expect(new Set(towns.map((t) => t.name)).size).toBe(12);
    expect(servicePolygon).toHaveLength(6);
  });

  it('each of the 15 have at least one postcode district, each shaped like one (BH6, SO41)', () => {
    expect(Object.keys(postcodeDistricts).sort()).toEqual([...serviceAreas].sort());
    for (const area of serviceAreas) {
      const districts: readonly string[] = postcodeDistricts[area];
      expect(districts.length, area).toBeGreaterThan(0);
      for (const district of districts) expect(district, area).toMatch(/^(BH|SO)\d{1,2}$/);
    }
    // BH1-BH18, BH21-BH25 and SO40-SO43.
    expect(servedDistricts.size).toBe(27);
  });
});

describe('the other static content', () => {
  it('has 8 distinct FAQs with answers', () => {
    expect(faqs).toHaveLength(8);
    expect(new Set(faqs.map((f) => f.question)).size).toBe(8);
    for (const faq of faqs) expect(faq.answer.length).toBeGreaterThan(40);
  });

  it('has 3 five-star testimonials with two-letter initials', () => {
    expect(testimonials).toHaveLength(3);
    for (const t of testimonials) {
      expect(t.rating).toBe(5);
      expect(t.initials).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('has four selling points, each with a title and a description', () => {
    expect(sellingPoints).toHaveLength(4);
    for (const p of sellingPoints) {
      expect(p.title).not.toBe('');
      expect(p.desc).not.toBe('');
    }
  });

  it('has four contact cards: emergency line, e-mail, the director with a portrait, and the chat', () => {
    expect(contactCardsFor(site).map((c) => c.href)).toEqual([
      site.phone.emergency.href,
      site.email.href,
      site.phone.director.href,
      site.messaging.href,
    ]);
    const director = contactCardsFor(site)[2]!;
    expect(director.type).toBe('image');
    expect(director.imageUrl).toBe('/images/director.svg');
    expect(director.imageAlt).toBeTruthy();
    expect(site.messaging.href).toContain(`text=${encodeURIComponent(site.messaging.message)}`);
  });
});
