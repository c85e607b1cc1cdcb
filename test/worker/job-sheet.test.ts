import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MOVED_MESSAGE } from '../../src/admin/onsite/answers';
import { NOTHING_TO_UNDO, TOO_LATE_TO_UNDO } from '../../src/rules/site-taps';
import { personWithSession, request, type Session, signIn, tag } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, GO_ON, messagesOfLead, statusPath, ukDay } from './job-helpers';
import { engineersJob, itemKey, rowsIn, sitePost } from './onsite-helpers';
import { acceptForm, customerQuotePost, sentQuote } from './quote-helpers';

/**
 * The job sheet for whoever goes (issue 57), at /admin/jobs/<id>: who may open it and add to it
 * (the owner, the office, the engineer given the job; not another engineer, nor the first one once
 * the job is moved), the taps in their order with an undo for a minute, and the doorstep view.
 */

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });
const sheet = async (session: Session, id: string) => {
  const res = await request(`/admin/jobs/${id}`, { cookie: session.cookie });
  return { status: res.status, html: await res.text() };
};
const tap = (session: Session, id: string, kind: string, extra: Record<string, string> = {}) =>
  sitePost(session, id, kind, { item_key: itemKey(), ...extra });

/** A job booked tomorrow 10am to 12pm by the owner, given to no one in particular: the owner's. */
async function ownersJob() {
  const owner = await signIn();
  const t = tag();
  const lead = await insertLead({
    name: `Owen Self-${t}`,
    kind: 'quote',
    email: `owen.${t}@example.org`,
    phone: '07700 900654',
    address: '9 Lagland Street, Poole BH15 1QD',
    service: 'drain-unblocking',
    message: `Side gate is locked: key with the neighbour at 11 ${t}`,
  });
  const booked = await adminPost(owner, statusPath(lead.id), { status: 'booked', day: ukDay(1), window: '10-12', ...GO_ON });
  expect(booked.status).toBe(303);
  return { owner, lead };
}

describe('the job sheet, by who opens it', () => {
  it('is the owner’s when the job is theirs (the default), with every form, and the lead page links to it', async () => {
    const { owner, lead } = await ownersJob();
    const page = await sheet(owner, lead.id);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Given to you.');
    for (const item of ['on-my-way', 'arrived', 'notes', 'media', 'signature']) {
      expect(page.html, item).toContain(`action="/admin/leads/${lead.id}/site/${item}"`);
    }
    expect(page.html).toContain('>On my way</button>');
    expect(page.html).toContain('Save notes');
    expect(page.html).toContain('Save signature');
    const leadPage = await (await request(`/admin/leads/${lead.id}`, { cookie: owner.cookie })).text();
    expect(leadPage).toContain(`href="/admin/jobs/${lead.id}">Open the job sheet</a>`);
    expect((await tap(owner, lead.id, 'on-my-way')).status).toBe(200);
    expect((await sitePost(owner, lead.id, 'notes', { item_key: itemKey(), found: 'Blocked gully' })).status).toBe(200);
  }, 20_000);

  it('is open to the office on any job, who add to it', async () => {
    const { lead } = await ownersJob();
    const office = await personWithSession('office');
    const page = await sheet(office, lead.id);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/Given to [^.]+\./);
    expect(page.html).not.toContain('Given to you.');
    expect((await tap(office, lead.id, 'arrived')).status).toBe(200);
    expect(await rowsIn('site_events', lead.id)).toBe(1);
  });

  it('is the engineer’s given the job, whose old address leads there; another engineer is refused in words', async () => {
    const { engineer, lead } = await engineersJob();
    const page = await sheet(engineer, lead.id);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Given to you.');
    const old = await request(`/admin/leads/${lead.id}`, { cookie: engineer.cookie });
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(`/admin/jobs/${lead.id}`);

    const other = await personWithSession('engineer');
    const refused = await sheet(other, lead.id);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('Not your job');
    expect(refused.html).toContain('This job is not on your schedule');
    expect(refused.html).not.toContain(lead.name);
    expect(await json(await tap(other, lead.id, 'on-my-way'))).toEqual({ status: 409, body: { message: MOVED_MESSAGE } });
  });

  it('stops taking the first engineer’s items once the job is given to someone else, and says so', async () => {
    const { owner, engineer, lead, day } = await engineersJob();
    expect((await tap(engineer, lead.id, 'on-my-way')).status).toBe(200);
    const other = await personWithSession('engineer');
    const moved = await adminPost(owner, statusPath(lead.id), {
      status: 'booked',
      day,
      window: '10-12',
      person: String(other.id),
      ...GO_ON,
    });
    expect(moved.status).toBe(303);
    expect((await sheet(engineer, lead.id)).status).toBe(403);
    expect(await json(await tap(engineer, lead.id, 'arrived'))).toEqual({ status: 409, body: { message: MOVED_MESSAGE } });
    const page = await sitePost(engineer, lead.id, 'arrived', { item_key: itemKey() }, { page: true });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain(MOVED_MESSAGE);
    // What they sent before is kept, and the job's new engineer goes on from there.
    expect((await sheet(other, lead.id)).html).toContain('✓ On my way');
    expect((await tap(other, lead.id, 'arrived')).status).toBe(200);
    expect(await rowsIn('site_events', lead.id)).toBe(2);
  });
});

