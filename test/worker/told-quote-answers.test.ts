import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { MOVED_ON_BY_ACCEPTANCE } from '../../src/db/accepted-lead';
import { pad2, ukClock } from '../../src/rules/uk-time';
import { sendDuePhoneAlerts } from '../../src/scheduled';
import { takeLogs } from '../support/console-guard';
import { request, type Session, signIn } from './admin-helpers';
import { eventsOf, leadRow } from './job-helpers';
import { ownerMailFor } from './leads-helpers';
import {
  forgetAllDevices,
  postAlertSettings,
  pushesTo,
  pushRowsOf,
  readPush,
  setPushMode,
  subscribeDevice,
} from './push-helpers';
import { acceptForm, customerQuotePost, quotePage, quoteRow, sentQuote } from './quote-helpers';

/**
 * Everyone told (issue "Books that balance"): the owner hears of a customer's answer to a quote by
 * e-mail and on the phone, queued in the answer's own batch, and an accepted customer leaves
 * "Not contacted yet".
 */

beforeEach(forgetAllDevices);

const textOf = (mail: Awaited<ReturnType<typeof ownerMailFor>>[number]) =>
  mail.body.content.find((part) => part.type === 'text/plain')!.value;

const QUOTE_NUMBER = 'Q-\\d{4}-\\d{4}';

describe("the owner told of a customer's answer", { timeout: 20_000 }, () => {
  it('an acceptance e-mails the owner and alerts their phone, both queued with the acceptance', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner);
    const { lead, id, token } = await sentQuote(owner);
    const form = await acceptForm(token);
    expect((await customerQuotePost(token, '', form)).status).toBe(303);
    const quote = (await quoteRow(id)).quote;

    const mails = (await ownerMailFor(lead.name)).filter((mail) => /accepted quote/.test(mail.body.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.subject).toMatch(new RegExp(`^${lead.name} accepted quote ${QUOTE_NUMBER} \\(ref\\. `));
    const text = textOf(mails[0]!);
    expect(text).toContain(`Open the quote: https://www.example.com/admin/quotes/${id}`);
    expect(text).toContain('Accepted total: £');
    expect(text).toContain('Call or e-mail them to book the work.');

    const alerts = await Promise.all((await pushesTo(device)).map((push) => readPush(push, device)));
    expect(alerts.at(-1)).toMatchObject({
      title: expect.stringMatching(new RegExp(`^${lead.name} accepted quote ${QUOTE_NUMBER}$`)),
      url: `/admin/quotes/${id}`,
    });

    // Queued in the acceptance's batch: the owner's e-mail and alert carry the acceptance's own instant.
    const { results } = await env.DB.prepare("select created_at from lead_messages where lead_id = ? and kind = 'quote-answer'")
      .bind(lead.id)
      .all<{ created_at: number }>();
    expect(results.map((row) => row.created_at)).toEqual([quote.closedAt]);
    const answerAlerts = (await pushRowsOf(lead.id)).filter((row) => row.kind === 'quote' && row.status === 'sent');
    expect(answerAlerts.length).toBeGreaterThanOrEqual(2); // the first view's, and the acceptance's
  });

  it('a decline e-mails the owner with the reason and alerts their phone', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner);
    const { lead, id, token } = await sentQuote(owner);
    const html = await (await quotePage(token)).text();
    const rowVersion = /name="rowVersion" value="(\d+)"/.exec(html)?.[1] ?? '';
    const res = await customerQuotePost(token, '/decline', { quote: id, rowVersion, reason: 'Found someone nearer' });
    expect(res.headers.get('location')).toMatch(/\?done=declined$/);

    const mails = (await ownerMailFor(lead.name)).filter((mail) => /declined quote/.test(mail.body.subject));
    expect(mails).toHaveLength(1);
    expect(textOf(mails[0]!)).toContain('Their reason: Found someone nearer');
    const alerts = await Promise.all((await pushesTo(device)).map((push) => readPush(push, device)));
    expect(alerts.at(-1)!.title).toMatch(new RegExp(`^${lead.name} declined quote ${QUOTE_NUMBER}$`));
    // A decline does not move the lead on: the owner still has to follow it up.
    expect((await leadRow(lead.id)).jobStatus).toBe('new');
  });

  it('the alert waits through quiet hours and the cron sends it; the e-mail goes at once', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner);
    const hour = ukClock(Date.now()).hour;
    const quiet = await postAlertSettings(owner, '/admin/alerts/settings', {
      newLeads: 'yes',
      customerRequests: 'yes',
      undelivered: 'yes',
      quietFrom: `${pad2(hour)}:00`,
      quietTo: `${pad2((hour + 2) % 24)}:00`,
    });
    expect(quiet.status).toBe(303);
    const { lead, token } = await sentQuote(owner);
    expect((await customerQuotePost(token, '', await acceptForm(token))).status).toBe(303);
    expect(await pushesTo(device)).toHaveLength(0);
    expect((await ownerMailFor(lead.name)).filter((mail) => /accepted quote/.test(mail.body.subject))).toHaveLength(1);
    const held = (await pushRowsOf(lead.id)).filter((row) => row.status === 'pending');
    expect(held.length).toBeGreaterThanOrEqual(1);
    const until = Math.max(...held.map((row) => row.next_attempt_at!));
    expect(until - Date.now()).toBeGreaterThan(60 * 60_000);

    await sendDuePhoneAlerts(env, until);
    const alerts = await Promise.all((await pushesTo(device)).map((push) => readPush(push, device)));
    expect(alerts.some((alert) => alert.title.startsWith(`${lead.name} accepted quote`))).toBe(true);
  });

  it('what the first try could not deliver, the cron delivers from the rows queued with the answer', async () => {
    const owner = await signIn();
    const device = await subscribeDevice(owner);
    const { lead, token } = await sentQuote(owner);
    const form = await acceptForm(token); // the first view's alert arrives
    await setPushMode(device, 'down');
    expect((await customerQuotePost(token, '', form)).status).toBe(303);
    takeLogs('warn', 'alert failed, will retry');
    const before = (await pushesTo(device)).length;
    await setPushMode(device, 'accept');
    await sendDuePhoneAlerts(env, Date.now() + 10 * 60_000);
    const pushes = await pushesTo(device);
    expect(pushes.length).toBe(before + 1);
    expect((await readPush(pushes.at(-1)!, device)).title).toMatch(new RegExp(`^${lead.name} accepted quote `));
  });
});

