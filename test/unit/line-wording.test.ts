import { describe, expect, it } from 'vitest';
import { defaultContent, defaultLineWording } from '../../src/site-content/defaults';
import { followTheLine } from '../../src/site-content/line-wording';
import type { SiteContent } from '../../src/site-content/model';
import { ownTextsClaimingAllHours, saysAllHours } from '../../src/site-content/own-claims';

const WEEKDAYS_8_TO_6 = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day, i) =>
  i < 5 ? { day, opens: '08:00', closes: '18:00' } : { day, opens: '', closes: '' },
) as Extract<SiteContent['facts']['hours'], { mode: 'days' }>['days'];

/** The defaults, with the line keeping Mon–Fri 8–6. */
function inOfficeHours(content = defaultContent()): SiteContent {
  return { ...content, facts: { ...content.facts, hours: { mode: 'days', days: WEEKDAYS_8_TO_6 }, emergencyLine247: false } };
}

/** Every text of the owner's content that the site shows, one per line. */
const textsOf = (content: SiteContent) =>
  [
    content.facts.tagline,
    content.facts.blurb,
    ...content.facts.stats.flatMap((s) => [s.value, s.label]),
    ...content.services.flatMap((s) => [
      s.title,
      s.subtitle,
      s.description,
      ...s.features,
      ...s.benefits,
      ...s.sections.flatMap((section) => [section.heading, ...section.paragraphs]),
      s.metaTitle,
      s.metaDescription,
      ...s.keywords,
    ]),
    ...content.faqs.flatMap((f) => [f.question, f.answer]),
  ].filter((text) => saysAllHours(text));

describe("the defaults' 24/7 wordings", () => {
  it('each have a wording within hours: in office hours no default text says 24/7, and the hours are filled in', () => {
    const shown = followTheLine(inOfficeHours(), defaultLineWording());
    expect(textsOf(shown)).toEqual([]);
    expect(shown.facts.blurb).toContain('We answer the phone Mon–Fri 8am–6pm,');
    expect(shown.facts.stats[0]).toEqual({ value: '1 hr', label: 'Average emergency response' });
    expect(shown.faqs.map((f) => f.question)).toContain('When can I call your emergency line?');
    expect(JSON.stringify(shown)).not.toContain('{when}');
  });

  it('stay as they are while the line answers 24/7', () => {
    const content = defaultContent();
    expect(followTheLine(content, defaultLineWording())).toBe(content);
    expect(textsOf(content).length).toBeGreaterThan(20);
  });

  it("leave the owner's own words alone, and the facts page names them", () => {
    const content = inOfficeHours();
    content.faqs[0] = { question: 'Can I call at night?', answer: 'Yes, we answer day or night.' };
    content.services[1] = { ...content.services[1]!, subtitle: 'Call us 24/7.' };
    const shown = followTheLine(content, defaultLineWording());
    expect(shown.faqs[0]!.answer).toBe('Yes, we answer day or night.');
    expect(ownTextsClaimingAllHours(content, defaultLineWording())).toEqual([
      { words: `the service "${content.services[1]!.title}"`, href: `/admin/site/services/${content.services[1]!.slug}` },
      { words: 'the question "Can I call at night?"', href: '/admin/site/faq#question0' },
    ]);
  });
});
