import { tapPing } from '../http/tap-ping';
import { ukClock } from '../rules/uk-time';
import { useContent } from '../site-content/context';
import { BusinessDetails } from './BusinessFacts';
import { Icon } from './Icon';

const quickLinks = [
  { href: '/services', label: 'Services' },
  { href: '/faq', label: 'FAQs' },
  { href: '/blog', label: 'Blog' },
  { href: '/free-quote', label: 'Free Quote' },
] as const;

export function Footer() {
  const { site, areas } = useContent();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__heading">
            {site.name}
          </h2>
          <p>{site.blurb}</p>
          <ul className="site-footer__contact">
            <li>
              <a href={site.phone.emergency.href} ping={tapPing(site.phone.emergency.href)}>
                <Icon name="phone" size={18} /> {site.phone.emergency.display}
              </a>
            </li>
            <li>
              <a
                href={site.messaging.href}
                ping={tapPing(site.messaging.href)}
                data-print-number={site.whatsappNumber}
                rel="noopener"
                target="_blank"
              >
                <Icon name="message" size={18} /> WhatsApp us
              </a>
            </li>
            <li>
              <a href={site.email.href} ping={tapPing(site.email.href)}>
                <Icon name="mail" size={18} /> {site.email.address}
              </a>
            </li>
          </ul>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__heading">
            Quick Links
          </h2>
          <ul>
            {quickLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-areas">
          <h2 id="footer-areas" className="site-footer__heading">
            Areas We Serve
          </h2>
          <ul className="site-footer__areas">
            {areas.places.map((area) => (
              <li key={area}>{area}</li>
            ))}
          </ul>
        </section>
      </div>
      <BusinessDetails />
      <div className="container site-footer__bottom">
        <p>{`© ${ukClock(Date.now()).year} ${site.name}. All rights reserved.`}</p>
        <p>
          <a href="/privacy">Privacy notice</a>
        </p>
      </div>
    </footer>
  );
}