describe('an accepted customer moves on', () => {
  let session: Session;
  const dashboard = async () => (await request('/admin/dashboard', { cookie: session.cookie })).text();
  const notContacted = (html: string) => {
    const from = html.indexOf('Not contacted yet (');
    return html.slice(from, html.indexOf('</section>', from));
  };

  it('a new lead whose quote is accepted leaves "Not contacted yet" and is contacted, with a timeline entry', async () => {
    session = await signIn();
    const { lead, token } = await sentQuote(session);
    const before = notContacted(await dashboard());
    const count = Number(/Not contacted yet \((\d+)\)/.exec(before)?.[1]);
    expect((await customerQuotePost(token, '', await acceptForm(token))).status).toBe(303);

    const after = notContacted(await dashboard());
    expect(after).toContain(`Not contacted yet (${count - 1})`);
    expect(after).not.toContain(lead.name);
    const row = await leadRow(lead.id);
    expect(row.jobStatus).toBe('contacted');
    const moved = (await eventsOf(lead.id)).find((event) => event.kind === 'status');
    expect(moved).toMatchObject({ status: 'contacted', actor: 'customer', detail: MOVED_ON_BY_ACCEPTANCE });
    expect(row.stateChange).toBe(moved!.id);
    // The customer is not the owner answering: the dashboard's answer times do not count it.
    expect(row.firstAnsweredAt).toBeNull();
  });

  it('a lead already booked stays booked when its quote is accepted', async () => {
    session = await signIn();
    const { lead, token } = await sentQuote(session);
    await env.DB.prepare("update leads set job_status = 'booked' where id = ?").bind(lead.id).run();
    expect((await customerQuotePost(token, '', await acceptForm(token))).status).toBe(303);
    expect((await leadRow(lead.id)).jobStatus).toBe('booked');
    expect((await eventsOf(lead.id)).filter((event) => event.kind === 'status')).toEqual([]);
  });
});
