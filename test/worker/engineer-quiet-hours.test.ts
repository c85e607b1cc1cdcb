import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leadReference } from '../../src/leads/lead-summary';
import { bookingWords } from '../../src/rules/job-status';
import { pad2, ukClock } from '../../src/rules/uk-time';
import { sendDuePhoneAlerts } from '../../src/scheduled';
import { personWithSession, postForm, request, type Session, signIn, tag } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, GO_ON, statusPath, ukDay } from './job-helpers';
import { mailFor } from './leads-helpers';
import {
  alertSettingsVersion,
  forgetAllDevices,
  postAlertSettings,
  pushesTo,
  pushRowsOf,
  readPush,
  subscribeDevice,
} from './push-helpers';

/**
 * An engineer's own quiet hours: a small form on their Alerts page, saved for them alone and
 * refused when read before their last save. A job given to them in those hours comes to their
 * phone when the hours end; its e-mail comes at once. The office's choice of alerts stays the
 * office's.
 */

beforeEach(forgetAllDevices);

const QUIET_PATH = '/admin/alerts/quiet-hours';

const alertsPage = async (session: Session) => {
  const res = await request('/admin/alerts', { cookie: session.cookie });
  return { status: res.status, html: (await res.text()).replace(/<!-- -->/g, '') };
};

const settingsRow = (personId: number) =>
  env.DB.prepare('SELECT * FROM alert_settings WHERE person_id = ?').bind(personId).first<{
    new_leads: number;
    customer_requests: number;
    undelivered: number;
    quiet_from: string | null;
    quiet_to: string | null;
  }>();

const emailOf = async (id: number) =>
  (await env.DB.prepare('SELECT email FROM people WHERE id = ?').bind(id).first<{ email: string }>())!.email;

/** The subjects of the e-mails sent to this address so far. */
const subjectsTo = async (email: string) =>
  (await mailFor(email)).filter((mail) => mail.body.personalizations[0]?.to[0]?.email === email).map((mail) => mail.body.subject);

