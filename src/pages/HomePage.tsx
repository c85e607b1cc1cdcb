import { buttonClass } from '../components/button';
import { Icon } from '../components/Icon';
import type { PageMeta } from '../render/meta';
import { heroStats, site } from '../site';

export const homeMeta = (): PageMeta => ({
  title: `Drain Unblocking & Repairs in Bournemouth, Poole & New Forest | ${site.shortName}`,
  description:
    '24/7 drain unblocking, CCTV drain surveys and no-dig repairs across Bournemouth, Christchurch, Poole and the New Forest. No call-out charge on emergencies.',
  path: '/',
  keywords: ['drain unblocking Bournemouth', 'blocked drain Poole', 'CCTV drain survey', 'emergency plumber Christchurch'],
});

export function HomePage() {
  return (
    <section className="hero">
      <div className="container hero__inner">
        <h1 className="hero__title">Drain Unblocking &amp; Repairs across BCP &amp; New Forest</h1>
        <p className="hero__lead">{site.tagline}</p>
        <div className="hero__actions">
          <a className={buttonClass('destructive', 'lg')} href={site.phone.emergency.href}>
            <Icon name="phone" size={20} /> Emergency Drain Callout
          </a>
          <a className={buttonClass('accent', 'lg')} href="/free-quote">
            Get a Free Drain Survey Quote
          </a>
        </div>
        <dl className="hero__stats">
          {heroStats.map((stat) => (
            <div key={stat.label}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
