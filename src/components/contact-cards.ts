import { byLine } from '../content/line-wording';
import type { IconName } from '../content/types';
import type { SiteView } from '../site-content/view';

/** A card of the contact section (docs/spec.md §2 'Contact section', §3 'Contact card'). */
export interface ContactCard {
  title: string;
  text: string;
  /** What the link shows: a phone number, an address or a call to action. */
  contact: string;
  href: string;
  /** 'icon' cards show `icon`; 'image' cards show `imageUrl` with `imageAlt`. */
  type: 'icon' | 'image';
  icon?: IconName;
  imageUrl?: string;
  imageAlt?: string;
  /** The number behind a link that does not show it (WhatsApp), printed beside it. */
  printNumber?: string;
  /** True when the link leaves the site (opens in a new tab). */
  external?: boolean;
}

/** The four cards, in display order. Every number, address and link comes from the content revision. */
export const contactCardsFor = (site: SiteView): readonly ContactCard[] => [
  {
    title: byLine(site.line, '24/7 Emergency Line', 'Emergency Line'),
    text: byLine(
      site.line,
      'Call our office any time, day or night, for blocked drains, overflows and burst pipes.',
      'Call our office {when} for blocked drains, overflows and burst pipes.',
    ),
    contact: site.phone.emergency.display,
    href: site.phone.emergency.href,
    type: 'icon',
    icon: 'phone',
  },
  {
    title: 'Email Us',
    text: 'Send us the details and photos of your drain problem and we will get back to you quickly.',
    contact: site.email.address,
    href: site.email.href,
    type: 'icon',
    icon: 'mail',
  },
  {
    title: `Speak to ${site.director.name}`,
    text: `Talk directly to our ${site.director.role.toLowerCase()} about surveys, repairs and commercial work.`,
    contact: site.phone.director.display,
    href: site.phone.director.href,
    type: 'image',
    imageUrl: '/images/director.svg',
    imageAlt: `Portrait of ${site.director.name}, ${site.director.role}`,
  },
  {
    title: 'Chat on WhatsApp',
    text: 'Message us with a photo or a quick description and we will reply as soon as we can.',
    contact: 'Start a chat',
    href: site.messaging.href,
    printNumber: site.whatsappNumber,
    type: 'icon',
    icon: 'message',
    external: true,
  },
];
