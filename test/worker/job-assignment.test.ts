import { env } from 'cloudflare:workers';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { dayPath } from '../../src/admin/schedule/paths';
import { dayWords } from '../../src/rules/job-status';
import { personWithSession, request, type Session, signIn, tag } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, DONE_ANYWAY, GO_ON, leadRow, messagesOfLead, statusPath, ukDay } from './job-helpers';
import { contactLead, postJson } from './leads-helpers';
import { addTestPhotos } from './privacy-helpers';
import { forgetAllDevices, officeSession, pushesTo, pushRowsOf, subscribeDevice } from './push-helpers';

/**
 * Jobs given to a person (issue 37): the owner by default, chosen on the booking form and changed
 * on the lead's page; a removed person refused with nothing saved; an overlapping window warned
 * with the clash named and booked anyway on request; an engineer who sees only their own jobs and
 * what the visit needs; and each person's calendar feed holding only their jobs.
 */

const ownerId = async () =>
  (await env.DB.prepare("SELECT id FROM people WHERE role = 'owner' AND removed_at IS NULL ORDER BY id LIMIT 1").first<{
    id: number;
  }>())!.id;

const page = async (session: Session, path: string) => {
  const res = await request(path, { cookie: session.cookie });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
};

/** A quote request with everything a visit needs, and some things an engineer must not see. */
const newLead = (name: string) =>
  insertLead({
    name,
    kind: 'quote',
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`,
    phone: '07700 900321',
    address: '14 Harbour View, Poole BH15 1AA',
    service: 'cctv-drain-survey',
    message: `Gully overflowing at ${name}`,
  });

const book = (session: Session, id: string, fields: Record<string, string>) =>
  adminPost(session, statusPath(id), { status: 'booked', ...fields });

describe('who goes', () => {
  it('is the owner when the form names nobody, and the booking form offers everyone still here', async () => {
    const owner = await signIn();
    const engineer = await personWithSession('engineer', `Eddie ${tag()}`);
    const lead = await newLead(`Default ${tag()}`);
    const form = await page(owner, `/admin/leads/${lead.id}`);
    expect(form.html).toContain('Who goes');
    expect(form.html).toContain(`<option value="${engineer.id}">${engineer.name} (engineer)</option>`);
    expect(form.html).toMatch(new RegExp(`<option value="${await ownerId()}" selected="">[^<]+\\(owner\\)</option>`));

    const res = await book(owner, lead.id, { day: ukDay(30), window: '08-10' });
    expect(res.status).toBe(303);
    expect((await leadRow(lead.id)).assignedTo).toBe(await ownerId());
    const after = await page(owner, `/admin/leads/${lead.id}`);
    expect(after.html).toMatch(/Who goes: [^<]+</);
    expect(after.html).toContain('Give the job to someone else');
  }, 30_000);

  it('is named on each booked lead of the inbox, in the lead page’s words, and on no unbooked lead', async () => {
    const owner = await signIn();
    const t = tag();
    const engineer = await personWithSession('engineer', `Ivy ${t}`);
    const gone = await personWithSession('office', `Gus ${t}`);
    const given = await newLead(`Inbox ${t} Given`);
    const owners = await newLead(`Inbox ${t} Owners`);
    const left = await newLead(`Inbox ${t} Left`);
    const unbooked = await newLead(`Inbox ${t} Unbooked`);
    await book(owner, given.id, { day: ukDay(40), window: '08-10', person: String(engineer.id), ...GO_ON });
    await book(owner, owners.id, { day: ukDay(40), window: '14-16', ...GO_ON });
    await book(owner, left.id, { day: ukDay(41), window: '08-10', person: String(gone.id), ...GO_ON });
    // Someone removed with a booked job still theirs (the People page hands it over; set here directly): marked removed.
    await env.DB.prepare('UPDATE people SET removed_at = ? WHERE id = ?').bind(Date.now(), gone.id).run();
    const ownerName = (await env.DB.prepare('SELECT name FROM people WHERE id = ?')
      .bind(await ownerId())
      .first<{ name: string }>())!.name;

    const inbox = await page(owner, `/admin/leads?q=${encodeURIComponent(`Inbox ${t}`)}`);
    expect(inbox.status).toBe(200);
    const rowOf = (id: string) =>
      new RegExp(`<li class="inbox-row[^"]*"><a class="inbox-row__link" href="/admin/leads/${id}">[\\s\\S]*?</li>`).exec(
        inbox.html,
      )?.[0] ?? '';
    const whoGoes = (html: string) => /Who goes: ([^<]+)</.exec(html)?.[1];
    expect(whoGoes(rowOf(given.id))).toBe(engineer.name);
    expect(whoGoes(rowOf(owners.id))).toBe(ownerName);
    expect(whoGoes(rowOf(left.id))).toBe(`${gone.name} (removed)`);
    expect(rowOf(unbooked.id)).toContain(unbooked.name);
    expect(rowOf(unbooked.id)).not.toContain('Who goes');
    // The same words as each lead's own page.
    for (const lead of [given, owners, left]) {
      const own = /<p class="lead-assign__who">Who goes: ([^<]+)</.exec((await page(owner, `/admin/leads/${lead.id}`)).html)?.[1];
      expect(whoGoes(rowOf(lead.id)), lead.name).toBe(own);
    }
  }, 30_000);

  it('is chosen on the booking form and changed on the lead page, without e-mailing the customer again', async () => {
    const owner = await signIn();
    const first = await personWithSession('engineer');
    const second = await personWithSession('office');
    const lead = await newLead(`Changed ${tag()}`);
    expect((await book(owner, lead.id, { day: ukDay(31), window: '10-12', person: String(first.id) })).status).toBe(303);
    expect((await leadRow(lead.id)).assignedTo).toBe(first.id);
    const bookingMails = (await messagesOfLead(lead.id)).filter((m) => m.kind === 'booking').length;
    expect(bookingMails).toBe(1);

    const moved = await adminPost(owner, `/admin/leads/${lead.id}/assign`, { person: String(second.id) });
    expect(moved.status).toBe(303);
    expect(moved.headers.get('location')).toBe(`/admin/leads/${lead.id}?notice=assigned`);
    expect((await leadRow(lead.id)).assignedTo).toBe(second.id);
    const shown = await page(owner, `/admin/leads/${lead.id}?notice=assigned`);
    expect(shown.html).toContain(`Who goes: ${second.name}`);
    expect(shown.html).toContain('The job is theirs now.');

    // The same booking saved for someone else only gives them the job.
    const again = await book(owner, lead.id, { day: ukDay(31), window: '10-12', person: String(first.id) });
    expect(again.headers.get('location')).toBe(`/admin/leads/${lead.id}?notice=assigned`);
    expect((await leadRow(lead.id)).assignedTo).toBe(first.id);
    expect((await messagesOfLead(lead.id)).filter((m) => m.kind === 'booking')).toHaveLength(bookingMails);
    const audit = await env.DB.prepare("SELECT object_id FROM audit_log WHERE action = 'lead-assigned' AND object_id LIKE ?")
      .bind(`${lead.id}%`)
      .all();
    expect(audit.results).toHaveLength(2);
  }, 30_000);

  it.each([
    ['someone removed', 'removed'],
    ['someone who never existed', '999999'],
    ['not a number', 'Bob'],
  ])(
    'refuses %s with the form back and a message, saving nothing',
    async (_, which) => {
      const owner = await signIn();
      const gone = await personWithSession('engineer');
      expect((await adminPost(owner, `/admin/people/${gone.id}/remove`, {})).status).toBe(303);
      const person = which === 'removed' ? String(gone.id) : which;
      const lead = await newLead(`Refused ${tag()}`);
      const res = await book(owner, lead.id, { day: ukDay(32), window: '12-14', person });
      expect(res.status).toBe(422);
      const html = await res.text();
      expect(html).toContain('That person is no longer in the admin. Choose who goes from the list.');
      expect(html).toContain(`value="${ukDay(32)}"`);
      const row = await leadRow(lead.id);
      expect(row.jobStatus).toBe('new');
      expect(row.bookedDay).toBeNull();
      expect(row.assignedTo).toBeNull();
      expect(await messagesOfLead(lead.id)).toHaveLength(1);

      // A booked job cannot be given to them either: it stays with whoever has it.
      const booked = await newLead(`Kept ${tag()}`);
      expect((await book(owner, booked.id, { day: ukDay(32), window: '16-18', overlap: 'go-on' })).status).toBe(303);
      const assign = await adminPost(owner, `/admin/leads/${booked.id}/assign`, { person });
      expect(assign.status).toBe(422);
      expect(await assign.text()).toContain('That person is no longer in the admin.');
      expect((await leadRow(booked.id)).assignedTo).toBe(await ownerId());
    },
    30_000,
  );
});

