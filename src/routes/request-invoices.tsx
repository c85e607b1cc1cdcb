import type { Context, Hono } from 'hono';
import type { Lead } from '../db/schema';
import type { AppEnv } from '../env';
import { errorResponse } from '../http/errors';

/**
 * The customer's invoices under their request link. Each invoice and credit note opens as a page
 * of its own to read and print (GET /r/<token>/invoices/<id>, /r/<token>/credit-notes/<id>: theirs
 * alone, anyone else's a 404). "Pay now": POST /r/<token>/invoices/<id>/pay makes a Stripe
 * Checkout session for what is left on that invoice and sends them to Stripe's page with a 303;
 * Stripe sends them back to their page. Mounted by the request routes, so the same token check,
 * rate limit, headers (never stored by a cache, never indexed) and log masking apply.
 */
type WithLead = (c: Context<AppEnv>, act: (lead: Lead, path: string) => Promise<Response> | Response) => Promise<Response>;

const INVOICE_ID = '{[0-9a-f-]{36}}';

const documentMeta = (path: string, title: string, at: string) => ({
  title,
  description: 'Your document.',
  path: `${path}${at}`,
  noindex: true,
});

export function registerInvoiceRoutes(routes: Hono<AppEnv>, token: string, withLead: WithLead) {
  routes.get(`/r/:token${token}/invoices/:invoice${INVOICE_ID}`, (c) =>
    withLead(c, async (lead, path) => {
      const [{ customerInvoiceDocument }, { CustomerDocumentPage }, { InvoiceDocument }] = await Promise.all([
        import('../payments/customer-invoices'),
        import('../pages/CustomerDocumentPage'),
        import('../components/InvoiceDocument'),
      ]);
      const id = c.req.param('invoice') ?? '';
      const doc = await customerInvoiceDocument(c.env, c.var.content, lead.id, id);
      if (!doc) return errorResponse(c, 404);
      return c.render(
        <CustomerDocumentPage path={path}>
          <InvoiceDocument found={doc.found} seller={doc.seller} status={doc.status} />
        </CustomerDocumentPage>,
        documentMeta(path, `Invoice ${doc.found.invoice.number}`, `/invoices/${id}`),
      );
    }),
  );
  routes.get(`/r/:token${token}/credit-notes/:note${INVOICE_ID}`, (c) =>
    withLead(c, async (lead, path) => {
      const [{ customerCreditNote }, { CustomerDocumentPage }, { CreditNoteDocument }] = await Promise.all([
        import('../payments/customer-invoices'),
        import('../pages/CustomerDocumentPage'),
        import('../components/CreditNoteDocument'),
      ]);
      const id = c.req.param('note') ?? '';
      const doc = await customerCreditNote(c.env, c.var.content, lead.id, id);
      if (!doc) return errorResponse(c, 404);
      return c.render(
        <CustomerDocumentPage path={path}>
          <CreditNoteDocument note={doc.note} lines={doc.lines} invoice={doc.invoice} seller={doc.seller} />
        </CustomerDocumentPage>,
        documentMeta(path, `Credit note ${doc.note.number}`, `/credit-notes/${id}`),
      );
    }),
  );
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
