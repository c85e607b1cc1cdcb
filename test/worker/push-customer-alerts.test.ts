import { beforeEach, describe, expect, it } from 'vitest';
import { takeLogs } from '../support/console-guard';
import { signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, GO_ON, statusPath, ukDay } from './job-helpers';
import { call, mailFor, ORIGIN, setRecipientMode } from './leads-helpers';
import { forgetAllDevices, pushesTo, readPush, subscribeDevice } from './push-helpers';

/** The alerts that follow a lead after it came in (issue 36): the customer's requests from their page, and an e-mail that never reached them. */

beforeEach(forgetAllDevices);

describe('alerts about a booked job', () => {
  for (const [kind, words] of [
    ['cancel', 'cancelled the visit'],
    ['rebook', 'asks to rebook'],
  ] as const) {
    it(`a customer's "${kind}" on their request page alerts the owner's phone, and the alert opens the lead`, async () => {
      const owner = await signIn();
      const lead = await insertLead({
        name: `Maria ${kind}`,
        service: 'drain-unblocking',
        address: '3 Bay Road, Poole BH14 0AA',
      });
      expect(
        (await adminPost(owner, statusPath(lead.id), { status: 'booked', day: ukDay(1), window: '10-12', ...GO_ON })).status,
      ).toBe(303);
      const booking = (await mailFor(lead.email)).find((mail) => mail.body.subject.startsWith('Booked'))!;
      const text = booking.body.content.find((part) => part.type === 'text/plain')!.value;
      const token = /\/r\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})/.exec(text)![1]!;
      const device = await subscribeDevice(owner);

      const res = await call(`/r/${token}/${kind}`, { method: 'POST', headers: { Origin: ORIGIN }, redirect: 'manual' });
      expect(res.status).toBe(303);
      const pushes = await pushesTo(device);
      expect(pushes).toHaveLength(1);
      const alert = await readPush(pushes[0]!, device);
      expect(alert.title).toBe(`Maria ${kind} ${words}`);
      expect(alert.url).toBe(`/admin/leads/${lead.id}`);
    });
  }

  it('an e-mail to the customer that fails for good alerts the owner to call them instead', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner);
    const lead = await insertLead({
      name: 'Olu Undelivered',
      service: 'drain-unblocking',
      address: '3 Bay Road, Poole BH14 0AA',
    });
    await setRecipientMode(lead.email, 'reject');
    try {
      expect(
        (await adminPost(owner, statusPath(lead.id), { status: 'booked', day: ukDay(1), window: '10-12', ...GO_ON })).status,
      ).toBe(303);
    } finally {
      await setRecipientMode(lead.email, null);
    }
    expect(takeLogs('error', 'lead e-mail failed for good; the lead is kept')).toHaveLength(1);
    const pushes = await pushesTo(device);
    expect(pushes).toHaveLength(1);
    const alert = await readPush(pushes[0]!, device);
    expect(alert.title).toBe('An e-mail to Olu Undelivered could not be delivered');
    expect(alert.url).toBe(`/admin/leads/${lead.id}`);
  });
});
