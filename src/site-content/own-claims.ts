import { emergencyLineOf } from './emergency-line';
import type { SiteContent } from './model';

/** What the words "24/7" and their like look like in the owner's own texts. */
const ROUND_THE_CLOCK = /24\s*\/\s*7|24 hours|round-the-clock|day and night/i;

/**
 * Where the owner's own words still say the line answers around the clock while the facts say it
 * does not: the site's code follows the fact, but the description, the stats, a service's text or
 * an FAQ are the owner's to change, so the facts page names them instead of rewriting them.
 * Empty while the line answers 24/7.
 */
export function ownTextsClaimingAllHours(content: SiteContent): string[] {
  if (emergencyLineOf(content.facts).allHours) return [];
  const { facts } = content;
  const places: string[] = [];
  if (ROUND_THE_CLOCK.test(`${facts.tagline} ${facts.blurb}`)) places.push('the tagline or description (above)');
  facts.stats.forEach((stat, i) => {
    if (ROUND_THE_CLOCK.test(`${stat.value} ${stat.label}`)) places.push(`stat ${i + 1} (below)`);
  });
  for (const service of content.services) {
    const words = [service.title, service.subtitle, service.description, ...service.features, ...service.benefits];
    words.push(service.metaTitle, service.metaDescription, ...service.sections.flatMap((s) => [s.heading, ...s.paragraphs]));
    if (ROUND_THE_CLOCK.test(words.join(' '))) places.push(`the service "${service.title}"`);
  }
  const faqs = content.faqs.filter((faq) => ROUND_THE_CLOCK.test(`${faq.question} ${faq.answer}`));
  if (faqs.length > 0) places.push(faqs.length === 1 ? 'one FAQ' : `${faqs.length} FAQs`);
  return places;
}
