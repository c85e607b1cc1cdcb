import { describe, expect, it } from 'vitest';
import { personWithSession, request, signIn, tag } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { calendarMails } from './calendar-mail-helpers';
import { adminPost, GO_ON, leadRow, statusPath, ukDay } from './job-helpers';

/**
 * A contact-form lead has no address: "Book a visit" asks for one (required, one line, at most 300
 * characters) and keeps it on the lead, so the schedule, the engineer's page and the customer's
 * calendar file say where the visit is (issue 47).
 */
describe('booking a lead that has no address', () => {
  const pageOf = async (cookie: string, path: string) => {
    const res = await request(path, { cookie });
    expect(res.status).toBe(200);
    return res.text();
  };

  /** The booking form's address field, if the page has one. */
  const addressInput = (html: string) => /<input[^>]*name="address"[^>]*>/.exec(html)?.[0];

  it('asks for the address, refuses none or a too long one, and then shows it everywhere the visit is', async () => {
    const owner = await signIn();
    const engineer = await personWithSession('engineer');
    const lead = await insertLead({ address: '', email: `no-address.${tag()}@example.org` });
    const day = ukDay(3);
    const booking = { status: 'booked', day, window: '10-12', person: String(engineer.id), ...GO_ON };

    const before = await pageOf(owner.cookie, `/admin/leads/${lead.id}`);
    expect(addressInput(before)).toMatch(/ required=""/);
    expect(addressInput(before)).toMatch(/ maxLength="300"/);

    const none = await adminPost(owner, statusPath(lead.id), { ...booking, address: '' });
    expect(none.status).toBe(422);
    expect(await none.text()).toContain('Enter the address of the visit');
    const tooLong = await adminPost(owner, statusPath(lead.id), { ...booking, address: `${'9 Long Road, '.repeat(24)}Poole` });
    expect(tooLong.status).toBe(422);
    expect(await tooLong.text()).toContain('300 characters');
    const twoLines = await adminPost(owner, statusPath(lead.id), { ...booking, address: '3 Bay Road\r\nPoole' });
    expect(twoLines.status).toBe(422);
    expect((await leadRow(lead.id)).jobStatus).toBe('new');

    const address = `Flat ${tag()}, 3 Bay Road, Poole BH14 0AA`;
    const booked = await adminPost(owner, statusPath(lead.id), { ...booking, address: `  ${address} ` });
    expect(booked.status, await booked.clone().text()).toBe(303);
    expect(await leadRow(lead.id)).toMatchObject({ jobStatus: 'booked', address });

    const after = await pageOf(owner.cookie, `/admin/leads/${lead.id}`);
    expect(after).toContain(address);
    expect(addressInput(after)).toBeUndefined();
    expect(await pageOf(owner.cookie, `/admin/schedule/day?day=${day}`)).toContain(address);
    expect(await pageOf(engineer.cookie, `/admin/jobs/${lead.id}`)).toContain(address);
    const [mail] = await calendarMails(lead.email);
    expect(mail!.event.location).toBe(address);
  }, 30_000);

  it('does not ask again when the lead has an address', async () => {
    const owner = await signIn();
    const lead = await insertLead({ kind: 'quote', address: '3 Bay Road, Poole BH14 0AA' });
    expect(addressInput(await pageOf(owner.cookie, `/admin/leads/${lead.id}`))).toBeUndefined();
    const booked = await adminPost(owner, statusPath(lead.id), { status: 'booked', day: ukDay(3), window: '12-14', ...GO_ON });
    expect(booked.status).toBe(303);
    expect((await leadRow(lead.id)).address).toBe('3 Bay Road, Poole BH14 0AA');
  }, 30_000);
});
