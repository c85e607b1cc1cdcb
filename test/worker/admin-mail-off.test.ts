import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { ORIGIN, personWithSession, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, GO_ON, statusPath, ukDay } from './job-helpers';

/**
 * Without MAILCHANNELS_API_KEY nothing is e-mailed, so no admin page may say a customer is: the
 * owner's and office's pages say e-mail is not set up, and the words that would promise an e-mail
 * say it is not sent. With a key (every other test) the pages read as before.
 */

const mailOff = { ...env, MAILCHANNELS_API_KEY: undefined };
const BANNER = 'E-mail is not set up (MAILCHANNELS_API_KEY): nothing is e-mailed, to you or to customers.';

/** A signed-in page as the Worker answers it with these bindings. */
async function get(session: Session, path: string, bindings: typeof env) {
  const headers = { Cookie: session.cookie, 'CF-Connecting-IP': '2001:db8:4d::1' };
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers, redirect: 'manual' }), bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const pageText = async (session: Session, path: string, bindings: typeof env) => {
  const res = await get(session, path, bindings);
  expect(res.status).toBe(200);
  return res.text();
};

const newLead = () =>
  insertLead({ name: 'Mo Off', email: `mo.${crypto.randomUUID().slice(0, 8)}@example.org`, service: 'drain-unblocking' });

describe('the admin while e-mail is not set up', () => {
  it("says so on the owner's pages, and a booking says the customer was not e-mailed", async () => {
    const owner = await signIn();
    const lead = await newLead();
    const booking = await adminPost(
      owner,
      statusPath(lead.id),
      { status: 'booked', day: ukDay(2), window: '10-12', ...GO_ON },
      { bindings: mailOff },
    );
    expect(booking.status).toBe(303);
    const location = booking.headers.get('location')!;
    expect(location).toContain('notice=booked');

    const html = await pageText(owner, location, mailOff);
    expect(html).toContain(BANNER);
    expect(html).toContain('Booked. E-mail is not set up, so the customer is not e-mailed: tell them yourself.');
    expect(html).not.toContain('The customer is being e-mailed');
    expect(await pageText(owner, '/admin/leads', mailOff)).toContain(BANNER);

    // The same page with a key: no banner, and the notice as always.
    const withKey = await pageText(owner, location, env);
    expect(withKey).not.toContain(BANNER);
    expect(withKey).toContain('Booked. The customer is being e-mailed the booking.');
  });

  it("the forms' notes and the Delete confirmation do not promise an e-mail", async () => {
    const owner = await signIn();
    const lead = await newLead();
    const form = await pageText(owner, `/admin/leads/${lead.id}`, mailOff);
    expect(form).toContain(
      'The customer is e-mailed the booking with a calendar file and a link to their request page. Not now: e-mail is not set up.',
    );

    expect(
      (await adminPost(owner, statusPath(lead.id), { status: 'booked', day: ukDay(2), window: '10-12', ...GO_ON })).status,
    ).toBe(303);
    const confirm = await pageText(owner, `/admin/leads/${lead.id}/delete`, mailOff);
    expect(confirm).toContain(
      'and e-mail is not set up, so the customer will not be told it is cancelled: ring them first, while you have their number.',
    );
    expect(confirm).not.toContain('so the customer is e-mailed that it is cancelled');

    const deleted = await adminPost(owner, `/admin/leads/${lead.id}/delete`, { confirm: 'yes' }, { bindings: mailOff });
    expect(deleted.headers.get('location')).toBe('/admin/leads?notice=deleted-visit');
    expect(await pageText(owner, '/admin/leads?notice=deleted-visit', mailOff)).toContain(
      'The lead was deleted, with everything stored with it. E-mail is not set up, so the customer was not told that the visit is cancelled.',
    );
  });

  it('the office sees the banner; an engineer, who sends nothing, does not', async () => {
    const office = await personWithSession('office');
    expect(await pageText(office, '/admin/leads', mailOff)).toContain(BANNER);
    const engineer = await personWithSession('engineer');
    const schedule = await get(engineer, '/admin/schedule', mailOff);
    expect(schedule.status).toBe(200);
    expect(await schedule.text()).not.toContain(BANNER);
  });
});