describe('an overlapping window', () => {
  it('is warned with the clash named, and booked when the owner goes on', async () => {
    const owner = await signIn();
    const engineer = await personWithSession('engineer');
    const other = await personWithSession('engineer');
    const day = ukDay(40);
    const first = await newLead(`Jane Smith ${tag()}`);
    expect((await book(owner, first.id, { day, window: '10-12', person: String(engineer.id) })).status).toBe(303);

    const second = await newLead(`Second ${tag()}`);
    const clash = { day, window: 'custom', from: '11:00', to: '13:00', person: String(engineer.id) };
    const warned = await book(owner, second.id, clash);
    expect(warned.status).toBe(409);
    const html = await warned.text();
    const named = `This overlaps ${first.name}’s job, 10am to 12pm on ${dayWords(day)} (${engineer.name} would be at both).`;
    expect(html).toContain(named);
    const goOn = /<button[^>]*>Book anyway<\/button>/.exec(html)?.[0] ?? '';
    expect(goOn).toContain('name="overlap"');
    expect(goOn).toContain('value="go-on"');
    // The form comes back as the owner filled it.
    expect(html).toContain('value="11:00"');
    expect(html).toContain(`<option value="${engineer.id}" selected="">`);
    expect((await leadRow(second.id)).jobStatus).toBe('new');
    expect(await messagesOfLead(second.id)).toHaveLength(1);

    // Someone else at that time, or the same person straight after, is no clash.
    const free = await newLead(`Free ${tag()}`);
    expect((await book(owner, free.id, { ...clash, person: String(other.id) })).status).toBe(303);
    const after = await newLead(`After ${tag()}`);
    expect((await book(owner, after.id, { day, window: '12-14', person: String(engineer.id) })).status).toBe(303);

    const anyway = await book(owner, second.id, { ...clash, overlap: 'go-on' });
    expect(anyway.status).toBe(303);
    const row = await leadRow(second.id);
    expect([row.jobStatus, row.bookedFrom, row.bookedTo, row.assignedTo]).toEqual(['booked', '11:00', '13:00', engineer.id]);
  }, 30_000);

  it('is warned when a booked job is given to someone already busy then', async () => {
    const owner = await signIn();
    const busy = await personWithSession('engineer');
    const day = ukDay(41);
    const theirs = await newLead(`Busy ${tag()}`);
    expect((await book(owner, theirs.id, { day, window: '14-16', person: String(busy.id) })).status).toBe(303);
    const lead = await newLead(`Moving ${tag()}`);
    expect((await book(owner, lead.id, { day, window: '14-16', overlap: 'go-on' })).status).toBe(303);
    const warned = await adminPost(owner, `/admin/leads/${lead.id}/assign`, { person: String(busy.id) });
    expect(warned.status).toBe(409);
    const html = await warned.text();
    expect(html).toContain(`This overlaps ${theirs.name}’s job, 2pm to 4pm on ${dayWords(day)}`);
    expect(html).toContain('Give it to them anyway');
    expect((await leadRow(lead.id)).assignedTo).toBe(await ownerId());
    const anyway = await adminPost(owner, `/admin/leads/${lead.id}/assign`, { person: String(busy.id), overlap: 'go-on' });
    expect(anyway.status).toBe(303);
    expect((await leadRow(lead.id)).assignedTo).toBe(busy.id);
  }, 30_000);
});

