import type { Context, Hono } from 'hono';
import type { Lead } from '../db/schema';
import type { AppEnv } from '../env';

/**
 * "Pay now" from the customer's request page: POST /r/<token>/invoices/<id>/pay makes a Stripe
 * Checkout session for what is left on that invoice (theirs alone) and sends them to Stripe's page
 * with a 303; Stripe sends them back to their page. Mounted by the request routes, so the same
 * token check, rate limit, headers and log masking apply.
 */
type WithLead = (c: Context<AppEnv>, act: (lead: Lead, path: string) => Promise<Response> | Response) => Promise<Response>;

const INVOICE_ID = '{[0-9a-f-]{36}}';

export function registerInvoicePayRoutes(routes: Hono<AppEnv>, token: string, withLead: WithLead) {
  routes.post(`/r/:token${token}/invoices/:invoice${INVOICE_ID}/pay`, (c) =>
    withLead(c, async (lead, path) => {
      const { startCardPayment } = await import('../payments/pay-invoice');
      const outcome = await startCardPayment(c.env, lead.id, c.req.param('invoice') ?? '', {
        origin: new URL(c.req.url).origin,
        path,
      });
      if ('go' in outcome) return c.redirect(outcome.go, 303);
      if (outcome.back === 'nothing') return c.redirect(path, 303);
      return c.redirect(`${path}?done=${outcome.back}`, 303);
    }),
  );
  // A tap that lands here as a GET (a bookmarked address): their page, where "Pay now" is.
  routes.get(`/r/:token${token}/invoices/:invoice${INVOICE_ID}/pay`, (c) => withLead(c, (_lead, path) => c.redirect(path, 303)));
}