describe('the taps', () => {
  it('go in order: out of order refused in words, a repeat stores nothing new and sends no second e-mail', async () => {
    const { engineer, lead } = await engineersJob();
    expect(await json(await tap(engineer, lead.id, 'finished'))).toEqual({
      status: 409,
      body: { message: 'Tap “Arrived” before “Finished”.' },
    });
    expect(await json(await tap(engineer, lead.id, 'on-my-way'))).toEqual({ status: 200, body: { stored: true } });
    expect(await json(await tap(engineer, lead.id, 'on-my-way'))).toEqual({
      status: 200,
      body: { stored: false, duplicate: true },
    });
    expect(await json(await tap(engineer, lead.id, 'arrived'))).toEqual({ status: 200, body: { stored: true } });
    expect(await json(await tap(engineer, lead.id, 'on-my-way'))).toEqual({
      status: 409,
      body: { message: '“On my way” comes before “Arrived”, which is already sent.' },
    });
    expect(await rowsIn('site_events', lead.id)).toBe(2);
    expect((await messagesOfLead(lead.id)).filter((message) => message.kind === 'on-my-way')).toHaveLength(1);
    // Without JavaScript the refusal is a page in the same words.
    const plain = await sitePost(engineer, lead.id, 'on-my-way', { item_key: itemKey() }, { page: true });
    expect(plain.status).toBe(409);
    expect(await plain.text()).toContain('comes before “Arrived”');
    // The sheet offers only what comes next.
    const page = await sheet(engineer, lead.id);
    expect(page.html).toContain(`action="/admin/leads/${lead.id}/site/finished"`);
    expect(page.html).not.toContain(`action="/admin/leads/${lead.id}/site/on-my-way"`);
  });

  it('undo the latest within a minute, and only then; without JavaScript the sheet says so', async () => {
    const { engineer, lead } = await engineersJob();
    const twoMinutesAgo = String(Date.now() - 2 * 60_000);
    expect((await tap(engineer, lead.id, 'on-my-way', { taken_at: twoMinutesAgo })).status).toBe(200);
    expect(await json(await tap(engineer, lead.id, 'undo', { tap: 'on-my-way' }))).toEqual({
      status: 409,
      body: { message: TOO_LATE_TO_UNDO },
    });
    expect((await tap(engineer, lead.id, 'arrived')).status).toBe(200);
    const page = await sheet(engineer, lead.id);
    expect(page.html).toContain('Undo “Arrived”');
    expect(page.html).toContain('name="tap" value="arrived"');
    expect(await json(await tap(engineer, lead.id, 'undo', { tap: 'on-my-way' }))).toEqual({
      status: 409,
      body: { message: NOTHING_TO_UNDO },
    });
    const undone = await sitePost(engineer, lead.id, 'undo', { item_key: itemKey(), tap: 'arrived' }, { page: true });
    expect(undone.status).toBe(303);
    expect(undone.headers.get('location')).toBe(`/admin/jobs/${lead.id}?undone=1#on-site`);
    const after = await (await request(undone.headers.get('location')!, { cookie: engineer.cookie })).text();
    expect(after).toContain('Undone.');
    expect(after).not.toContain('✓ Arrived');
    expect(after).toContain(`action="/admin/leads/${lead.id}/site/arrived"`);
    // The same undo again (a replay from the phone's queue) changes nothing more.
    expect(await json(await tap(engineer, lead.id, 'undo', { tap: 'arrived' }))).toEqual({
      status: 200,
      body: { undone: false },
    });
    expect(await rowsIn('site_events', lead.id)).toBe(1);
    // Arrived again, then finished: the time on site is the new arrival's.
    expect((await tap(engineer, lead.id, 'arrived')).status).toBe(200);
    expect((await tap(engineer, lead.id, 'finished')).status).toBe(200);
    expect(await rowsIn('site_events', lead.id)).toBe(3);
  });
});

describe('the doorstep view', () => {
  it('shows the work accepted with the options ticked and quantities, never a price, with directions, a call button and access notes', async () => {
    const owner = await signIn();
    const { lead, token } = await sentQuote(owner, { 'line.1.quantity': '1.5' });
    // The customer ticks the survey (line 1) and takes "Dig up and replace" (line 3) over relining.
    const accepted = await customerQuotePost(token, '', await acceptForm(token, { optional: '1', 'group.repair': '3' }));
    expect(accepted.status).toBe(303);
    await env.DB.prepare('UPDATE leads SET address = ?, phone = ?, message = ? WHERE id = ?')
      .bind('4 High Street, Poole BH15 1BW', '07700 900123', 'Park on the drive; the dog is friendly.', lead.id)
      .run();
    const engineer = await personWithSession('engineer');
    const booked = await adminPost(owner, statusPath(lead.id), {
      status: 'booked',
      day: ukDay(2),
      window: '12-14',
      person: String(engineer.id),
      ...GO_ON,
    });
    expect(booked.status).toBe(303);
    const { html } = await sheet(engineer, lead.id);
    const work = html
      .slice(html.indexOf('The work</h2>'), html.indexOf('id="on-site"'))
      .replace(/<[^>]+>/g, '\n')
      .split('\n')
      .join('');
    expect(work).toContain('1 × Clear the blocked drain1.5 × CCTV survey of the run (chosen by the customer)');
    expect(work).toContain('1 × Dig up and replace (chosen by the customer)');
    expect(html).not.toContain('Reline the pipe');
    expect(html).not.toContain('£');
    expect(html).toContain('href="https://www.google.com/maps/dir/?api=1&amp;destination=BH15%201BW"');
    expect(html).toContain('href="tel:+447700900123"');
    expect(html).toContain('Park on the drive; the dog is friendly.');
    expect(html).toContain('12pm to 2pm');
  }, 20_000);
});