describe('an engineer', () => {
  it('is refused the inbox, the money, the site, posts, pictures, people and the audit log, in words', async () => {
    const engineer = await personWithSession('engineer');
    expect((await page(engineer, '/admin/leads.csv')).status).toBe(403);
    for (const path of ['/admin/leads', '/admin/site', '/admin/people', '/admin/audit', '/admin/posts', '/admin/media']) {
      const res = await page(engineer, path);
      expect(res.status, path).toBe(403);
      expect(res.html, path).toContain('This page is not part of your jobs');
      expect(res.html, path).toContain('href="/admin/schedule"');
    }
    // The dashboard (its money and the leads waiting) sends them to their schedule instead.
    for (const path of ['/admin', '/admin/dashboard']) {
      const res = await page(engineer, path);
      expect(res.status, path).toBe(303);
      expect(res.location, path).toBe('/admin/schedule');
    }
    // Nor can they change a job, even one of theirs.
    const owner = await signIn();
    const lead = await newLead(`Theirs ${tag()}`);
    await book(owner, lead.id, { day: ukDay(50), window: '08-10', person: String(engineer.id), overlap: 'go-on' });
    for (const [path, fields] of [
      [statusPath(lead.id), { status: 'lost', lost_reason: 'price' }],
      [`/admin/leads/${lead.id}/notes`, { note: 'An engineer’s note' }],
      [`/admin/leads/${lead.id}/assign`, { person: String(engineer.id) }],
      ['/admin/people/invite', { name: 'X', email: 'x@example.org', role: 'owner' }],
    ] as const) {
      expect((await adminPost(engineer, path, fields)).status, path).toBe(403);
    }
    expect((await leadRow(lead.id)).jobStatus).toBe('booked');
    // Their menu offers only what they may open.
    const schedule = await page(engineer, '/admin/schedule');
    expect(schedule.status).toBe(200);
    const menu = /<nav class="admin-nav admin-nav--wide"[\s\S]*?<\/nav>/.exec(schedule.html)![0];
    expect(menu).toContain('href="/admin/schedule"');
    expect(menu).toContain('href="/admin/devices"');
    // Alerts about their own jobs (issue 47): turned on from their own Alerts page.
    expect(menu).toContain('href="/admin/alerts"');
    for (const href of ['/admin/dashboard', '/admin/leads', '/admin/posts', '/admin/site', '/admin/people']) {
      expect(menu).not.toContain(`href="${href}"`);
    }
    expect((await page(engineer, '/admin/devices')).status).toBe(200);
  }, 30_000);

  it('is refused the JSON endpoints in the words of their 403 page; office staff are told only the owner can', async () => {
    const pageWords = /<p>(You are signed in as an engineer\.[^<]*)<\/p>/.exec(
      (await page(await personWithSession('engineer'), '/admin/leads')).html,
    )?.[1];
    expect(pageWords).toContain('on your schedule');
    const json = async (session: Session, path: string, method: 'GET' | 'POST') => {
      const res =
        method === 'GET' ? await request(path, { cookie: session.cookie }) : await adminPost(session, path, { content: 'x' });
      return { status: res.status, body: (await res.json()) as { error?: string } };
    };
    const engineer = await personWithSession('engineer');
    const office = await personWithSession('office');
    const owner = await personWithSession('owner');
    // Staff endpoints (the post preview) and owner endpoints (the CSV): the engineer hears about their schedule.
    for (const [path, method] of [
      ['/admin/api/preview', 'POST'],
      ['/admin/leads.csv', 'GET'],
    ] as const) {
      const refused = await json(engineer, path, method);
      expect(refused, path).toEqual({ status: 403, body: { error: pageWords } });
      expect(refused.body.error, path).not.toContain('Only the owner');
    }
    // Office staff are refused only owner endpoints, where the owner wording is true.
    expect(await json(office, '/admin/leads.csv', 'GET')).toEqual({
      status: 403,
      body: { error: 'Only the owner can do this.' },
    });
    expect((await adminPost(office, '/admin/api/preview', { content: 'x' })).status).toBe(200);
    // The owner is not refused.
    expect((await request('/admin/leads.csv', { cookie: owner.cookie })).status).toBe(200);
  }, 30_000);

  it('sees only their own jobs on the schedule, and on a job’s page only what the visit needs', async () => {
    const owner = await signIn();
    const engineer = await personWithSession('engineer');
    const day = ukDay(60);
    const mine = await newLead(`Mine ${tag()}`);
    const notMine = await newLead(`Not Mine ${tag()}`);
    const unbooked = await newLead(`Unbooked ${tag()}`);
    await book(owner, mine.id, { day, window: '10-12', person: String(engineer.id), overlap: 'go-on' });
    await book(owner, notMine.id, { day, window: '12-14', overlap: 'go-on' });
    await adminPost(owner, `/admin/leads/${mine.id}/notes`, { note: 'Owner-only note: gate code 4471' });

    const week = await page(engineer, `/admin/schedule?week=${day}`);
    expect(week.status).toBe(200);
    expect(week.html).toContain(mine.name);
    expect(week.html).not.toContain(notMine.name);
    expect(week.html).not.toContain('Who goes');
    const dayView = await page(engineer, `/admin/schedule/day?day=${day}`);
    expect(dayView.html).toContain(mine.name);
    expect(dayView.html).not.toContain(notMine.name);

    const job = await page(engineer, `/admin/jobs/${mine.id}`);
    expect(job.status).toBe(200);
    for (const shown of [mine.name, '14 Harbour View, Poole BH15 1AA', '07700 900321', 'CCTV', '10am to 12pm', dayWords(day)]) {
      expect(job.html, shown).toContain(shown);
    }
    expect(job.html).toContain(`Gully overflowing at ${mine.name}`);
    for (const hidden of ['@example.org', 'gate code 4471', 'Timeline', 'Book a visit', 'Mark done', 'Delete this lead', '£']) {
      expect(job.html, hidden).not.toContain(hidden);
    }
    expect((await page(engineer, `/admin/leads/${notMine.id}`)).status).toBe(404);
    expect((await page(engineer, `/admin/leads/${unbooked.id}`)).status).toBe(404);
    // The customer's photos of the job go with it (the drain they saw); no other lead's.
    await addTestPhotos(mine.id, 1);
    await addTestPhotos(notMine.id, 1);
    await addTestPhotos(unbooked.id, 1);
    const withPhotos = await page(engineer, `/admin/jobs/${mine.id}`);
    expect(withPhotos.html).toContain('Photos from the customer');
    expect(withPhotos.html).toContain(`src="/admin/leads/${mine.id}/photos/1/small"`);
    for (const path of ['photos/1', 'photos/1/small', 'photos/1/view']) {
      expect((await page(engineer, `/admin/leads/${mine.id}/${path}`)).status, path).toBe(200);
      expect((await page(engineer, `/admin/leads/${notMine.id}/${path}`)).status, path).toBe(404);
      expect((await page(engineer, `/admin/leads/${unbooked.id}/${path}`)).status, path).toBe(404);
    }

    // The office and the owner see everyone's, each with who goes.
    const all = await page(owner, `/admin/schedule?week=${day}`);
    expect(all.html).toContain(mine.name);
    expect(all.html).toContain(notMine.name);
    expect(all.html).toContain(`Who goes: ${engineer.name}`);
  }, 30_000);

  it('is made on the People page by invitation or by a change of role, which applies at once', async () => {
    const owner = await signIn();
    const people = await page(owner, '/admin/people');
    expect(people.html).toContain('<option value="engineer">Engineer: only the jobs given to them</option>');
    const email = `eng.${tag()}@example.org`;
    const invited = await adminPost(owner, '/admin/people/invite', { name: 'Invited Engineer', email, role: 'engineer' });
    expect(invited.status).toBe(303);
    expect((await env.DB.prepare('SELECT role FROM people WHERE email = ?').bind(email).first())?.role).toBe('engineer');

    const office = await personWithSession('office');
    expect((await page(office, '/admin/leads')).status).toBe(200);
    const changed = await adminPost(owner, `/admin/people/${office.id}/role`, { role: 'engineer' });
    expect(changed.headers.get('location')).toBe('/admin/people?notice=role-changed');
    expect((await page(office, '/admin/leads')).status).toBe(403);
    const bad = await adminPost(owner, `/admin/people/${office.id}/role`, { role: 'boss' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Choose a role: office, engineer or owner.');
    const self = await adminPost(owner, `/admin/people/${await ownerId()}/role`, { role: 'engineer' });
    expect(self.status).toBe(400);
    expect(
      (
        await env.DB.prepare('SELECT role FROM people WHERE id = ?')
          .bind(await ownerId())
          .first()
      )?.role,
    ).toBe('owner');
  }, 30_000);
});

const parse = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));

