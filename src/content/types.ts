/** Shapes of the static content. Every array in src/content satisfies one of these. */

/** Names of the inline SVG icons <Icon> draws. */
export type IconName =
  | 'droplets' // drain unblocking
  | 'camera' // CCTV survey
  | 'wrench' // relining / repair
  | 'siren' // 24/7 emergency
  | 'building' // commercial
  | 'calendar-check' // preventive maintenance
  | 'cloud-rain' // soakaways
  | 'bath' // sinks and toilets
  | 'shovel' // dig ups
  | 'gauge' // pump repairs
  | 'faucet' // emergency plumbing (a tap: a flame reads as gas)
  | 'tree' // root cutting
  | 'phone'
  | 'mail'
  | 'message'
  | 'map-pin'
  | 'clock'
  | 'shield'
  | 'star'
  | 'check'
  | 'award'
  | 'users'
  | 'pound'
  | 'instagram'
  | 'x'
  | 'menu'
  | 'close'
  | 'chevron-down'
  | 'arrow-left'
  | 'arrow-right'
  | 'alert';

/** What the call to action on a service page offers (docs/spec.md §2 'Calls to action by page'). */
type ServiceCta = 'quote' | 'emergency' | 'contact';

export interface ServiceSection {
  heading: string;
  /** Paragraphs of plain text. */
  paragraphs: readonly string[];
}

export interface Service {
  /** URL slug, exactly as docs/spec.md §2 lists it. */
  slug: string;
  title: string;
  /** One or two sentences for cards and the overview page. */
  description: string;
  /** Exactly four short feature bullets for the overview cards. */
  features: readonly [string, string, string, string];
  icon: IconName;
  /** Hero subtitle on the service page. */
  subtitle: string;
  /** Benefit bullets under the description on the service page. */
  benefits: readonly string[];
  /** Original long-form copy: what it is, when you need it, how it is done, what waiting costs. */
  sections: readonly ServiceSection[];
  cta: ServiceCta;
  /** <title> and meta description for the service page. */
  metaTitle: string;
  metaDescription: string;
  keywords: readonly string[];
  /** Illustration under public/images, e.g. '/images/services/drain-unblocking.svg'. */
  image: string;
  imageAlt: string;
}

export interface Testimonial {
  name: string;
  location: string;
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  /** Two capital letters. */
  initials: string;
}

export interface SellingPoint {
  title: string;
  desc: string;
  icon: IconName;
}

export interface Faq {
  question: string;
  answer: string;
}

export interface Stat {
  value: string;
  label: string;
}

/** A town on the areas map: name and position (WGS84). */
export interface Town {
  name: string;
  lat: number;
  lng: number;
}

/** [longitude, latitude], the order GeoJSON and maplibre use. */
export type LngLat = readonly [number, number];
