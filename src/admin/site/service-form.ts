import type { ServiceSection } from '../../content/types';
import { parseMediaUrl } from '../../media/keys';
import type { ServiceText, SiteContent } from '../../site-content/model';
import { serviceSchema, validateWith } from '../../site-content/rules';
import type { Form, FormResult } from './forms';

/**
 * One service's text as a form: the four features one field each, the benefits one a line, the
 * long text as "## Heading" lines with paragraphs between them (blank lines apart), the keywords
 * separated by commas, and the picture one of the service's own or of the Media library.
 */
export function serviceFields(service: ServiceText): Form {
  return {
    title: service.title,
    subtitle: service.subtitle,
    description: service.description,
    ...Object.fromEntries(service.features.map((feature, i) => [`feature${i}`, feature])),
    benefits: service.benefits.join('\n'),
    sections: service.sections.map((s) => [`## ${s.heading}`, ...s.paragraphs].join('\n\n')).join('\n\n'),
    metaTitle: service.metaTitle,
    metaDescription: service.metaDescription,
    keywords: service.keywords.join(', '),
    image: service.image,
    imageAlt: service.imageAlt,
  };
}

/** '## Heading' starts a section; the text up to the next heading is its paragraphs. */
function sectionsOf(text: string): ServiceSection[] | undefined {
  const sections: { heading: string; paragraphs: string[] }[] = [];
  for (const block of text.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const trimmed = block.trim();
    if (!trimmed) continue;
    if (trimmed.startsWith('## ')) {
      const [heading, ...rest] = trimmed.split('\n');
      sections.push({ heading: heading!.slice(3).trim(), paragraphs: rest.length ? [rest.join(' ').trim()] : [] });
    } else {
      const current = sections.at(-1);
      if (!current) return undefined;
      current.paragraphs.push(trimmed.replace(/\s*\n\s*/g, ' '));
    }
  }
  return sections.every((s) => s.heading && s.paragraphs.length > 0) ? sections : undefined;
}

export function readService(content: SiteContent, slug: string, form: Form, pictures: readonly string[]): FormResult {
  const result = validateWith(serviceSchema, form);
  const errors = result.ok ? {} : { ...result.errors };
  const sections = sectionsOf(form.sections ?? '');
  if (!errors.sections && !sections) {
    errors.sections = 'Start each part with a line "## Heading", then its paragraphs, with an empty line between paragraphs.';
  }
  if (!errors.image && !pictures.includes(form.image ?? '') && !parseMediaUrl(form.image ?? '')) {
    errors.image = 'Please choose one of the pictures offered.';
  }
  if (!result.ok || Object.keys(errors).length > 0 || !sections) return { ok: false, errors };
  const f = result.data;
  const lines = (text: string) =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  const updated: ServiceText = {
    slug,
    title: f.title,
    subtitle: f.subtitle,
    description: f.description,
    features: [f.feature0, f.feature1, f.feature2, f.feature3],
    benefits: lines(f.benefits),
    sections,
    metaTitle: f.metaTitle,
    metaDescription: f.metaDescription,
    keywords: f.keywords
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    image: f.image,
    imageAlt: f.imageAlt,
  };
  const services = content.services.map((service) => (service.slug === slug ? updated : service));
  return { ok: true, content: { ...content, services }, summary: `Service: ${f.title}` };
}
