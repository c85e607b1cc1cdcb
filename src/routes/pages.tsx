import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { notFound } from '../http/errors';
import { PRIVACY_PATH } from '../http/paths';
import { serviceIn } from '../site-content/view';

/**
 * The static pages of docs/spec.md §2 (the blog has its own routes).
 *
 * Each page's module is imported by the first request for it: a cold isolate rendering Home
 * compiles Home's components, not the form pages' (their islands' server render, the form
 * rules) nor the privacy notice's (test/unit/worker-modules.test.ts).
 */
export const pageRoutes = new Hono<AppEnv>();

pageRoutes.get('/', async (c) => {
  const { HomePage, homeMeta } = await import('../pages/HomePage');
  return c.render(<HomePage />, homeMeta(c.env.SITE_ORIGIN, c.var.content));
});

pageRoutes.get('/services', async (c) => {
  const { ServicesPage, servicesMeta } = await import('../pages/ServicesPage');
  return c.render(<ServicesPage />, servicesMeta(c.env.SITE_ORIGIN, c.var.content));
});

pageRoutes.get('/services/:slug', async (c) => {
  const service = serviceIn(c.var.content, c.req.param('slug'));
  if (!service) return notFound(c);
  const { ServicePage, serviceMeta } = await import('../pages/ServicePage');
  return c.render(<ServicePage service={service} />, serviceMeta(c.env.SITE_ORIGIN, service, c.var.content));
});

pageRoutes.get('/faq', async (c) => {
  const { FaqPage, faqMeta } = await import('../pages/FaqPage');
  return c.render(<FaqPage />, faqMeta(c.env.SITE_ORIGIN, c.var.content));
});

// The notice states this deployment's retention days and optional services, read from its vars.
pageRoutes.get(PRIVACY_PATH, async (c) => {
  const [{ PrivacyPage, privacyMeta }, { privacyNoticeProps }] = await Promise.all([
    import('../pages/PrivacyPage'),
    import('../privacy/notice-props'),
  ]);
  return c.render(<PrivacyPage {...privacyNoticeProps(c.env)} />, privacyMeta(c.env.SITE_ORIGIN, c.var.content));
});

/** What the two form pages share: the carried postcode, the form's placeholders (filled per answer by the page cache). */
const formRules = async () => {
  const [{ carriedMessage, carriedPostcode }, { ATTRIBUTION_PLACEHOLDER }, { cacheableFormState }] = await Promise.all([
    import('../leads/area-check'),
    import('../leads/arrival'),
    import('../leads/form-token'),
  ]);
  return { carriedMessage, carriedPostcode, ATTRIBUTION_PLACEHOLDER, cacheableFormState };
};

// Form pages carry placeholders (the form token, the visitor's attribution) that the page cache
// fills in on every response (declared in pages.caching.ts).
pageRoutes.get('/contact', async (c) => {
  const [{ ContactPage, contactMeta }, { carriedMessage, carriedPostcode, cacheableFormState, ATTRIBUTION_PLACEHOLDER }] =
    await Promise.all([import('../pages/ContactPage'), formRules()]);
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

pageRoutes.get('/free-quote', async (c) => {
  const [{ QuoteRequestPage, quoteRequestMeta }, { carriedPostcode, cacheableFormState, ATTRIBUTION_PLACEHOLDER }] =
    await Promise.all([import('../pages/QuoteRequestPage'), formRules()]);
  // Only a known service is preselected; anything else in ?service= is ignored.
  const service = serviceIn(c.var.content, c.req.query('service') ?? '')?.slug;
  // A postcode carried from "Do we cover you?" fills its field. Such a URL is not one the cache
  // keeps (an undeclared parameter), so the page is rendered for it and never shared.
  const postcode = carriedPostcode(c.req.query('postcode'));
  const state = cacheableFormState(c.env, 'quote');
  return c.render(
    <QuoteRequestPage
      formState={postcode ? { ...state, values: { ...state.values, postcode } } : state}
      service={service}
      attribution={ATTRIBUTION_PLACEHOLDER}
    />,
    quoteRequestMeta(c.env.SITE_ORIGIN, c.var.content, service),
  );
});
