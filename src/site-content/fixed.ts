import { serviceKinds } from '../content/service-kinds';
import type { Service } from '../content/types';

/** What stays in code for each service: its icon and the call to action docs/spec.md gives its page. */
export function serviceFixtures(slug: string): Pick<Service, 'icon' | 'cta'> {
  return serviceKinds[slug] ?? { icon: 'wrench', cta: 'contact' };
}
