import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readText } from './request-body';
import { stripeEvent, stripeSignatureHeader } from './stripe-signing';

/**
 * A real HTTP server on 127.0.0.1 standing in for Stripe's API and its hosted Checkout page.
 * The Worker calls POST /v1/checkout/sessions as it would Stripe (form-encoded, a bearer key, an
 * Idempotency-Key; the same key answers the same session, as Stripe does). Tests steer it:
 *   GET  /__sessions  -> every creation received, oldest first (headers and form fields)
 *   POST /__control {"mode": "accept" | "fail", "webhookUrl"?: "...", "webhookSecret"?: "..."}
 *   POST /__reset     -> mode accept, no sessions
 * and a browser paying opens GET /pay/<session id> (the stand-in Checkout page) and presses
 * "Pay": the server then delivers checkout.session.completed, signed with Stripe's scheme, to
 * the webhook URL it was given, and sends the browser to the session's success_url.
 */
export interface ReceivedSession {
  id: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripeServer() {
  let mode: 'accept' | 'fail' = 'accept';
  let webhookUrl = '';
  let webhookSecret = '';
  let sessions: ReceivedSession[] = [];
  const byKey = new Map<string, ReceivedSession>();
  let events = 0;
  let base = '';

  const server = createServer(async (req, res) => {
    const body = await readText(req);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/__sessions' && req.method === 'GET') return json(200, sessions);
    if (url.pathname === '/__reset' && req.method === 'POST') {
      mode = 'accept';
      sessions = [];
      byKey.clear();
      return json(200, { ok: true });
    }
    if (url.pathname === '/__control' && req.method === 'POST') {
      const control = JSON.parse(body) as { mode?: 'accept' | 'fail'; webhookUrl?: string; webhookSecret?: string };
      mode = control.mode ?? mode;
      webhookUrl = control.webhookUrl ?? webhookUrl;
      webhookSecret = control.webhookSecret ?? webhookSecret;
      return json(200, { mode });
    }
    if (url.pathname === '/v1/checkout/sessions' && req.method === 'POST') {
      if (mode === 'fail') return json(500, { error: { type: 'api_error', message: 'stand-in failure' } });
      if (!req.headers.authorization?.startsWith('Bearer ')) return json(401, { error: { type: 'invalid_request_error' } });
      const key = req.headers['idempotency-key'] as string | undefined;
      const again = key ? byKey.get(key) : undefined;
      const session: ReceivedSession = again ?? {
        id: `cs_test_${sessions.length + 1}${Math.random().toString(36).slice(2, 8)}`,
        idempotencyKey: key,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        form: Object.fromEntries(new URLSearchParams(body)),
      };
      sessions.push(session);
      if (key) byKey.set(key, session);
      return json(200, { id: session.id, object: 'checkout.session', url: `${base}/pay/${session.id}` });
    }
    const pay = /^\/pay\/([\w-]+)$/.exec(url.pathname);
    const session = pay ? sessions.find((s) => s.id === pay[1]) : undefined;
    if (pay && !session) return json(404, { error: 'no such session' });
    if (session && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const pounds = (Number(session.form['line_items[0][price_data][unit_amount]']) / 100).toFixed(2);
      return res.end(
        `<!doctype html><meta name="viewport" content="width=device-width"><title>Stand-in Checkout</title>` +
          `<h1>Pay £${pounds}</h1><p>${escapeHtml(session.form['line_items[0][price_data][product_data][name]'] ?? '')}</p>` +
          `<form method="post"><button>Pay</button></form>`,
      );
    }
    if (session && req.method === 'POST') {
      events += 1;
      const event = stripeEvent(`evt_test_${events}${Math.random().toString(36).slice(2, 8)}`, 'checkout.session.completed', {
        id: session.id,
        object: 'checkout.session',
        amount_total: Number(session.form['line_items[0][price_data][unit_amount]']),
        currency: 'gbp',
        payment_status: 'paid',
        payment_intent: `pi_test_${session.id}`,
        client_reference_id: session.form.client_reference_id,
        metadata: { invoice_id: session.form['metadata[invoice_id]'] },
      });
      const delivered = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': await stripeSignatureHeader(webhookSecret, event) },
        body: event,
      });
      if (!delivered.ok) return json(502, { error: `webhook answered ${delivered.status}` });
      res.writeHead(303, { location: session.form.success_url ?? '/' });
      return res.end();
    }
    json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
