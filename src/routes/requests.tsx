import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { NO_STORE } from '../http/cache-control';
import { errorResponse } from '../http/errors';
import { afterResponse } from '../http/execution';
import { withinLimit } from '../http/rate-limit';
import type { leadForToken } from '../jobs/customer-requests';
import type { RequestNotice } from '../pages/RequestPage';
import { checkoutOrigins } from '../payments/stripe-config';
import { customerMayAsk } from '../rules/job-status';
import { leadVersion, VERSION_FIELD } from '../rules/lead-version';
import { registerInvoiceRoutes } from './request-invoices';
import { registerQuoteRoutes } from './request-quote';
import { registerReportRoutes } from './request-report';

/**
 * The customer's request link, /r/<token>: their page (with the job report once the work is
 * finished), "Ask to rebook" and "Cancel" (each a
 * confirm page and its post), the review
 * link's redirect (which counts the click) and the stop line. Never indexed or stored by any
 * cache, rate-limited per address; a tampered, unknown or expired token is a plain 404.
 */
export const requestRoutes = new Hono<AppEnv>();

const TOKEN = '{[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{22}}';

/** Every answer under /r/, the refusals too: its address holds the token, which no Referer may carry on. */
const privateAndLimited: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await withinLimit(c.env.REQUESTS_LIMITER, `request:${c.req.header('cf-connecting-ip') ?? 'unknown'}`))) {
    c.header('Retry-After', '60');
    c.res = await errorResponse(c, 429);
  } else {
    await next();
  }
  c.res.headers.set('Cache-Control', NO_STORE);
  c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  c.res.headers.set('Referrer-Policy', 'no-referrer');
};

requestRoutes.use('/r/*', privateAndLimited);

/**
 * "Pay now" answers with a redirect to Stripe's Checkout page, and a browser applies the page's
 * form-action to where a form's redirects lead: only the customer's pages let a form go there.
 * Mounted outside the security headers (app.ts), so it sees the policy they set.
 */
export const checkoutFormAction: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const policy = c.res.headers.get('Content-Security-Policy');
  const checkout = checkoutOrigins(c.env);
  if (policy && checkout.length > 0)
    c.res.headers.set(
      'Content-Security-Policy',
      policy.replace("form-action 'self'", `form-action 'self' ${checkout.join(' ')}`),
    );
};

/**
 * The jobs' queries and the owner's alerts (Drizzle, the outbox): imported by the first request
 * under /r/, not by every cold isolate that renders a page.
 */
async function jobs() {
  const [
    { leadForToken, readBeforeAChange, recordCustomerRequest, recordReviewLinkFollowed, stopReviews },
    { deliverQueuedNow },
    { deliverQueuedAlerts, queueAlerts },
    { REQUEST_ALERTS },
    { readCustomerWords },
    { requestPath },
  ] = await Promise.all([
    import('../jobs/customer-requests'),
    import('../jobs/deliver-now'),
    import('../push/outbox'),
    import('../jobs/request-alerts'),
    import('../jobs/customer-words'),
    import('../jobs/request-token'),
  ]);
  return {
    leadForToken,
    readBeforeAChange,
    recordCustomerRequest,
    recordReviewLinkFollowed,
    stopReviews,
    deliverQueuedNow,
    deliverQueuedAlerts,
    queueAlerts,
    REQUEST_ALERTS,
    readCustomerWords,
    requestPath,
  };
}

/** The customer's pages, imported with the first request under /r/. */
/** Whether the engineer finished the work (a cheap look, on the two customer actions only). */
async function workFinished(env: AppEnv['Bindings'], leadId: string): Promise<boolean> {
  const [{ d1Database }, { isWorkFinished }] = await Promise.all([import('../db/client'), import('../db/site-work')]);
  return isWorkFinished(d1Database(env), leadId);
}

async function pages() {
  const [{ REQUEST_ACTIONS, RequestConfirmPage }, { REQUEST_NOTICES, RequestPage, StopReviewsPage }] = await Promise.all([
    import('../pages/RequestConfirmPage'),
    import('../pages/RequestPage'),
  ]);
  return { REQUEST_ACTIONS, RequestConfirmPage, REQUEST_NOTICES, RequestPage, StopReviewsPage };
}
type Pages = Awaited<ReturnType<typeof pages>>;

const meta = (path: string) => ({ title: 'Your request', description: 'Your request and booking.', path, noindex: true });

async function withLead(
  c: Context<AppEnv>,
  act: (lead: NonNullable<Awaited<ReturnType<typeof leadForToken>>>, path: string, page: Pages) => Promise<Response> | Response,
) {
  const token = c.req.param('token') ?? '';
  const [{ leadForToken, requestPath }, page] = await Promise.all([jobs(), pages()]);
  const lead = await leadForToken(c.env, token);
  if (!lead) return errorResponse(c, 404);
  return act(lead, requestPath(token), page);
}

