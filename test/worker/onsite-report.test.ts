import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { addDays, londonDay, ukWallClockToUtc } from '../../src/rules/uk-time';
import { takeLogs } from '../support/console-guard';
import { officeSession, postForm, request } from './admin-helpers';
import { adminPost, leadRow, messagesOfLead } from './job-helpers';
import { customerPost, requestPage } from './job-request-helpers';
import { mailFor } from './leads-helpers';
import { engineersJob, itemKey, pngFile, rowsIn, saveChecklistAsOwner, sitePost } from './onsite-helpers';

/**
 * "Finished" and the job report (issues 50 and 57): the report is a page of its own under the
 * customer's link (who went, when they were there, where, the notes, the chosen photos, the
 * checklist answers meant for them, the signature), their page links it, and they are e-mailed its
 * link once, the e-mail naming what it holds; the owner's setting decides whether "Finished" marks
 * the job done; erasing the lead takes every row and file with it.
 */

const textOf = (mail: Awaited<ReturnType<typeof mailFor>>[number]) =>
  mail.body.content.find((part) => part.type === 'text/plain')!.value;

/** Yesterday at this time on a UK clock, as a phone that tapped then sends it (taken_at). */
const yesterdayAt = (hour: number, minute: number) => {
  const [y, m, d] = addDays(londonDay(Date.now()), -1).split('-').map(Number) as [number, number, number];
  return String(ukWallClockToUtc(Date.UTC(y, m - 1, d, hour, minute)));
};

/**
 * A job worked through on site yesterday, 9:05am to 11:20am: notes, a before and an after photo
 * (`photos: false`: the before only), two answers (one for the customer), a signature, finished.
 */
async function finishedJob({ photos = true } = {}) {
  const job = await engineersJob('Pip');
  const { owner, engineer, lead } = job;
  await saveChecklistAsOwner(owner, 'cctv-drain-survey', 'Pipe material | choice: Clay, PVC | customer\nAccess notes | text');
  const send = async (item: string, fields: Record<string, string | File>) => {
    const key = itemKey();
    expect((await sitePost(engineer, lead.id, item, { item_key: key, ...fields })).status).toBe(200);
    return key;
  };
  await send('arrived', { taken_at: yesterdayAt(9, 5) });
  await send('notes', { found: 'Displaced joint at 6 m', done: 'Surveyed 12 m of the run', recommended: 'Patch repair at 6 m' });
  const before = await send('media', { stage: 'before', file: pngFile('before.png') });
  const after = photos ? await send('media', { stage: 'after', file: pngFile('after.png') }) : '';
  await send('checklist', { question: 'pipe-material', answer: 'Clay' });
  await send('checklist', { question: 'access-notes', answer: 'Key under the mat' });
  const signature = await send('signature', { signature: pngFile('sig.png'), typed_name: 'Rosa Quinn' });
  await send('finished', { taken_at: yesterdayAt(11, 20) });
  return { ...job, before, after, signature };
}

/** The customer's link, from their booking e-mail. */
async function tokenOf(email: string) {
  const booking = (await mailFor(email)).find((mail) => mail.body.subject.startsWith('Booked'))!;
  return /\/r\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})/.exec(textOf(booking))![1]!;
}

const reportMails = async (email: string) =>
  (await mailFor(email)).filter((mail) => mail.body.subject.startsWith('Your job report'));

