import type { Bindings } from '../../env';

export interface RelyingParty {
  /** The registrable domain passkeys are bound to (never an IP address: WebAuthn refuses those). */
  id: string;
  /** The one origin whose pages may use them. */
  origin: string;
  name: string;
}

const LOCAL_HOST = /^(?:localhost|[a-z0-9-]+\.localhost)$/;

/**
 * The relying party of a request: SITE_ORIGIN in production; the request's own origin when the
 * admin is opened on localhost (wrangler dev), so passkeys work locally at
 * http://localhost:8787. A passkey made for one never signs in to the other.
 */
export function relyingPartyFor(env: Pick<Bindings, 'SITE_ORIGIN'>, requestUrl: string, name: string): RelyingParty {
  const request = new URL(requestUrl);
  if (LOCAL_HOST.test(request.hostname)) return { id: request.hostname, origin: request.origin, name };
  const site = new URL(env.SITE_ORIGIN);
  return { id: site.hostname, origin: site.origin, name };
}