async function feedOf(session: Session): Promise<ICAL.Event[]> {
  const res = await adminPost(session, '/admin/schedule/calendar', {});
  expect(res.status).toBe(200);
  const path = /https:\/\/www\.example\.com(\/calendar\/[A-Za-z0-9_-]{43}\.ics)/.exec(await res.text())![1]!;
  const feed = await request(path);
  expect(feed.status).toBe(200);
  const text = await feed.text();
  // Nothing a calendar server may not hold: no e-mail address, no notes, no customer's message, no money.
  expect(text).not.toContain('@example.org');
  expect(text).not.toContain('Secret note');
  expect(text).not.toContain('Gully overflowing');
  expect(text).not.toContain('£');
  return parse(text);
}

describe('each person’s calendar feed', () => {
  it('holds only the jobs given to them (the first owner’s also those given to nobody)', async () => {
    const owner = await signIn();
    const engineer = await personWithSession('engineer');
    const office = await personWithSession('office');
    const day = ukDay(5);
    const forEngineer = await newLead(`Feed Eng ${tag()}`);
    const forOwner = await newLead(`Feed Owner ${tag()}`);
    const unassigned = await newLead(`Feed Nobody ${tag()}`);
    await book(owner, forEngineer.id, { day, window: '08-10', person: String(engineer.id), overlap: 'go-on' });
    await book(owner, forOwner.id, { day, window: '10-12', overlap: 'go-on' });
    await env.DB.prepare(
      `UPDATE leads SET job_status = 'booked', booked_day = ?, booked_from = '14:00', booked_to = '16:00' WHERE id = ?`,
    )
      .bind(day, unassigned.id)
      .run();
    for (const lead of [forEngineer, forOwner]) {
      await adminPost(owner, `/admin/leads/${lead.id}/notes`, { note: `Secret note ${lead.name}` });
    }

    const names = (events: ICAL.Event[]) => events.map((event) => event.summary);
    const engineerEvents = await feedOf(engineer);
    expect(names(engineerEvents)).toEqual([`${forEngineer.name}: CCTV Drain Surveys`]);
    const [event] = engineerEvents;
    expect(event!.startDate.toString()).toBe(`${day}T08:00:00`);
    expect(event!.location).toBe('14 Harbour View, Poole BH15 1AA');
    expect(event!.description).toContain('07700 900321');
    expect(event!.description).toContain(`https://www.example.com/admin/leads/${forEngineer.id}`);

    const ownerNames = names(await feedOf(owner));
    expect(ownerNames).toContain(`${forOwner.name}: CCTV Drain Surveys`);
    expect(ownerNames).toContain(`${unassigned.name}: CCTV Drain Surveys`);
    expect(ownerNames).not.toContain(`${forEngineer.name}: CCTV Drain Surveys`);
    expect(await feedOf(office)).toEqual([]);

    // Given to someone else, the job leaves the first feed and joins theirs.
    await adminPost(owner, `/admin/leads/${forEngineer.id}/assign`, { person: String(office.id), overlap: 'go-on' });
    expect(names(await feedOf(engineer))).toEqual([]);
    expect(names(await feedOf(office))).toEqual([`${forEngineer.name}: CCTV Drain Surveys`]);
  }, 30_000);
});