describe('the job report', () => {
  it('is a page of its own: the address, the engineer, the time on site, the after photo, their answers and the signature', async () => {
    const { engineer, lead, before, after, signature } = await finishedJob();
    const token = await tokenOf(lead.email);
    const res = await requestPage(`/r/${token}/report`);
    expect(res.status).toBe(200);
    // A customer's page: never kept or indexed, no cookie, no script.
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(res.headers.get('set-cookie')).toBeNull();
    const page = await res.text();
    expect(page).toContain('<meta name="robots" content="noindex');
    expect(page).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    expect(page).toContain('<h1 class="report-doc__title">Job report</h1>');
    for (const words of [
      'BCP Drainage',
      '<dt>Customer</dt><dd>Rosa Quinn-',
      '<dt>Property</dt><dd>2 Quay Street, Poole BH15 1HJ</dd>',
      `<dt>Engineer</dt><dd>${engineer.name}</dd>`,
      '<dt>Time on site</dt><dd>9:05am to 11:20am</dd>',
      'Displaced joint at 6 m',
      'Surveyed 12 m of the run',
      'Patch repair at 6 m',
      '<dt>Pipe material</dt><dd>Clay</dd>',
      'Signed by Rosa Quinn at',
    ]) {
      expect(page).toContain(words);
    }
    // Only the answers the checklist shows the customer, only the chosen photos.
    expect(page).not.toContain('Access notes');
    expect(page).not.toContain('Key under the mat');
    expect(page).toContain(`/r/${token}/report/photo/${after}`);
    expect(page).not.toContain(before);
    expect(page).toContain(`/r/${token}/report/signature/${signature}`);
    const photo = await requestPage(`/r/${token}/report/photo/${after}`);
    expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/png']);
    await photo.arrayBuffer();
    expect((await requestPage(`/r/${token}/report/photo/${before}`)).status).toBe(404);
    const sig = await requestPage(`/r/${token}/report/signature/${signature}`);
    expect(sig.status).toBe(200);
    await sig.arrayBuffer();

    // Their page says what the report holds and links it, instead of holding it.
    const theirPage = await (await requestPage(`/r/${token}`)).text();
    expect(theirPage).toContain('Your report holds our notes, 1 photo, the checklist and your signature.');
    expect(theirPage).toContain(`href="/r/${token}/report"`);
    expect(theirPage).not.toContain('Displaced joint at 6 m');
  }, 30_000);

  it('is a 404 for a wrong token, and before the work is finished', async () => {
    const { lead } = await finishedJob();
    const token = await tokenOf(lead.email);
    // The signature's first character changed (its last carries bits a decoder may ignore).
    const wrong = `${token.slice(0, 23)}${token[23] === 'A' ? 'B' : 'A'}${token.slice(24)}`;
    const refused = await requestPage(`/r/${wrong}/report`);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('Rosa Quinn');
    const { engineer, lead: unfinished } = await engineersJob();
    expect((await sitePost(engineer, unfinished.id, 'notes', { item_key: itemKey(), done: 'Half way' })).status).toBe(200);
    const early = await requestPage(`/r/${await tokenOf(unfinished.email)}/report`);
    expect(early.status).toBe(404);
    expect(await early.text()).not.toContain('Half way');
  });

  it('is e-mailed once, the e-mail naming what it holds and linking the report page', async () => {
    const { owner, engineer, lead, before, after } = await finishedJob();
    expect((await sitePost(engineer, lead.id, 'finished', { item_key: itemKey() })).status).toBe(200);
    const token = await tokenOf(lead.email);
    const reports = await reportMails(lead.email);
    expect(reports).toHaveLength(1);
    const text = textOf(reports[0]!);
    expect(text).toContain(
      'Your job report is ready to read or print: it holds our notes, 1 photo, the checklist and your signature.',
    );
    expect(text).toContain(`/r/${token}/report`);
    // The setting is off: the job stays booked for the owner to mark done.
    expect((await leadRow(lead.id)).jobStatus).toBe('booked');

    // The owner chooses the before photo instead; the page follows.
    const ownerPage = await (await request(`/admin/leads/${lead.id}`, { cookie: owner.cookie })).text();
    expect(ownerPage).toMatch(/<dt>Arrived<\/dt><dd>\d{1,2} \w+ \d{4}, (\d{1,2}(:\d\d)?[ap]m|midnight)<\/dd>/);
    expect(ownerPage).toMatch(/<dt>Time on site<\/dt><dd>\d+ (minutes?|hours?)[^<]*<\/dd>/);
    expect(ownerPage).toContain('Signed by Rosa Quinn');
    expect(ownerPage).toContain(`name="chosen" checked="" value="${after}"`);
    expect(ownerPage).toContain(`name="chosen" value="${before}"/>`);
    const choice = new URLSearchParams([
      ['_csrf', owner.csrf],
      ['shown', before],
      ['shown', after],
      ['chosen', before],
    ]);
    const chosen = await request(`/admin/leads/${lead.id}/site/report-photos`, { cookie: owner.cookie, body: choice });
    expect(chosen.status).toBe(303);
    const again = await (await requestPage(`/r/${token}/report`)).text();
    expect(again).toContain(`/r/${token}/report/photo/${before}`);
    expect(again).not.toContain(`/r/${token}/report/photo/${after}`);
  }, 30_000);

  it('e-mailed with no photo chosen promises none', async () => {
    const { lead } = await finishedJob({ photos: false });
    const [report] = await reportMails(lead.email);
    const text = textOf(report!);
    expect(text).toContain('Your job report is ready to read or print: it holds our notes, the checklist and your signature.');
    expect(text).not.toMatch(/photo/i);
    const page = await (await requestPage(`/r/${await tokenOf(lead.email)}/report`)).text();
    expect(page).not.toContain('/report/photo/');
    expect(page).not.toContain('>Photos</h2>');
  });

  it('takes the place of "Ask to rebook" and "Cancel the visit": nothing is left to move once the work is finished', async () => {
    const { lead } = await finishedJob();
    const token = await tokenOf(lead.email);
    const page = await (await requestPage(`/r/${token}`)).text();
    expect(page).toContain('Your job report');
    expect(page).not.toContain('Ask to rebook');
    expect(page).not.toContain('Cancel the visit');
    const confirm = await requestPage(`/r/${token}/cancel`);
    expect(confirm.status).toBe(303);
    const posted = await customerPost(token, 'cancel', { words: 'Changed my mind' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/r/${token}`);
    expect((await leadRow(lead.id)).jobStatus).toBe('booked');
  });

  it('is not shown before the job is finished', async () => {
    const { engineer, lead } = await engineersJob();
    expect((await sitePost(engineer, lead.id, 'notes', { item_key: itemKey(), done: 'Half way' })).status).toBe(200);
    const page = await (await requestPage(`/r/${await tokenOf(lead.email)}`)).text();
    expect(page).not.toContain('Your job report');
    expect(page).not.toContain('Half way');
  });
});

describe('the owner’s setting', () => {
  it('makes "Finished" mark the job done and queue the review request, as "Mark done" does', async () => {
    const { owner, engineer, lead } = await engineersJob();
    expect((await adminPost(owner, '/admin/on-site/finish', { finish_marks_done: 'yes' })).status).toBe(303);
    try {
      expect((await sitePost(engineer, lead.id, 'arrived', { item_key: itemKey() })).status).toBe(200);
      expect((await sitePost(engineer, lead.id, 'finished', { item_key: itemKey() })).status).toBe(200);
      expect((await leadRow(lead.id)).jobStatus).toBe('done');
      const kinds = (await messagesOfLead(lead.id)).map((message) => message.kind);
      expect(kinds).toEqual(expect.arrayContaining(['review', 'reminder', 'report']));
    } finally {
      expect((await adminPost(owner, '/admin/on-site/finish', {})).status).toBe(303);
    }
  });

  it('and the checklists are the owner’s alone, a save from an older reading refused', async () => {
    const office = await officeSession();
    expect((await request('/admin/on-site', { cookie: office.cookie })).status).toBe(403);
    const { owner } = await engineersJob();
    await saveChecklistAsOwner(owner, 'drain-unblocking', 'Blockage cleared? | yes-no | customer');
    const row = { rows: '1', action: 'save', 'kind-0': 'text' };
    const stale = await adminPost(owner, '/admin/on-site/checklists/drain-unblocking', { ...row, 'text-0': 'Old', version: '0' });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain('Someone else saved this checklist after you opened the page');
    expect((await request('/admin/on-site/checklists/drain-unblocking', { cookie: office.cookie })).status).toBe(403);
    const officePost = await adminPost(office, '/admin/on-site/checklists/drain-unblocking', {
      ...row,
      'text-0': 'Q',
      version: '1',
    });
    expect(officePost.status).toBe(403);
  });
});

describe('the person’s data', () => {
  it('is in their subject access export, and erasing the lead deletes it, its files in R2 included', async () => {
    const { owner, lead, after, signature } = await finishedJob();
    const exported = await postForm(owner, '/admin/leads/person/export', { email: lead.email, phone: '' });
    takeLogs('info', "admin exported a person's leads");
    const [answer] = ((await exported.json()) as { leads: { atTheVisit: Record<string, unknown> }[] }).leads;
    expect(answer!.atTheVisit).toMatchObject({
      notes: [{ found: 'Displaced joint at 6 m', done: 'Surveyed 12 m of the run', recommended: 'Patch repair at 6 m' }],
      checklist: expect.arrayContaining([expect.objectContaining({ question: 'Access notes', answer: 'Key under the mat' })]),
      signature: { typedName: 'Rosa Quinn', notPresent: false },
    });
    const keys = [`site/${lead.id}/${after}.png`, `site/${lead.id}/${signature}-signature.png`];
    for (const key of keys) expect(await env.MEDIA.head(key)).not.toBeNull();
    expect((await postForm(owner, `/admin/leads/${lead.id}/delete`, { confirm: 'yes' })).status).toBe(303);
    takeLogs('info', 'admin deleted a lead');
    for (const table of ['site_events', 'site_notes', 'site_media', 'site_answers', 'site_signatures']) {
      expect(await rowsIn(table, lead.id)).toBe(0);
    }
    for (const key of keys) expect(await env.MEDIA.head(key)).toBeNull();
  }, 30_000);
});
