import { byLine } from '../content/line-wording';
import { tapPing } from '../http/tap-ping';
import { useContent } from '../site-content/context';
import { buttonClass } from './button';
import { Icon } from './Icon';

const navLinks = [
  { href: '/faq', label: 'FAQs' },
  { href: '/blog', label: 'Blog' },
  { href: '/contact', label: 'Contact' },
] as const;

const current = (pathWithQuery: string, href: string) => {
  const path = pathWithQuery.split('?')[0] ?? pathWithQuery;
  return path === href || (href !== '/' && path.startsWith(`${href}/`)) ? 'page' : undefined;
};

/**
 * Sticky 96px header. The Services dropdown and the mobile menu are native popovers: they
 * open, close on Escape or an outside click, and keep focus order without any JavaScript.
 */
export function Header({ path }: { path: string }) {
  const { site, services } = useContent();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a className="logo" href="/" aria-label={`${site.name}, home`}>
          <img src="/logo.svg" alt="" width="44" height="44" />
          <span className="logo__text">
            <span className="logo__name">BCP Drainage</span>
            <span className="logo__sub">&amp; Plumbing</span>
          </span>
        </a>

        <nav className="main-nav" aria-label="Main">
          <a href="/" aria-current={current(path, '/') === 'page' && path === '/' ? 'page' : undefined}>
            Home
          </a>
          <button
            type="button"
            className="main-nav__services"
            popoverTarget="services-menu"
            aria-current={current(path, '/services')}
          >
            Services <Icon name="chevron-down" size={16} />
          </button>
          <div id="services-menu" className="services-menu" popover="auto">
            <a href="/services" className="services-menu__all">
              All Services
            </a>
            <hr />
            <ul>
              {services.map((service) => (
                <li key={service.slug}>
                  <a href={`/services/${service.slug}`}>{service.title}</a>
                </li>
              ))}
            </ul>
          </div>
          {navLinks.map((link) => (
            <a key={link.href} href={link.href} aria-current={current(path, link.href)}>
              {link.label}
            </a>
          ))}
        </nav>

        <div className="site-header__actions">
          <a
            className={buttonClass('destructive', 'default', 'header-call')}
            href={site.phone.emergency.href}
            ping={tapPing(site.phone.emergency.href)}
            aria-label={`Call our ${byLine(site.line, '24/7 ', '')}emergency line ${site.phone.emergency.display}`}
          >
            <Icon name="phone" size={18} />
            <span className="header-call__label">{site.phone.emergency.display}</span>
          </a>
          <div className="social-links">
            <a href={site.social.instagram} aria-label="Instagram" rel="noopener" target="_blank">
              <Icon name="instagram" size={20} />
            </a>
            <a href={site.social.x} aria-label="X (Twitter)" rel="noopener" target="_blank">
              <Icon name="x" size={18} />
            </a>
            <a
              href={site.messaging.href}
              ping={tapPing(site.messaging.href)}
              aria-label="WhatsApp chat"
              rel="noopener"
              target="_blank"
            >
              <Icon name="message" size={20} />
            </a>
          </div>
          <button type="button" className="menu-toggle" popoverTarget="mobile-menu" aria-label="Open menu">
            <Icon name="menu" size={28} />
          </button>
        </div>
      </div>

      <nav id="mobile-menu" className="mobile-menu" popover="auto" aria-label="Mobile">
        <div className="mobile-menu__top">
          <span className="mobile-menu__title">Menu</span>
          <button
            type="button"
            className={buttonClass('ghost', 'icon')}
            popoverTarget="mobile-menu"
            popoverTargetAction="hide"
            aria-label="Close menu"
          >
            <Icon name="close" size={24} />
          </button>
        </div>
        <a href="/">Home</a>
        <details className="mobile-menu__services">
          <summary>Services</summary>
          <ul>
            <li>
              <a href="/services">All Services</a>
            </li>
            {services.map((service) => (
              <li key={service.slug}>
                <a href={`/services/${service.slug}`}>{service.title}</a>
              </li>
            ))}
          </ul>
        </details>
        {navLinks.map((link) => (
          <a key={link.href} href={link.href}>
            {link.label}
          </a>
        ))}
        <a
          className={buttonClass('destructive', 'lg', 'mobile-menu__call')}
          href={site.phone.emergency.href}
          ping={tapPing(site.phone.emergency.href)}
        >
          <Icon name="phone" size={20} /> Call {site.phone.emergency.display}
        </a>
      </nav>
    </header>
  );
}
