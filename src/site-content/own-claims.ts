import { emergencyLineOf } from './emergency-line';
import { followTheLine } from './line-wording';
import type { SiteContent } from './model';

/** What "the line answers around the clock" looks like in the owner's own texts. */
const ROUND_THE_CLOCK = /24\s*\/\s*7|24[ -]hours?\b|round[ -]the[ -]clock|day (and|or) night|any ?time/i;

/** The same as lower-case phrases, that find the posts to look at (D1 takes no long LIKE pattern). */
export const ROUND_THE_CLOCK_PHRASES = [
  '24/7',
  '24 hour',
  '24-hour',
  'round the clock',
  'round-the-clock',
  'day or night',
  'day and night',
  'any time',
  'anytime',
];

export const saysAllHours = (...texts: readonly string[]) => ROUND_THE_CLOCK.test(texts.join('\n'));

/** One of the owner's texts that says 24/7, and the admin page (and field) where he changes it. */
export interface OwnClaim {
  words: string;
  href: string;
}

/**
 * Where the owner's own words still say the line answers around the clock while the facts say it
 * does not. The defaults' own 24/7 wordings follow the fact by themselves (`followTheLine`), but
 * a description, a stat, a service's text or an FAQ the owner wrote is his to change, so the
 * facts page names and links them instead of rewriting them; so are his posts that say it
 * (`posts`: those found by ROUND_THE_CLOCK_PHRASES). Empty while the line answers 24/7.
 */
export function ownTextsClaimingAllHours(
  stored: SiteContent,
  wording: Record<string, string>,
  posts: readonly { id: number; title: string; excerpt: string; content: string }[] = [],
): OwnClaim[] {
  if (emergencyLineOf(stored.facts).allHours) return [];
  const content = followTheLine(stored, wording);
  const says = saysAllHours;
  const { facts } = content;
  const places: OwnClaim[] = [];
  if (says(facts.tagline)) places.push({ words: 'the tagline', href: '/admin/site/facts/business#tagline' });
  if (says(facts.blurb)) places.push({ words: 'the description', href: '/admin/site/facts/business#blurb' });
  facts.stats.forEach((stat, i) => {
    if (says(stat.value, stat.label)) places.push({ words: `stat ${i + 1}`, href: `/admin/site/facts/claims#stat${i}value` });
  });
  for (const s of content.services) {
    const sections = s.sections.flatMap((section) => [section.heading, ...section.paragraphs]);
    if (says(s.title, s.subtitle, s.description, ...s.features, ...s.benefits, ...sections, s.metaTitle, s.metaDescription)) {
      places.push({ words: `the service "${s.title}"`, href: `/admin/site/services/${s.slug}` });
    }
  }
  content.faqs.forEach((faq, i) => {
    if (says(faq.question, faq.answer))
      places.push({ words: `the question "${faq.question}"`, href: `/admin/site/faq#question${i}` });
  });
  for (const post of posts) {
    if (says(post.title, post.excerpt, post.content))
      places.push({ words: `the post "${post.title}"`, href: `/admin/posts/${post.id}/edit` });
  }
  return places;
}
