/**
 * Signs a webhook body the way Stripe does (https://docs.stripe.com/webhooks#verify-manually):
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "${t}.${body}" keyed by the
 * endpoint's secret>`. WebCrypto only, so the Worker tests (workerd) and the stand-in Stripe
 * server (Node) sign with the same code.
 */
export async function stripeSignatureHeader(secret: string, body: string, timestampSeconds = Math.floor(Date.now() / 1000)) {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestampSeconds}.${body}`)));
  const hex = [...mac].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `t=${timestampSeconds},v1=${hex}`;
}

/** A Stripe event as its webhook delivers it: an id, a type and the object it is about. */
export function stripeEvent(id: string, type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    data: { object },
  });
}
