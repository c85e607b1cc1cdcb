import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { notFound } from '../http/errors';
import { PRIVACY_PATH } from '../http/paths';
import { carriedMessage, carriedPostcode } from '../leads/area-check';
import { ATTRIBUTION_PLACEHOLDER } from '../leads/arrival';
import { cacheableFormState } from '../leads/form-token';
import { ContactPage, contactMeta } from '../pages/ContactPage';
import { FaqPage, faqMeta } from '../pages/FaqPage';
import { HomePage, homeMeta } from '../pages/HomePage';
import { PrivacyPage, privacyMeta } from '../pages/PrivacyPage';
import { QuotePage, quoteMeta } from '../pages/QuotePage';
import { ServicePage, serviceMeta } from '../pages/ServicePage';
import { ServicesPage, servicesMeta } from '../pages/ServicesPage';
import { privacyNoticeProps } from '../privacy/notice-props';
import { serviceIn } from '../site-content/view';

/** The static pages of docs/spec.md §2 (the blog has its own routes). */
export const pageRoutes = new Hono<AppEnv>();

pageRoutes.get('/', (c) => c.render(<HomePage />, homeMeta(c.env.SITE_ORIGIN, c.var.content)));

pageRoutes.get('/services', (c) => c.render(<ServicesPage />, servicesMeta(c.env.SITE_ORIGIN, c.var.content)));

pageRoutes.get('/services/:slug', (c) => {
  const service = serviceIn(c.var.content, c.req.param('slug'));
  if (!service) return notFound(c);
  return c.render(<ServicePage service={service} />, serviceMeta(c.env.SITE_ORIGIN, service, c.var.content));
});

pageRoutes.get('/faq', (c) => c.render(<FaqPage />, faqMeta(c.env.SITE_ORIGIN, c.var.content)));

// The notice states this deployment's retention days and optional services, read from its vars.
pageRoutes.get(PRIVACY_PATH, (c) =>
  c.render(<PrivacyPage {...privacyNoticeProps(c.env)} />, privacyMeta(c.env.SITE_ORIGIN, c.var.content)),
);

// Form pages carry placeholders (the form token, the visitor's attribution) that the page cache
// fills in on every response (declared in pages.caching.ts).
pageRoutes.get('/contact', (c) => {
  // What "Do we cover you?" carries here (a postcode, the service page it was asked on) starts the
  // message; such a URL is not kept (undeclared parameters), so it is rendered for its request.
  const service = serviceIn(c.var.content, c.req.query('service') ?? '');
  const message = carriedMessage(carriedPostcode(c.req.query('postcode')), service?.title);
  const state = cacheableFormState(c.env, 'contact');
  return c.render(
    <ContactPage
      formState={message ? { ...state, values: { ...state.values, message } } : state}
      attribution={ATTRIBUTION_PLACEHOLDER}
    />,
    contactMeta(c.env.SITE_ORIGIN, c.var.content),
  );
});

pageRoutes.get('/free-quote', (c) => {
  // Only a known service is preselected; anything else in ?service= is ignored.
  const service = serviceIn(c.var.content, c.req.query('service') ?? '')?.slug;
  // A postcode carried from "Do we cover you?" fills its field. Such a URL is not one the cache
  // keeps (an undeclared parameter), so the page is rendered for it and never shared.
  const postcode = carriedPostcode(c.req.query('postcode'));
  const state = cacheableFormState(c.env, 'quote');
  return c.render(
    <QuotePage
      formState={postcode ? { ...state, values: { ...state.values, postcode } } : state}
      service={service}
      attribution={ATTRIBUTION_PLACEHOLDER}
    />,
    quoteMeta(c.env.SITE_ORIGIN, c.var.content, service),
  );
});
