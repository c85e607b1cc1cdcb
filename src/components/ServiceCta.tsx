import type { Service } from '../content/types';
import { useContent } from '../site-content/context';
import { buttonClass } from './button';
import { CallButton } from './CallButton';
import { Icon } from './Icon';
import { PriceFrom } from './PriceFrom';

const headings = {
  quote: 'Get a fixed-price quote',
  emergency: 'Need help right now?',
  contact: 'Talk to a local engineer',
} as const satisfies Record<Service['cta'], string>;

/** The quote for this service: every service page offers one (/free-quote?service=SLUG). */
function QuoteLink({ slug, primary }: { slug: string; primary: boolean }) {
  return (
    <a
      className={buttonClass(primary ? 'accent' : 'outline', primary ? 'lg' : 'default', 'service-cta__button')}
      href={`/free-quote?service=${slug}`}
    >
      Get Your Quote {primary && <Icon name="arrow-right" size={18} />}
    </a>
  );
}

/**
 * The call to action of a service page (docs/spec.md §2 'Calls to action by page'). The quote button
 * links to the quote form with the service preselected (docs/design.md) instead of a notice, and
 * every service offers it: the emergency pages after the call, the others beside "Contact Us".
 * Every box also offers the emergency number as a call link (docs/design.md, Calls first).
 */
export function ServiceCta({ service }: { service: Service }) {
  const { site, prices } = useContent();
  return (
    <section className="service-cta" aria-labelledby="service-cta-heading">
      <h2 id="service-cta-heading" className="service-cta__title">
        {headings[service.cta]}
      </h2>
      <PriceFrom price={prices[service.slug]} />
      {service.cta === 'quote' && (
        <>
          <p>Tell us about the job and we'll send a clear, fixed quote. No obligation.</p>
          <QuoteLink slug={service.slug} primary />
          <a className={buttonClass('outline', 'default', 'service-cta__button')} href="/contact">
            Contact Us
          </a>
          <CallButton className="service-cta__button" />
        </>
      )}
      {service.cta === 'emergency' && (
        <>
          <p>{`Our emergency line is answered ${site.line.when} and there is no call-out charge on emergencies.`}</p>
          <CallButton className="service-cta__button" />
          <QuoteLink slug={service.slug} primary={false} />
        </>
      )}
      {service.cta === 'contact' && (
        <>
          <p>Send us a message or a photo of the problem and we'll come back to you quickly, or ask for a fixed quote.</p>
          <a className={buttonClass('default', 'lg', 'service-cta__button')} href="/contact">
            Contact Us <Icon name="arrow-right" size={18} />
          </a>
          <QuoteLink slug={service.slug} primary={false} />
          <CallButton className="service-cta__button" />
        </>
      )}
      <p className="service-cta__note">
        <Icon name="clock" size={16} /> Open {site.line.when} · {site.response.aim}
      </p>
    </section>
  );
}
