import type { Bindings } from '../env';

/** STUB (replaced by the leads work): the cron handler that retries unsent lead e-mails. */
export async function retryUnsentLeads(_env: Bindings, _now: number = Date.now()): Promise<void> {}
