/**
 * The three ways to reach us that a visitor taps: what a link's href says about its channel.
 * Browser-safe (no imports): the links (tapPing) and the ping endpoint
 * (`tapRoutes`) must agree on it.
 */
export const TAP_CHANNELS = ['call', 'whatsapp', 'email'] as const;
export type TapChannel = (typeof TAP_CHANNELS)[number];

export const isTapChannel = (value: unknown): value is TapChannel => (TAP_CHANNELS as readonly unknown[]).includes(value);

/** tel: is a call, mailto: an e-mail, a wa.me link a WhatsApp chat; anything else is none. */
export function tapChannelOf(href: string): TapChannel | null {
  const lower = href.trim().toLowerCase();
  if (lower.startsWith('tel:')) return 'call';
  if (lower.startsWith('mailto:')) return 'email';
  if (lower.startsWith('https://wa.me/')) return 'whatsapp';
  return null;
}