describe('an engineer’s phone', () => {
  it('gets no alert of a new request, even from a device subscribed when they were office staff', async () => {
    await forgetAllDevices();
    const owner = await signIn();
    const office = await officeSession();
    const device = await subscribeDevice(office);
    expect((await adminPost(owner, `/admin/people/${office.personId}/role`, { role: 'engineer' })).status).toBe(303);
    const res = await postJson('/api/contact', await contactLead());
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    expect(await pushRowsOf(id)).toEqual([]);
    expect(await pushesTo(device)).toEqual([]);
  }, 30_000);
});

describe('a person removed', () => {
  it('hands their booked jobs to the owner who removed them; a done job keeps their name', async () => {
    const owner = await signIn();
    const engineer = await personWithSession('engineer', `Leaver ${tag()}`);
    const coming = await newLead(`Coming ${tag()}`);
    const finished = await newLead(`Finished ${tag()}`);
    for (const lead of [coming, finished]) {
      expect((await book(owner, lead.id, { day: ukDay(3), window: '14-16', person: String(engineer.id), ...GO_ON })).status).toBe(
        303,
      );
    }
    expect((await adminPost(owner, statusPath(finished.id), { status: 'done', ...DONE_ANYWAY })).status).toBe(303);

    const res = await adminPost(owner, `/admin/people/${engineer.id}/remove`, {});
    expect(res.headers.get('location')).toBe('/admin/people?notice=removed-jobs-yours');
    const notice = await page(owner, res.headers.get('location')!);
    expect(notice.html).toContain('the jobs booked for them are now yours: see Schedule.');

    // The token's sign-in is the first owner.
    const me = await ownerId();
    expect((await leadRow(coming.id)).assignedTo).toBe(me);
    expect((await leadRow(finished.id)).assignedTo).toBe(engineer.id);
    const comingPage = await page(owner, `/admin/leads/${coming.id}`);
    expect(comingPage.html).not.toContain('(removed)');
    expect((await page(owner, `/admin/leads/${finished.id}`)).html).toContain(`${engineer.name} (removed)`);
    expect((await page(owner, dayPath(ukDay(3)))).html).toContain(coming.name);

    // Someone with nothing booked: the plain notice.
    const other = await personWithSession('office');
    const plain = await adminPost(owner, `/admin/people/${other.id}/remove`, {});
    expect(plain.headers.get('location')).toBe('/admin/people?notice=removed');
  }, 30_000);
});

