import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_DELAY_MS } from '../../src/jobs/change-status';
import { deleteLeadsPastRetention } from '../../src/privacy/retention';
import type { SubjectAccessExport } from '../../src/privacy/subject-access-export';
import { sendDueLeadEmails } from '../../src/scheduled';
import { postForm, request, type Session, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';
import { adminPost, DONE_ANYWAY, eventsOf, messagesOfLead, statusPath, ukDay } from './job-helpers';

/** A job's notes, booking, status history and review requests are in the person export, and go with the lead. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});

/** A lead taken all the way: contacted, a note, booked, done (its review request sent), the link opened. */
async function fullJob(email: string) {
  const lead = await insertLead({ email, name: 'Dana Export' });
  await adminPost(session, statusPath(lead.id), { status: 'contacted' });
  await adminPost(session, `/admin/leads/${lead.id}/notes`, { note: 'Side gate, dog is friendly' });
  await adminPost(session, statusPath(lead.id), { status: 'booked', day: ukDay(2), window: '12-14' });
  const doneAt = Date.now();
  await adminPost(session, statusPath(lead.id), { status: 'done', value: '95', ...DONE_ANYWAY });
  await sendDueLeadEmails(env, doneAt + REVIEW_DELAY_MS + 60_000);
  await env.DB.prepare('UPDATE leads SET review_clicked_at = ? WHERE id = ?')
    .bind(doneAt + REVIEW_DELAY_MS + 120_000, lead.id)
    .run();
  return lead;
}

const tableCounts = async (id: string) => {
  const count = async (table: string) =>
    (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${table === 'leads' ? 'id' : 'lead_id'} = ?`)
      .bind(id)
      .first<{ n: number }>())!.n;
  return { leads: await count('leads'), events: await count('lead_events'), messages: await count('lead_messages') };
};

describe('the person export', () => {
  it('holds the job: status, booking, value, the timeline with the notes, and the review requests', async () => {
    const email = `dana.${crypto.randomUUID().slice(0, 6)}@example.org`;
    await fullJob(email);
    const res = await postForm(session, '/admin/leads/person/export', { email, phone: '' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SubjectAccessExport;
    const [lead] = body.leads;
    expect(lead!.job).toMatchObject({ status: 'Done', jobValuePounds: 95, whyLost: null });
    expect(lead!.job.booking).toMatch(/, 12pm to 2pm$/);
    expect(lead!.job.timeline.map((entry) => [entry.what, entry.status ?? '', entry.detail ?? ''])).toEqual([
      ['Status changed', 'Contacted', ''],
      ['Note', '', 'Side gate, dog is friendly'],
      ['Status changed', 'Booked', expect.stringMatching(/12pm to 2pm$/)],
      ['Status changed', 'Done', 'Job value £95'],
    ]);
    expect(lead!.bookingEmailsToYou).toHaveLength(1);
    expect(lead!.reviewRequests.request).toMatchObject({ status: 'sent' });
    expect(lead!.reviewRequests.reminder).toMatchObject({ status: 'pending' });
    expect(lead!.reviewRequests.linkOpened).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(lead!.reviewRequests.stopped).toBeNull();
  });
});

describe('erasure and retention', () => {
  it('deleting a lead deletes its timeline, notes, bookings and review requests', async () => {
    const lead = await fullJob(`erase.${crypto.randomUUID().slice(0, 6)}@example.org`);
    // Four e-mails, and the visit's evening-before reminder if the booking was far enough ahead at this hour.
    const before = await tableCounts(lead.id);
    expect(before).toMatchObject({ leads: 1, events: 4 });
    expect(before.messages).toBeGreaterThanOrEqual(4);
    const res = await postForm(session, `/admin/leads/${lead.id}/delete`, { confirm: 'yes' });
    expect(res.status).toBe(303);
    expect(await tableCounts(lead.id)).toEqual({ leads: 0, events: 0, messages: 0 });
    expect(await eventsOf(lead.id)).toEqual([]);
  });

  it('retention deletes a closed job with everything it gained, counting from when it was closed', async () => {
    const lead = await fullJob(`old.${crypto.randomUUID().slice(0, 6)}@example.org`);
    await env.DB.prepare('UPDATE leads SET created_at = ?, handled_at = ? WHERE id = ?')
      .bind(Date.now() - 800 * 86_400_000, Date.now() - 366 * 86_400_000, lead.id)
      .run();
    await deleteLeadsPastRetention(env);
    expect(await tableCounts(lead.id)).toEqual({ leads: 0, events: 0, messages: 0 });
    expect(await messagesOfLead(lead.id)).toEqual([]);
  });
});

describe('the privacy notice', () => {
  it('says review requests are sent, to everyone alike, and how to stop them', async () => {
    const html = await (await request('/privacy')).text();
    expect(html).toContain('Review requests');
    expect(html).toContain('we ask every customer the same way and never first ask whether you were happy');
    expect(html).toContain('Every such e-mail has a link to stop them, which works at once');
    expect(html).toContain('If we book a visit');
  });
});
