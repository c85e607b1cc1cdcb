import { d1Database } from '../db/client';
import { forgetSubscription, listSubscriptionsOf } from '../db/push-subscriptions';
import type { Bindings } from '../env';
import { log } from '../log';
import { pushConfig } from './config';
import type { AlertPayload } from './payload';

/**
 * "Send a test alert": one alert to each of the person's devices with alerts on, sent at once
 * (not through the queue: nothing is stored, no quiet hours, no retry), so the page can say
 * what happened to each. A device its push service says is gone is removed, as the queue does.
 */

export interface TestAlertResult {
  sent: number;
  /** The push service refused or could not be reached. */
  failed: number;
  /** Unsubscribed in its browser: removed from the list. */
  gone: number;
}

const testPayload = (device: string): AlertPayload => ({
  title: 'Test alert',
  body: `Alerts work on ${device}.`,
  url: '/admin/alerts',
  tag: 'test-alert',
});

/** Null when alerts are not set up on this server. */
export async function sendTestAlert(env: Bindings, personId: number): Promise<TestAlertResult | null> {
  const config = pushConfig(env);
  if (!config) return null;
  const db = d1Database(env);
  const devices = await listSubscriptionsOf(db, personId);
  const { sendPush } = await import('./send');
  const results = await Promise.all(devices.map((device) => sendPush(device, testPayload(device.device), config, true)));
  const result: TestAlertResult = { sent: 0, failed: 0, gone: 0 };
  await Promise.all(
    results.map(async (outcome, i) => {
      if (outcome.ok) result.sent++;
      else if (outcome.gone) {
        result.gone++;
        await forgetSubscription(db, devices[i]!.id);
      } else {
        result.failed++;
        log.warn('test alert failed', { device: devices[i]!.id, reason: outcome.reason });
      }
    }),
  );
  log.info('test alert sent', { person: personId, ...result });
  return result;
}