describe('migration 0018', () => {
  it('gives the booked jobs of people removed before the hand-over existed back to the owner; done jobs keep their name', async () => {
    const owner = await signIn();
    const leaver = await personWithSession('engineer', `Earlier leaver ${tag()}`);
    const booked = await newLead(`Stranded ${tag()}`);
    const finished = await newLead(`Done before ${tag()}`);
    for (const lead of [booked, finished]) {
      expect((await book(owner, lead.id, { day: ukDay(4), window: '08-10', person: String(leaver.id), ...GO_ON })).status).toBe(
        303,
      );
    }
    expect((await adminPost(owner, statusPath(finished.id), { status: 'done', ...DONE_ANYWAY })).status).toBe(303);
    // Removed as the People page did before it handed jobs over.
    await env.DB.prepare('UPDATE people SET removed_at = ?, email = NULL WHERE id = ?').bind(Date.now(), leaver.id).run();

    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0018_'))!;
    for (const query of migration.queries) await env.DB.prepare(query).run();
    expect((await leadRow(booked.id)).assignedTo).toBeNull();
    expect((await leadRow(finished.id)).assignedTo).toBe(leaver.id);
    // "Nobody" is the first owner: the job is on their schedule.
    expect((await page(owner, dayPath(ukDay(4)))).html).toContain(booked.name);
  }, 30_000);
});
