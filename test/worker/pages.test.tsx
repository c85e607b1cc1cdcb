import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { serviceAreas, towns } from '../../src/content/areas';
import { faqs } from '../../src/content/faqs';
import { services } from '../../src/content/services';
import { testimonials } from '../../src/content/testimonials';
import { site } from '../support/content';

const origin = env.SITE_ORIGIN;

async function get(path: string) {
  const res = await exports.default.fetch(`https://www.example.com${path}`);
  return { res, html: await res.text() };
}

/** React escapes text; compare against the escaped form. */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;');

/** A literal string inside a RegExp. */
const re = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"\/>/)?.[1];
const metaContent = (html: string, attr: string) => html.match(new RegExp(`<meta ${attr} content="([^"]*)"/>`))?.[1];

// biome-ignore lint/suspicious/noExplicitAny: parsed JSON-LD, probed field by field by the assertions
type JsonLd = Record<string, any>;

/** The service the quote form starts with: a selected option, or the stub's hidden field. */
const preselectedService = (html: string) =>
  html.match(/<option value="([^"]*)" selected=""/)?.[1] ?? html.match(/name="service" value="([^"]*)"/)?.[1];

/** Every ld+json block, parsed. */
function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

const ofType = (blocks: JsonLd[], type: string) => blocks.filter((b) => b['@type'] === type);

function breadcrumbNames(html: string): string[] {
  const [list] = ofType(jsonLdOf(html), 'BreadcrumbList');
  return list?.itemListElement.map((item: { name: string }) => item.name) ?? [];
}

/** What every page must have in its head and body. Only pages with a form or the map load island code. */
function expectCompletePage(html: string, path: string, { islands = false } = {}) {
  expect(titleOf(html)?.length).toBeGreaterThan(10);
  expect(canonicalOf(html)).toBe(`${origin}${path}`);
  expect(metaContent(html, 'name="description"')?.length).toBeGreaterThan(50);
  expect(metaContent(html, 'name="keywords"')?.length).toBeGreaterThan(5);
  expect(metaContent(html, 'property="og:url"')).toBe(`${origin}${path}`);
  expect(metaContent(html, 'name="twitter:title"')).toBe(titleOf(html));
  expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  // The CSP forbids inline styles and inline scripts; content pages ship no JavaScript at all.
  expect(html).not.toMatch(/\sstyle="/);
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'));
  if (islands) for (const tag of scripts) expect(tag).toMatch(/\ssrc="[^"]+"/);
  else expect(scripts).toEqual([]);
}

describe('/', () => {
  it('is complete, with the Plumber business data', async () => {
    const { res, html } = await get('/');
    expect(res.status).toBe(200);
    expectCompletePage(html, '/', { islands: true });
    expect(titleOf(html)).toContain('Drain Unblocking');
    const [business] = ofType(jsonLdOf(html), 'Plumber');
    expect(business).toMatchObject({
      '@context': 'https://schema.org',
      name: site.name,
      priceRange: '££',
      address: { postalCode: 'BH1', addressCountry: 'GB' },
      openingHoursSpecification: [{ opens: '00:00', closes: '23:59' }],
    });
    // No aggregateRating on our own business (issue 23): the 4.9/5 claim is shown, not marked up.
    expect(business).not.toHaveProperty('aggregateRating');
    expect(html).toContain('4.9/5');
    expect(business!.areaServed).toHaveLength(15);
    expect(business!.areaServed.map((area: { name: string }) => area.name)).toContain('Wimborne');
    expect(html).not.toContain('Wimbourne');
    expect(business!.openingHoursSpecification[0].dayOfWeek).toHaveLength(7);
  });

  it('shows the hero, the 12 services, About, the reviews, contact and areas sections', async () => {
    const { html } = await get('/');
    expect(html).toContain('Drain Unblocking &amp; Repairs across BCP &amp; New Forest');
    expect(html).toMatch(new RegExp(`href="${re(site.phone.emergency.href)}"[^>]*>(?:(?!</a>).)*Emergency Drain Callout`));
    // Calls first: the callout shows the number it calls.
    expect(html).toMatch(
      new RegExp(
        `href="${re(site.phone.emergency.href)}"[^>]*>(?:(?!</a>).)*Emergency Drain Callout(?:(?!</a>).)*${re(site.phone.emergency.display)}`,
      ),
    );
    expect(html).toMatch(/href="\/free-quote"[^>]*>Get a Free Drain Survey Quote/);
    for (const service of services) expect(html).toContain(`href="/services/${service.slug}"`);
    expect(html).toContain('Southbourne');
    expect(html.match(/class="selling-point"/g)).toHaveLength(4);
    expect(html.match(/Verified on Google/g)).toHaveLength(3);
    for (const t of testimonials) expect(html).toContain(`>${t.initials}</span>`);
    expect(html.match(/aria-label="Rated 5 out of 5"/g)).toHaveLength(3);
    expect(html).toContain(`href="${esc(site.reviewsUrl)}" target="_blank" rel="noopener"`);
    expect(html).toContain('Call for Immediate Drain Help');
    expect(html).toContain('src="/images/director.svg"');
    for (const town of towns) expect(html).toContain(`${town.name}</li>`);
  });
});

describe('/services', () => {
  it('lists 12 cards, each with four features and Learn More to its page', async () => {
    const { res, html } = await get('/services');
    expect(res.status).toBe(200);
    expectCompletePage(html, '/services');
    expect(breadcrumbNames(html)).toEqual(['Home', 'Services']);
    const cards = html
      .split('<article class="service-card"')
      .slice(1)
      .map((card) => card.slice(0, card.indexOf('</article>')));
    expect(cards).toHaveLength(12);
    cards.forEach((card, i) => {
      const service = services[i]!;
      expect(card).toContain(esc(service.title));
      expect(card).toContain(esc(service.description));
      expect(card.match(/<li>/g)).toHaveLength(4);
      expect(card).toMatch(new RegExp(`<a class="service-card__more" href="/services/${service.slug}">Learn More`));
    });
  });
});

describe('the 12 service pages', () => {
  for (const service of services) {
    it(`/services/${service.slug}`, async () => {
      const path = `/services/${service.slug}`;
      const { res, html } = await get(path);
      expect(res.status).toBe(200);
      expectCompletePage(html, path, { islands: true });
      expect(titleOf(html)).toBe(esc(service.metaTitle));
      const blocks = jsonLdOf(html);
      expect(ofType(blocks, 'Service')[0]).toMatchObject({ name: service.title, url: `${origin}${path}` });
      expect(breadcrumbNames(html)).toEqual(['Home', 'Services', service.title]);

      expect(html).toContain(`<h1 class="page-hero__title">${esc(service.title)}</h1>`);
      expect(html).toContain(esc(service.subtitle));
      expect(html).toMatch(/href="\/services">(?:(?!<\/a>).)*Back to Services/);
      for (const benefit of service.benefits) expect(html).toContain(esc(benefit));
      for (const section of service.sections) expect(html).toContain(esc(section.heading));
      expect(html).toMatch(new RegExp(`<img src="${service.image}" alt="[^"]+" width="\\d+" height="\\d+" loading="lazy"`));
      for (const area of serviceAreas) expect(html).toContain(`<li>${area}</li>`);
      expect(html).toContain('Areas We Serve');
      expect(html).toContain('Call for Immediate Drain Help');

      const cta = html.slice(
        html.indexOf('class="service-cta"'),
        html.indexOf('</section>', html.indexOf('class="service-cta"')),
      );
      // Calls first: the hero and the call-to-action box each offer the number as a call link.
      const callLink = new RegExp(
        `href="${re(site.phone.emergency.href)}"[^>]*>(?:(?!</a>).)*Call ${re(site.phone.emergency.display)}</a>`,
      );
      const hero = html.slice(html.indexOf('class="page-hero"'), html.indexOf('</section>', html.indexOf('class="page-hero"')));
      expect(hero).toMatch(callLink);
      expect(cta).toMatch(callLink);
      // Every service offers a quote for itself, and no other.
      expect(cta).toMatch(new RegExp(`href="/free-quote\\?service=${service.slug}">Get Your Quote`));
      expect(cta.match(/\/free-quote/g)).toHaveLength(1);
      if (service.cta === 'emergency') expect(cta).toContain(`href="${site.phone.emergency.href}"`);
      else expect(cta).toContain('href="/contact"');
    });
  }

  it('answers an unknown service with the 404 screen', async () => {
    const { res, html } = await get('/services/gutter-cleaning');
    expect(res.status).toBe(404);
    expect(html).toContain('Unexpected Application Error!');
  });

  it('404: SPEC heading and status, plain words that the page does not exist, ways on and a call link', async () => {
    const { res, html } = await get('/no-such-page');
    expect(res.status).toBe(404);
    const screen = html.slice(
      html.indexOf('class="error-screen'),
      html.indexOf('</section>', html.indexOf('class="error-screen')),
    );
    expect(screen).toContain('<h1>Unexpected Application Error!</h1>');
    expect(screen).toContain('404 Not Found');
    expect(screen).toMatch(/this page doesn(?:'|&#x27;)t exist/);
    for (const [href, label] of [
      ['/', 'Home'],
      ['/services', 'Our services'],
      ['/blog', 'Blog'],
      ['/contact', 'Contact us'],
    ] as const)
      expect(screen).toMatch(new RegExp(`href="${re(href)}">${label}</a>`));
    expect(screen).toMatch(new RegExp(`href="${re(site.phone.emergency.href)}"[^>]*>${re(site.phone.emergency.display)}</a>`));
  });
});

describe('/faq', () => {
  it('is a native exclusive accordion of the 8 questions, with FAQPage data', async () => {
    const { res, html } = await get('/faq');
    expect(res.status).toBe(200);
    expectCompletePage(html, '/faq');
    expect(breadcrumbNames(html)).toEqual(['Home', 'FAQs']);
    const [faqPage] = ofType(jsonLdOf(html), 'FAQPage');
    expect(faqPage!.mainEntity.map((q: { name: string }) => q.name)).toEqual(faqs.map((f) => f.question));
    expect(faqPage!.mainEntity[3].acceptedAnswer.text).toBe(faqs[3]!.answer);
    expect(html.match(/<details name="faq"/g)).toHaveLength(8);
    expect(html).not.toMatch(/<details[^>]* open/);
    for (const faq of faqs) expect(html).toContain(`<summary class="faq__question">${esc(faq.question)}</summary>`);
    expect(html).toMatch(/href="\/contact">Contact Us Now/);
  });
});

describe('/contact', () => {
  it('shows the 24/7 line, the e-mail, the service area, the survey panel and the form', async () => {
    const { res, html } = await get('/contact');
    expect(res.status).toBe(200);
    expectCompletePage(html, '/contact', { islands: true });
    expect(breadcrumbNames(html)).toEqual(['Home', 'Contact']);
    expect(html).toContain('24/7 emergency');
    // The links carry the ping that counts taps (test/worker/tap-links.test.ts).
    expect(html).toContain(
      `href="${site.phone.emergency.href}" ping="/api/tap?channel=call">${site.phone.emergency.display}</a>`,
    );
    expect(html).toContain('General enquiries');
    expect(html).toContain(`href="${site.email.href}" ping="/api/tap?channel=email">${site.email.address}</a>`);
    expect(html).toContain('Service area');
    expect(html).toMatch(/href="\/free-quote">Get Survey Quote/);
    expect(html).toMatch(/<form[^>]*action="\/api\/contact"/);
  });
});

describe('/free-quote', () => {
  it('shows the quote form, the four reasons and the red emergency button', async () => {
    const { res, html } = await get('/free-quote');
    expect(res.status).toBe(200);
    expectCompletePage(html, '/free-quote', { islands: true });
    expect(breadcrumbNames(html)).toEqual(['Home', 'Free Quote']);
    expect(html).toMatch(/<form[^>]*action="\/api\/quote"/);
    for (const reason of [
      'Essential for home buyers',
      'Diagnose recurring drain issues',
      'Assess pipe condition before repairs',
      'Save money on unnecessary work',
    ]) {
      expect(html).toContain(reason);
    }
    expect(html).toMatch(
      new RegExp(
        `class="btn btn--destructive btn--lg" href="${re(site.phone.emergency.href)}"[^>]*>(?:(?!</a>).)*Call Emergency Line`,
      ),
    );
    expect(preselectedService(html)).toBe('');
    // One-line address input: address-line1 (the W3C checker refuses street-address on <input>).
    expect(html).toMatch(/<input id="quote-address"[^>]*autoComplete="address-line1"[^>]*name="address"/);
    expect(html).not.toContain('street-address');
  });

  it('preselects a known service from ?service= and keeps the canonical URL', async () => {
    const { html } = await get('/free-quote?service=cctv-drain-survey');
    expect(canonicalOf(html)).toBe(`${origin}/free-quote`);
    expect(preselectedService(html)).toBe('cctv-drain-survey');
  });

  it('ignores an unknown service', async () => {
    const { res, html } = await get('/free-quote?service=%3Cscript%3E');
    expect(res.status).toBe(200);
    expect(html).not.toContain('&lt;script&gt;');
    expect(preselectedService(html)).toBe('');
  });
});

describe('/sitemap.xml', () => {
  it('lists every page built here', async () => {
    const { html: xml } = await get('/sitemap.xml');
    for (const path of ['/', '/services', '/faq', '/contact', '/free-quote', ...services.map((s) => `/services/${s.slug}`)]) {
      expect(xml).toContain(`<loc>${origin}${path}</loc>`);
    }
  });
});