requestRoutes.get(`/r/:token${TOKEN}`, (c) =>
  withLead(c, async (lead, path, { REQUEST_NOTICES, RequestPage }) => {
    const done = c.req.query('done');
    const notice = done && done in REQUEST_NOTICES ? (done as RequestNotice) : undefined;
    const [{ d1Database }, { quoteSentTo }, { jobReportOf }, { customerInvoices }] = await Promise.all([
      import('../db/client'),
      import('../db/quote-reads'),
      import('../jobs/job-report'),
      import('../payments/customer-invoices'),
    ]);
    const db = d1Database(c.env);
    const [quote, report, money] = await Promise.all([
      quoteSentTo(db, lead.id),
      jobReportOf(db, lead),
      customerInvoices(c.env, c.var.content, lead.id),
    ]);
    return c.render(
      <RequestPage
        lead={lead}
        path={path}
        notice={notice}
        quote={quote?.number}
        quoteAccepted={quote?.accepted}
        report={report}
        money={money}
      />,
      meta(path),
    );
  }),
);

for (const request of ['rebook', 'cancel'] as const) {
  const confirmMeta = (path: string, page: Pages) => ({ ...meta(path), title: page.REQUEST_ACTIONS[request].title });

  // The confirm step: a page, so a link scanner opening it changes nothing.
  requestRoutes.get(`/r/:token${TOKEN}/${request}`, (c) =>
    withLead(c, async (lead, path, page) =>
      customerMayAsk(lead.jobStatus, request) && !(await workFinished(c.env, lead.id))
        ? c.render(<page.RequestConfirmPage lead={lead} path={path} request={request} />, confirmMeta(path, page))
        : c.redirect(path, 303),
    ),
  );

  requestRoutes.post(`/r/:token${TOKEN}/${request}`, (c) =>
    withLead(c, async (lead, path, page) => {
      const {
        leadForToken,
        readCustomerWords,
        readBeforeAChange,
        recordCustomerRequest,
        queueAlerts,
        deliverQueuedNow,
        deliverQueuedAlerts,
        REQUEST_ALERTS,
      } = await jobs();
      const body = await c.req.parseBody();
      if (readBeforeAChange(lead, request, body)) return c.redirect(`${path}?done=changed`, 303);
      // The engineer finished the work: the page shows the report, and nothing is left to move or cancel.
      if (await workFinished(c.env, lead.id)) return c.redirect(path, 303);
      const read = readCustomerWords(body);
      if (!read.ok) {
        c.status(422);
        return c.render(
          <page.RequestConfirmPage lead={lead} path={path} request={request} error={read} />,
          confirmMeta(path, page),
        );
      }
      const now = Date.now();
      // Recorded once: asked again with nothing changed since, the page as it is says so.
      const recorded = await recordCustomerRequest(c.env, lead, request, read.words, now);
      if (!recorded) {
        // Not recorded: asked already (the page says so), or the visit changed under the request.
        const after = await leadForToken(c.env, c.req.param('token') ?? '');
        const changed = after && readBeforeAChange(after, request, { [VERSION_FIELD]: leadVersion(lead) });
        return c.redirect(changed ? `${path}?done=changed` : path, 303);
      }
      // The owner's alert is stored before the answer, like the notice, and tried after it.
      const alertsQueuedAt = await queueAlerts(c.env, lead.id, request, false, now);
      afterResponse(
        c,
        Promise.all([
          deliverQueuedNow(c.env, lead.id, now),
          deliverQueuedAlerts(c.env, lead.id, alertsQueuedAt, REQUEST_ALERTS[request], now),
        ]),
      );
      return c.redirect(`${path}?done=${request}`, 303);
    }),
  );
}

requestRoutes.get(`/r/:token${TOKEN}/review`, (c) =>
  withLead(c, async (lead) => {
    const url = c.var.content.site.reviewsUrl;
    if (!/^https:\/\//.test(url)) return errorResponse(c, 404);
    await (await jobs()).recordReviewLinkFollowed(c.env, lead);
    return c.redirect(url, 302);
  }),
);

requestRoutes.get(`/r/:token${TOKEN}/stop`, (c) =>
  withLead(c, (lead, path, { StopReviewsPage }) =>
    c.render(<StopReviewsPage path={path} stopped={lead.reviewsStoppedAt !== null} />, {
      ...meta(path),
      title: 'Review requests',
    }),
  ),
);

requestRoutes.post(`/r/:token${TOKEN}/stop`, (c) =>
  withLead(c, async (lead, path) => {
    await (await jobs()).stopReviews(c.env, lead);
    return c.redirect(`${path}/stop`, 303);
  }),
);

registerQuoteRoutes(requestRoutes, TOKEN, withLead);
registerReportRoutes(requestRoutes, TOKEN, withLead);
registerInvoiceRoutes(requestRoutes, TOKEN, withLead);