describe('an engineer’s quiet hours', () => {
  it('are a small form on their Alerts page, in 12-hour times, with no choice of the office’s alerts, saved for them', async () => {
    const engineer = await personWithSession('engineer');
    const before = await alertsPage(engineer);
    expect(before.html).toContain('<h2 class="admin-subtitle" id="quiet">Quiet hours</h2>');
    expect(before.html).toContain('When your phone stays quiet (UK time)');
    expect(before.html).toContain('Its e-mail still comes at once.');
    expect(before.html).toContain('<option value="22:00">10pm</option>');
    expect(before.html).toContain('<option value="00:00">midnight</option>');
    expect(before.html).toContain('Save quiet hours');
    for (const words of ['Which alerts, and when', 'New requests', 'Save alert settings', 'As soon as possible']) {
      expect(before.html).not.toContain(words);
    }

    const saved = await postAlertSettings(engineer, QUIET_PATH, { quietFrom: '22:00', quietTo: '07:00' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/admin/alerts?notice=quiet#quiet');
    expect(await settingsRow(engineer.id)).toMatchObject({ quiet_from: '22:00', quiet_to: '07:00' });
    const after = (await (await request('/admin/alerts?notice=quiet', { cookie: engineer.cookie })).text()).replace(
      /<!-- -->/g,
      '',
    );
    expect(after).toContain('Your quiet hours are saved.');
    expect(after).toContain('<option value="22:00" selected="">10pm</option>');
    expect(after).toContain('<option value="07:00" selected="">7am</option>');

    // The same words as the owner's form for half an answer, and nothing saved.
    const half = await postAlertSettings(engineer, QUIET_PATH, { quietFrom: '23:00', quietTo: '' });
    expect(half.status).toBe(400);
    expect(await half.text()).toContain('Choose both a start and an end for quiet hours (different times), or neither.');
    // None at all: both set back to "No quiet hours".
    expect((await postAlertSettings(engineer, QUIET_PATH, { quietFrom: '', quietTo: '' })).status).toBe(303);
    expect(await settingsRow(engineer.id)).toMatchObject({ quiet_from: null, quiet_to: null });
    // The office's choices stay out of their reach.
    expect((await postAlertSettings(engineer, '/admin/alerts/settings', { newLeads: 'yes' })).status).toBe(403);
  }, 30_000);

  it('are refused from a page read before another save, naming when and what the hours are now, and nothing changes', async () => {
    const engineer = await personWithSession('engineer');
    const firstTab = await alertSettingsVersion(engineer);
    // The hour of the other tab's save, read on both sides of it: a save at 10:59:59 says 10am.
    const hourBefore = ukClock(Date.now()).hour;
    const otherTab = await postForm(engineer, QUIET_PATH, { version: firstTab, quietFrom: '21:00', quietTo: '06:00' });
    expect(otherTab.status).toBe(303);
    const hourAfter = ukClock(Date.now()).hour;

    const stale = await postForm(engineer, QUIET_PATH, { version: firstTab, quietFrom: '23:00', quietTo: '08:00' });
    expect(stale.status).toBe(409);
    const html = (await stale.text()).replace(/<!-- -->/g, '');
    const twelve = (hour: number) => (hour % 12 === 0 ? 12 : hour % 12);
    const hours = [...new Set([twelve(hourBefore), twelve(hourAfter)])].join('|');
    expect(html).toMatch(
      new RegExp(
        `Nothing was saved: your alert settings were changed at (midnight|(${hours})(:\\d\\d)?[ap]m), after you opened this page \\(in another tab or on another device\\)\\. Quiet hours are now 9pm to 6am\\.`,
      ),
    );
    expect(html).not.toContain('Alerts now on');
    // The page shows the hours as they are now, with the version to save from.
    expect(html).toContain('<option value="21:00" selected="">9pm</option>');
    expect(await settingsRow(engineer.id)).toMatchObject({ quiet_from: '21:00', quiet_to: '06:00' });

    // A form carrying no version was never read from them: refused too.
    const unversioned = await postForm(engineer, QUIET_PATH, { quietFrom: '23:00', quietTo: '08:00' });
    expect(unversioned.status).toBe(409);
    expect(await settingsRow(engineer.id)).toMatchObject({ quiet_from: '21:00', quiet_to: '06:00' });
    // Read again, it saves.
    expect((await postAlertSettings(engineer, QUIET_PATH, { quietFrom: '23:00', quietTo: '08:00' })).status).toBe(303);
    expect(await settingsRow(engineer.id)).toMatchObject({ quiet_from: '23:00', quiet_to: '08:00' });
  }, 30_000);

  it('hold a job given to them until they end, while its e-mail goes at once', async () => {
    const owner = await signIn();
    const engineer = await personWithSession('engineer');
    const email = await emailOf(engineer.id);
    const phone = await subscribeDevice(engineer);
    const hour = ukClock(Date.now()).hour;
    const quiet = { quietFrom: `${pad2(hour)}:00`, quietTo: `${pad2((hour + 2) % 24)}:00` };
    expect((await postAlertSettings(engineer, QUIET_PATH, quiet)).status).toBe(303);

    const lead = await insertLead({ name: `Quiet ${tag()}`, kind: 'quote', address: '3 Quay Road, Poole BH15 1HJ' });
    const day = ukDay(24);
    const when = bookingWords({ day, from: '08:00', to: '10:00' });
    const booked = await adminPost(owner, statusPath(lead.id), {
      status: 'booked',
      ...GO_ON,
      day,
      window: '08-10',
      person: String(engineer.id),
    });
    expect(booked.status).toBe(303);

    await vi.waitFor(async () =>
      expect(await subjectsTo(email)).toEqual([`New job for you: ${when} (ref. ${leadReference(lead.id)})`]),
    );
    await vi.waitFor(async () => expect(await pushRowsOf(lead.id)).toMatchObject([{ kind: 'job-given', status: 'pending' }]));
    const [held] = await pushRowsOf(lead.id);
    expect(held!.next_attempt_at! - Date.now()).toBeGreaterThan(60 * 60_000);
    expect(ukClock(held!.next_attempt_at!)).toMatchObject({ hour: (hour + 2) % 24, minute: 0 });
    expect(await pushesTo(phone)).toHaveLength(0);

    // Not a moment before the hours end...
    await sendDuePhoneAlerts(env, held!.next_attempt_at! - 1);
    expect(await pushesTo(phone)).toHaveLength(0);
    // ...and then it comes.
    await sendDuePhoneAlerts(env, held!.next_attempt_at!);
    const pushes = await pushesTo(phone);
    expect(pushes).toHaveLength(1);
    expect((await readPush(pushes[0]!, phone)).title).toBe(`New job for you: ${when}`);
    expect(await pushRowsOf(lead.id)).toMatchObject([{ status: 'sent' }]);
    // The e-mail went once, at the time, and is not sent again.
    expect(await subjectsTo(email)).toHaveLength(1);
  }, 30_000);

  it('are theirs alone: the office alerts they switched off before becoming an engineer do not stop their job alerts', async () => {
    const owner = await signIn();
    const office = await personWithSession('office');
    const phone = await subscribeDevice(office);
    // Every office alert off, no quiet hours.
    expect((await postAlertSettings(office, '/admin/alerts/settings', { quietFrom: '', quietTo: '' })).status).toBe(303);
    expect((await adminPost(owner, `/admin/people/${office.id}/role`, { role: 'engineer' })).status).toBe(303);
    // Their quiet hours, set as an engineer, keep the choices they made before, unused.
    expect((await postAlertSettings(office, QUIET_PATH, { quietFrom: '03:00', quietTo: '04:00' })).status).toBe(303);
    expect(await settingsRow(office.id)).toMatchObject({
      new_leads: 0,
      customer_requests: 0,
      undelivered: 0,
      quiet_from: '03:00',
    });

    const lead = await insertLead({ name: `Theirs ${tag()}`, kind: 'quote', address: '3 Quay Road, Poole BH15 1HJ' });
    const booked = await adminPost(owner, statusPath(lead.id), {
      status: 'booked',
      ...GO_ON,
      day: ukDay(25),
      window: '10-12',
      person: String(office.id),
    });
    expect(booked.status).toBe(303);
    const hour = ukClock(Date.now()).hour;
    // Outside 3am to 4am it comes at once (inside, it is held as above).
    if (hour !== 3) await vi.waitFor(async () => expect(await pushesTo(phone)).toHaveLength(1));
    else expect(await pushRowsOf(lead.id)).toMatchObject([{ kind: 'job-given', status: 'pending' }]);
  }, 30_000);
});

describe('the owner’s alert settings', () => {
  it('keep their form, which saves, and are refused when read before another save, naming what is on now', async () => {
    const owner = await personWithSession('owner');
    const page = await alertsPage(owner);
    for (const words of [
      'Which alerts, and when',
      'New requests',
      'A customer cancels or asks to rebook',
      'An e-mail to a customer could not be delivered',
      'As soon as possible&quot; requests always come through.',
      'Save alert settings',
    ]) {
      expect(page.html).toContain(words);
    }
    expect(page.html).not.toContain('Save quiet hours');

    const firstTab = await alertSettingsVersion(owner);
    const saved = await postForm(owner, '/admin/alerts/settings', {
      version: firstTab,
      newLeads: 'yes',
      quietFrom: '22:00',
      quietTo: '07:00',
    });
    expect(saved.headers.get('location')).toBe('/admin/alerts?notice=saved#settings');
    const stale = await postForm(owner, '/admin/alerts/settings', { version: firstTab, undelivered: 'yes' });
    expect(stale.status).toBe(409);
    const html = (await stale.text()).replace(/<!-- -->/g, '');
    expect(html).toContain('Alerts now on: new requests. Quiet hours are now 10pm to 7am.');
    expect(await settingsRow(owner.id)).toMatchObject({ new_leads: 1, undelivered: 0, quiet_from: '22:00' });
  }, 30_000);
});
