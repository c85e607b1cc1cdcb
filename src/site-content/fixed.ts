import { services } from '../content/services';
import type { Service } from '../content/types';

/** What stays in code for each service: its icon and the call to action SPEC gives its page. */
export function serviceFixtures(slug: string): Pick<Service, 'icon' | 'cta'> {
  const service = services.find((s) => s.slug === slug);
  return { icon: service?.icon ?? 'wrench', cta: service?.cta ?? 'contact' };
}
