import { statKey } from '../content/line-wording';
import { readLineWording } from './default-asset';
import { emergencyLineOf } from './emergency-line';
import type { SiteContent } from './model';

/**
 * The content as the site says it: while the emergency line keeps opening hours, every text that
 * is still the default's 24/7 wording takes its wording within hours (`lineWordings`),
 * the hours filled in. Texts the owner wrote are left as he wrote them (the facts page names
 * those that still say 24/7: `ownTextsClaimingAllHours`).
 */
export function followTheLine(content: SiteContent, wording: Record<string, string>): SiteContent {
  const line = emergencyLineOf(content.facts);
  if (line.allHours) return content;
  const say = (text: string) => wording[text]?.replaceAll('{when}', line.when) ?? text;
  const sayAll = <T extends readonly string[]>(texts: T) => texts.map(say) as unknown as T;
  const { facts } = content;
  return {
    ...content,
    facts: {
      ...facts,
      tagline: say(facts.tagline),
      blurb: say(facts.blurb),
      stats: facts.stats.map((stat) => {
        const [value = stat.value, label = stat.label] = wording[statKey(stat)]?.split('\n') ?? [];
        return { value, label };
      }) as typeof facts.stats,
    },
    services: content.services.map((service) => ({
      ...service,
      title: say(service.title),
      description: say(service.description),
      subtitle: say(service.subtitle),
      features: sayAll(service.features),
      benefits: sayAll(service.benefits),
      sections: service.sections.map((section) => ({ heading: say(section.heading), paragraphs: sayAll(section.paragraphs) })),
      metaTitle: say(service.metaTitle),
      metaDescription: say(service.metaDescription),
      keywords: sayAll(service.keywords),
    })),
    faqs: content.faqs.map((faq) => ({ ...faq, question: say(faq.question), answer: say(faq.answer) })),
  };
}

/** `followTheLine`, reading the wordings (from the build's assets) only when the line keeps hours. */
export async function asTheLineAllows(env: { ASSETS: Fetcher }, content: SiteContent): Promise<SiteContent> {
  if (emergencyLineOf(content.facts).allHours) return content;
  return followTheLine(content, await readLineWording(env));
}
