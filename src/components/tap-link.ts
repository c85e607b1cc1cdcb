import { TAP_PATH } from '../http/paths';
import { tapChannelOf } from '../rules/tap-channels';

/**
 * A link's href, and for a call, WhatsApp or e-mail link the `ping` that counts its taps
 * (POST /api/tap, src/routes/taps.ts). The browser sends the ping itself as it follows the link:
 * no JavaScript, no cookie, nothing that follows the visitor. Every such link of ours is spread
 * from this (`<a {...tapLink(site.phone.emergency.href)}>`), so none is missed.
 */
export function tapLink(href: string): { href: string; ping?: string } {
  const channel = tapChannelOf(href);
  return channel ? { href, ping: `${TAP_PATH}?channel=${channel}` } : { href };
}
