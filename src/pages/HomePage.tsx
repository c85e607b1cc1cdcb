import { About } from '../components/About';
import { AreasSection } from '../components/AreasSection';
import { buttonClass } from '../components/button';
import { ContactSection } from '../components/ContactSection';
import { Icon } from '../components/Icon';
import { KeptPerRevision } from '../components/KeptPerRevision';
import { ServiceGrid } from '../components/ServiceGrid';
import { Testimonials } from '../components/Testimonials';
import { byLine } from '../content/line-wording';
import { tapPing } from '../http/tap-ping';
import type { PageMeta } from '../render/meta';
import { plumberJsonLd } from '../seo/jsonld';
import { useSite } from '../site-content/context';
import type { ContentView } from '../site-content/view';

export const homeMeta = (origin: string, content: ContentView): PageMeta => ({
  title: `Drain Unblocking & Repairs in Bournemouth, Poole & New Forest | ${content.site.shortName}`,
  description: `${byLine(content.site.line, '24/7 drain unblocking', 'Drain unblocking')}, CCTV drain surveys and no-dig repairs across Bournemouth, Christchurch, Poole and the New Forest. No call-out charge on emergencies.`,
  path: '/',
  keywords: [
    'drain unblocking Bournemouth',
    'blocked drain Poole',
    'CCTV drain survey',
    'emergency plumber Christchurch',
    'drainage company New Forest',
    'Southbourne drainage',
  ],
  jsonLd: plumberJsonLd(origin, content),
});

const heroPromises = ['No call-out charge on emergencies', 'Fully licensed and insured', '100% guaranteed'] as const;

function Hero() {
  const site = useSite();
  return (
    <section className="hero">
      <KeptPerRevision id="home-hero">
        <div className="container hero__inner">
          <div className="hero__main">
            <p className="hero__eyebrow">
              <Icon name="map-pin" size={16} /> Southbourne based · serving BCP &amp; the New Forest
            </p>
            <h1 className="hero__title">Drain Unblocking &amp; Repairs across BCP &amp; New Forest</h1>
            <p className="hero__lead">{site.tagline}</p>
            <div className="hero__actions">
              <a
                className={buttonClass('destructive', 'lg')}
                href={site.phone.emergency.href}
                ping={tapPing(site.phone.emergency.href)}
              >
                <Icon name="phone" size={20} /> Emergency Drain Callout{' '}
                <span className="hero__call-number">{site.phone.emergency.display}</span>
              </a>
              <a className={buttonClass('accent', 'lg')} href="/free-quote">
                Get a Free Drain Survey Quote
              </a>
            </div>
            <dl className="hero__stats">
              {site.stats.map((stat) => (
                <div key={stat.label}>
                  <dt>{stat.label}</dt>
                  <dd>{stat.value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <aside className="hero__card" aria-labelledby="hero-card-heading">
            <h2 id="hero-card-heading" className="hero__card-title">
              Blocked drain right now?
            </h2>
            <p>{`Call our ${byLine(site.line, '24/7 line', 'line, open {when}')}. A local engineer is usually with you in about an hour.`}</p>
            <a className="hero__card-phone" href={site.phone.emergency.href} ping={tapPing(site.phone.emergency.href)}>
              <Icon name="phone" size={24} /> {site.phone.emergency.display}
            </a>
            <ul className="hero__promises">
              {heroPromises.map((promise) => (
                <li key={promise}>
                  <Icon name="check" size={18} /> {promise}
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </KeptPerRevision>
    </section>
  );
}

export function HomePage() {
  return (
    <>
      <Hero />
      <ServiceGrid />
      <About />
      <Testimonials />
      <ContactSection />
      <AreasSection />
    </>
  );
}
