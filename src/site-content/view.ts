import type { Service } from '../content/types';
import { e164, telHref } from '../rules/phone';
import { nextUkYearStart } from '../rules/uk-time';
import { emergencyLineOf, noticeSpan } from './emergency-line';
import { serviceFixtures } from './fixed';
import type { DayHours, Facts, Notice, Price, Review, SiteContent } from './model';
import { quoteTermsOf } from './quote-terms';

/**
 * What pages, e-mails and feeds read: a content revision with its links worked out (tel:,
 * wa.me, mailto:), the services joined to the parts code keeps (icons, calls to action), and
 * the notices that are showing now.
 */
export interface ContentView {
  /** The revision id (0: the defaults in code). */
  revision: number;
  site: SiteView;
  services: Service[];
  prices: Record<string, Price>;
  faqs: SiteContent['faqs'];
  testimonials: Review[];
  areas: SiteContent['areas'];
  notices: Notice[];
  /** Notices showing at the time the view was made. */
  activeNotices: Notice[];
  /**
   * Epoch ms of the next notice start or end, or of the New Year (the footer's © year) if sooner,
   * after which a kept page must be made again.
   */
  changesAt: number;
}

export type SiteView = ReturnType<typeof siteView>;

function siteView(facts: Facts, notices: readonly Notice[] = []) {
  const whatsapp = e164(facts.whatsappNumber).slice(1);
  const hours =
    facts.hours.mode === '24/7'
      ? { allDay: true, display: 'Open 24 hours a day, 7 days a week', days: [] as DayHours[] }
      : { allDay: false, display: 'Opening hours vary by day', days: facts.hours.days };
  return {
    ...facts,
    phone: {
      emergency: { display: facts.emergencyPhone, href: telHref(facts.emergencyPhone) },
      director: { display: facts.directorPhone, href: telHref(facts.directorPhone), name: facts.directorName },
    },
    messaging: {
      number: whatsapp,
      message: facts.whatsappMessage,
      href: `https://wa.me/${whatsapp}?text=${encodeURIComponent(facts.whatsappMessage)}`,
    },
    email: { address: facts.email, href: `mailto:${facts.email}` },
    social: { instagram: facts.instagram, x: facts.x },
    director: { name: facts.directorName, role: facts.directorRole },
    hours,
    quoteTerms: quoteTermsOf(facts),
    /**
     * When the emergency line answers: `line.allHours` is the only licence to say "24/7"; whether
     * it answers at an instant, and when it next opens, take the notices' hours into account.
     */
    line: emergencyLineOf(facts, notices),
  };
}

export function viewOf(revision: number, content: SiteContent, now: number): ContentView {
  let changesAt = nextUkYearStart(now);
  const activeNotices: Notice[] = [];
  for (const notice of content.notices) {
    const span = noticeSpan(notice);
    if (!span) continue;
    if (span.start <= now && now < span.end) activeNotices.push(notice);
    for (const edge of [span.start, span.end]) if (edge > now && edge < changesAt) changesAt = edge;
  }
  const services = content.services.map((text) => ({ ...serviceFixtures(text.slug), ...text }));
  return {
    revision,
    site: siteView(content.facts, content.notices),
    services,
    prices: content.prices,
    faqs: content.faqs,
    testimonials: content.testimonials,
    areas: content.areas,
    notices: content.notices,
    activeNotices,
    changesAt,
  };
}

export function serviceIn(view: Pick<ContentView, 'services'>, slug: string): Service | undefined {
  return view.services.find((service) => service.slug === slug);
}
