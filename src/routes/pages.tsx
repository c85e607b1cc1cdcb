import { Hono } from 'hono';
import { serviceBySlug } from '../content/services';
import type { AppEnv } from '../env';
import { ContactPage, contactMeta } from '../pages/ContactPage';
import { FaqPage, faqMeta } from '../pages/FaqPage';
import { HomePage, homeMeta } from '../pages/HomePage';
import { QuotePage, quoteMeta } from '../pages/QuotePage';
import { ServicePage, serviceMeta } from '../pages/ServicePage';
import { ServicesPage, servicesMeta } from '../pages/ServicesPage';
import { renderPage } from '../render/render';
import { notFound } from './errors';

/** The static pages of SPEC §2 (the blog has its own routes). */
export const pageRoutes = new Hono<AppEnv>();

pageRoutes.get('/', (c) => renderPage(c, <HomePage />, homeMeta(c.env.SITE_ORIGIN)));

pageRoutes.get('/services', (c) => renderPage(c, <ServicesPage />, servicesMeta(c.env.SITE_ORIGIN)));

pageRoutes.get('/services/:slug', (c) => {
  const service = serviceBySlug(c.req.param('slug'));
  if (!service) return notFound(c);
  return renderPage(c, <ServicePage service={service} />, serviceMeta(c.env.SITE_ORIGIN, service));
});

pageRoutes.get('/faq', (c) => renderPage(c, <FaqPage />, faqMeta(c.env.SITE_ORIGIN)));

pageRoutes.get('/contact', (c) => renderPage(c, <ContactPage />, contactMeta(c.env.SITE_ORIGIN)));

pageRoutes.get('/free-quote', (c) => {
  // Only a known service is preselected; anything else in ?service= is ignored.
  const service = serviceBySlug(c.req.query('service') ?? '')?.slug;
  return renderPage(c, <QuotePage service={service} />, quoteMeta(c.env.SITE_ORIGIN));
});
