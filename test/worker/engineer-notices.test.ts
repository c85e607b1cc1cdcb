import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { leadReference } from '../../src/leads/lead-summary';
import { bookingWords } from '../../src/rules/job-status';
import { personWithSession, type Session, signIn, tag } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, GO_ON, messagesOfLead, statusPath, ukDay } from './job-helpers';
import { mailFor, type SentMail } from './leads-helpers';
import { forgetAllDevices, officeSession, pushesTo, readPush, subscribeDevice } from './push-helpers';

/**
 * Engineers are told of their jobs: an e-mail (through the outbox) when a job is given to them,
 * moved, or taken off them, and an alert on their devices with alerts on. Never the customer's
 * e-mail address or phone, nor money.
 */

const emailOf = async (id: number) =>
  (await env.DB.prepare('SELECT email FROM people WHERE id = ?').bind(id).first<{ email: string }>())!.email;

const engineer = async (first: string) => {
  const person = await personWithSession('engineer', `${first} ${tag()}`);
  return { ...person, email: await emailOf(person.id) };
};

/** The e-mails sent to this address so far, oldest first. */
const mailTo = async (email: string) =>
  (await mailFor(email)).filter((mail) => mail.body.personalizations[0]?.to[0]?.email === email).map((mail) => mail.body);

const textOf = (mail: SentMail) => mail.content.find((part) => part.type === 'text/plain')!.value;

const subjects = async (email: string) => (await mailTo(email)).map((mail) => mail.subject);

const newLead = (name: string) =>
  insertLead({
    name,
    kind: 'quote',
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`,
    phone: '07700 900456',
    address: '3 Quay Road, Poole BH15 1HJ',
    service: 'cctv-drain-survey',
    jobValuePence: 12_345,
  });

const book = (session: Session, id: string, fields: Record<string, string>) =>
  adminPost(session, statusPath(id), { status: 'booked', ...GO_ON, ...fields });

describe('an engineer is told of their jobs', () => {
  it('by e-mail when a job is given to them, moved, given to someone else and lost', async () => {
    const owner = await signIn();
    const ann = await engineer('Ann');
    const bob = await engineer('Bob');
    const lead = await newLead(`Customer ${tag()}`);
    const ref = leadReference(lead.id);
    const day = ukDay(20);
    const first = bookingWords({ day, from: '08:00', to: '10:00' });
    const moved = bookingWords({ day, from: '10:00', to: '12:00' });

    expect((await book(owner, lead.id, { day, window: '08-10', person: String(ann.id) })).status).toBe(303);
    await vi.waitFor(async () => expect(await subjects(ann.email)).toEqual([`New job for you: ${first} (ref. ${ref})`]));
    const given = (await mailTo(ann.email))[0]!;
    const text = textOf(given);
    expect(text).toContain(`Hello ${ann.name.split(' ')[0]},`);
    expect(text).toContain('3 Quay Road, Poole BH15 1HJ');
    expect(text).toContain(lead.name);
    expect(text).toContain(`/admin/leads/${lead.id}`);
    const whole = JSON.stringify(given);
    expect(whole).not.toContain(lead.email);
    expect(whole).not.toContain('07700');
    expect(whole).not.toContain('£');
    expect(whole).not.toContain('123.45');

    expect((await book(owner, lead.id, { day, window: '10-12', person: String(ann.id) })).status).toBe(303);
    await vi.waitFor(async () => expect(await subjects(ann.email)).toContain(`Job moved: ${moved} (ref. ${ref})`));

    expect((await adminPost(owner, `/admin/leads/${lead.id}/assign`, { person: String(bob.id), ...GO_ON })).status).toBe(303);
    await vi.waitFor(async () => expect(await subjects(ann.email)).toContain(`Job taken off you: ${moved} (ref. ${ref})`));
    await vi.waitFor(async () => expect(await subjects(bob.email)).toEqual([`New job for you: ${moved} (ref. ${ref})`]));
    const off = (await mailTo(ann.email)).at(-1)!;
    expect(JSON.stringify(off)).not.toContain('Quay Road');

    expect((await adminPost(owner, statusPath(lead.id), { status: 'lost', lost_reason: 'no-answer' })).status).toBe(303);
    await vi.waitFor(async () => expect(await subjects(bob.email)).toContain(`Job taken off you: ${moved} (ref. ${ref})`));
    // Ann heard three times, Bob twice: nothing more, and each went through the outbox.
    expect(await subjects(ann.email)).toHaveLength(3);
    expect(await subjects(bob.email)).toHaveLength(2);
    const rows = (await messagesOfLead(lead.id)).filter((message) => message.kind === 'engineer');
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
  }, 30_000);

  it('with an alert on each device they turned alerts on', async () => {
    await forgetAllDevices();
    const owner = await signIn();
    // Alerts turned on while office staff stay on when the owner makes them an engineer.
    const office = await officeSession();
    const device = await subscribeDevice(office);
    expect((await adminPost(owner, `/admin/people/${office.personId}/role`, { role: 'engineer' })).status).toBe(303);
    const lead = await newLead(`Alerted ${tag()}`);
    const day = ukDay(21);
    expect((await book(owner, lead.id, { day, window: '14-16', person: String(office.personId) })).status).toBe(303);
    await vi.waitFor(async () => expect(await pushesTo(device)).toHaveLength(1));
    const alert = await readPush((await pushesTo(device))[0]!, device);
    expect(alert.title).toBe(`New job for you: ${bookingWords({ day, from: '14:00', to: '16:00' })}`);
    expect(alert.body).toBe(`${lead.name}, Poole`);
    expect(alert.url).toBe(`/admin/leads/${lead.id}`);

    expect((await adminPost(owner, statusPath(lead.id), { status: 'lost', lost_reason: 'no-answer' })).status).toBe(303);
    await vi.waitFor(async () => expect(await pushesTo(device)).toHaveLength(2));
    const off = await readPush((await pushesTo(device))[1]!, device);
    expect(off.title).toBe('A job was taken off you');
    expect(JSON.stringify(off)).not.toContain('Quay Road');
  }, 30_000);

  it('and the owner is not e-mailed about jobs they give themselves', async () => {
    const owner = await signIn();
    const lead = await newLead(`Owners ${tag()}`);
    expect((await book(owner, lead.id, { day: ukDay(22), window: '08-10' })).status).toBe(303);
    expect((await messagesOfLead(lead.id)).filter((message) => message.kind === 'engineer')).toEqual([]);
  }, 30_000);
});
