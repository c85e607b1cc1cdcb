import type { Bindings } from '../env';

/**
 * The customer's confirmation e-mail goes out unless the LEAD_CONFIRMATIONS var says "off". Read
 * by the outbox (whether to queue it) and by the form pages (whether the sent panel says one is
 * on its way), so the two cannot disagree.
 */
export const confirmationsOn = (env: Pick<Bindings, 'LEAD_CONFIRMATIONS'>) =>
  (env.LEAD_CONFIRMATIONS ?? '').trim().toLowerCase() !== 'off';
