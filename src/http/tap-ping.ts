import { tapChannelOf } from '../rules/tap-channels';
import { TAP_PATH } from './paths';

/**
 * The `ping` a call, WhatsApp or e-mail link carries, which counts its taps (POST /api/tap,
 * `tapRoutes`); undefined for any other link. The browser sends the ping itself as it
 * follows the link: no JavaScript, no cookie, nothing that follows the visitor. Every such link
 * of ours says `<a href={href} ping={tapPing(href)}>`, and test/worker/tap-links.test.ts checks
 * every page for one that does not.
 */
export function tapPing(href: string): string | undefined {
  const channel = tapChannelOf(href);
  return channel ? `${TAP_PATH}?channel=${channel}` : undefined;
}
