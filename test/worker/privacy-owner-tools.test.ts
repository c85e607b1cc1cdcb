import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leadViews } from '../../src/db/admin-leads';
import { recordSmallVersion } from '../../src/db/lead-photos';
import { deleteLeads, findLeadsForPerson } from '../../src/db/privacy';
import type { Lead } from '../../src/db/schema';
import { leadPhotos } from '../../src/db/schema';
import { eraseLeads } from '../../src/privacy/erase';
import { subjectAccessExport } from '../../src/privacy/subject-access-export';
import { defaultView, site } from '../support/content';
import { addTestPhotos, db, insertTestLead, leftovers, person, storedIds, storedObjects } from './privacy-helpers';

const ids = (leads: readonly Lead[]) => leads.map((lead) => lead.id).sort();

describe('findLeadsForPerson', () => {
  it("finds exactly one person's leads by e-mail, whatever the case and spacing", async () => {
    const ann = person();
    const mine = [
      await insertTestLead({ email: ann.email, createdAt: 1000 }),
      await insertTestLead({ email: ann.email.toUpperCase(), kind: 'quote', createdAt: 2000 }),
    ];
    const other = await insertTestLead({ email: `x${ann.email}` });
    for (const email of [ann.email, `  ${ann.email.toUpperCase()} `, ann.email.replace('ann', 'AnN')]) {
      const found = await findLeadsForPerson(db, { email });
      expect(ids(found), email).toEqual(ids(mine));
      expect(ids(found)).not.toContain(other.id);
    }
    // Oldest first.
    expect((await findLeadsForPerson(db, { email: ann.email })).map((lead) => lead.createdAt)).toEqual([1000, 2000]);
  });

  it('finds leads by phone however the number was written, and no other number', async () => {
    const ann = person();
    const written = [
      ann.national,
      `01632${ann.digits}`,
      `+44 1632 ${ann.digits}`,
      `+44 (0)1632 ${ann.digits}`,
      `0044-1632-${ann.digits}`,
    ];
    const mine = await Promise.all(written.map((phone) => insertTestLead({ phone })));
    const others = await Promise.all([
      insertTestLead({ phone: `01632 ${ann.digits}9` }),
      insertTestLead({ phone: `07700 ${ann.digits}` }),
      insertTestLead({ phone: '' }),
    ]);
    for (const phone of [...written, `  01632\u00a0${ann.digits} `]) {
      const found = await findLeadsForPerson(db, { phone });
      expect(ids(found), phone).toEqual(ids(mine));
    }
    const all = await findLeadsForPerson(db, { phone: ann.national });
    for (const other of others) expect(ids(all)).not.toContain(other.id);
  });

  it('finds by either when given both, and nothing for an empty search', async () => {
    const ann = person();
    const byEmail = await insertTestLead({ email: ann.email });
    const byPhone = await insertTestLead({ phone: ann.national });
    expect(ids(await findLeadsForPerson(db, { email: ann.email, phone: ann.national }))).toEqual(ids([byEmail, byPhone]));
    expect(await findLeadsForPerson(db, {})).toEqual([]);
    expect(await findLeadsForPerson(db, { email: '  ', phone: '' })).toEqual([]);
  });
});

describe('deleteLeads', () => {
  it('removes exactly the given rows, with their messages and photos’ rows, and counts only leads that existed', async () => {
    const [a, b, keep] = await Promise.all([insertTestLead({}, { customer: {} }), insertTestLead(), insertTestLead()]);
    await addTestPhotos(a!.id, 2);
    expect(await deleteLeads(db, [a!.id, b!.id, a!.id, 'no-such-lead'])).toBe(2);
    expect(await storedIds([a!.id, b!.id, keep!.id])).toEqual([keep!.id]);
    expect(await leftovers([a!.id, b!.id])).toBe(0);
    expect(await leftovers([keep!.id])).toBe(1);
    expect(await deleteLeads(db, [])).toBe(0);
  });

  it('deletes more leads than one statement can bind', async () => {
    const many = await Promise.all(Array.from({ length: 205 }, () => insertTestLead()));
    const keep = await insertTestLead();
    expect(
      await deleteLeads(
        db,
        many.map((lead) => lead.id),
      ),
    ).toBe(205);
    expect(await storedIds([...many.map((lead) => lead.id), keep.id])).toEqual([keep.id]);
  });
});

describe('eraseLeads', () => {
  it('deletes the leads, their e-mails in the outbox, and their photos in R2 and D1', async () => {
    const gone = await insertTestLead({}, { customer: { status: 'retrying', nextAttemptAt: Date.now() } });
    const keep = await insertTestLead();
    const goneKeys = await addTestPhotos(gone.id, 3);
    const keepKeys = await addTestPhotos(keep.id, 1);
    expect(await eraseLeads(env, [gone.id, 'no-such-lead'])).toBe(1);
    expect(await storedIds([gone.id, keep.id])).toEqual([keep.id]);
    expect(await storedObjects([...goneKeys, ...keepKeys])).toEqual(keepKeys);
    expect((await env.MEDIA.list({ prefix: `leads/${gone.id}/` })).objects).toEqual([]);
    expect(await leftovers([gone.id])).toBe(0);
    expect(await leftovers([keep.id])).toBe(2);
  });

  it('leaves the rows when R2 cannot delete, so the next try still finds the photos', async () => {
    const lead = await insertTestLead();
    const keys = await addTestPhotos(lead.id, 1);
    const broken = { ...env, MEDIA: { delete: () => Promise.reject(new Error('R2 unavailable')) } as unknown as R2Bucket };
    await expect(eraseLeads(broken, [lead.id])).rejects.toThrow('R2 unavailable');
    expect(await storedIds([lead.id])).toEqual([lead.id]);
    expect(await leftovers([lead.id])).toBe(2);
    expect(await eraseLeads(env, [lead.id])).toBe(1);
    expect(await storedObjects(keys)).toEqual([]);
  });

  it("deletes a small version the owner's browser listed while the lead was being erased", async () => {
    const lead = await insertTestLead();
    // A photo sent without its small version (no JavaScript on the form).
    const [original, sentSmall] = await addTestPhotos(lead.id, 1);
    await env.MEDIA.delete(sentSmall!);
    await db
      .update(leadPhotos)
      .set({ smallKey: null, smallType: null, smallWidth: null, smallHeight: null })
      .where(eq(leadPhotos.leadId, lead.id));
    const lateKey = `leads/${lead.id}/1-small-late.jpg`;
    // The moment between reading the photos and deleting their rows: the lead page's small version arrives.
    let drawn = false;
    const racing = {
      ...env,
      MEDIA: {
        delete: async (keys: string | string[]) => {
          await env.MEDIA.delete(keys);
          if (drawn) return;
          drawn = true;
          await env.MEDIA.put(lateKey, new Uint8Array([0xff, 0xd8, 0xff, 0xe1]));
          const small = { smallKey: lateKey, smallType: 'image/jpeg' as const, smallWidth: 480, smallHeight: 360 };
          expect(await recordSmallVersion(db, lead.id, 1, small)).toBe(true);
        },
      } as unknown as R2Bucket,
    };
    expect(await eraseLeads(racing, [lead.id])).toBe(1);
    expect(drawn).toBe(true);
    expect(await storedObjects([original!, lateKey])).toEqual([]);
    expect(await leftovers([lead.id])).toBe(0);
  });
});

describe('subjectAccessExport', () => {
  it('lists exactly the leads found, with every stored field readable, and survives JSON', async () => {
    const ann = person();
    const quote = await insertTestLead(
      {
        kind: 'quote',
        email: ann.email,
        phone: ann.national,
        address: '12 Seaview Road, Southbourne BH6 3AA',
        service: 'cctv-drain-survey',
        message: 'Buying a 1930s semi.',
        bestTime: 'morning',
        areaCheck: 'covered',
        createdAt: Date.parse('2026-01-02T10:00:00Z'),
        updatedAt: Date.parse('2026-01-02T10:01:00Z'),
        handledAt: Date.parse('2026-01-03T09:00:00Z'),
      },
      {
        owner: {
          status: 'retrying',
          attempts: 2,
          lastError: 'HTTP 500',
          nextAttemptAt: Date.parse('2026-01-02T10:05:00Z'),
          sentAt: null,
        },
        customer: {
          status: 'sent',
          attempts: 1,
          lastError: null,
          nextAttemptAt: null,
          sentAt: Date.parse('2026-01-02T10:00:05Z'),
        },
      },
    );
    await addTestPhotos(quote.id, 2);
    await insertTestLead({ email: `someone.else.${ann.email}` });
    const found = await leadViews(db, await findLeadsForPerson(db, { email: ann.email }));
    const exported = JSON.parse(JSON.stringify(subjectAccessExport(found, Date.parse('2026-02-01T08:00:00Z'), defaultView)));
    expect(exported).toEqual({
      about: `Personal data held by ${site.name} from its website's contact and quote forms`,
      controller: { name: site.name, email: site.email.address, phone: site.phone.emergency.display },
      generatedAt: '2026-02-01T08:00:00.000Z',
      leadCount: 1,
      leads: [
        {
          reference: quote.id,
          form: 'Free quote request',
          received: '2026-01-02T10:00:00.000Z',
          name: quote.name,
          email: ann.email,
          phone: ann.national,
          propertyAddress: '12 Seaview Road, Southbourne BH6 3AA',
          service: 'CCTV Drain Surveys',
          message: 'Buying a 1930s semi.',
          bestTimeToCall: 'Morning (8am to 12pm)',
          serviceAreaCheck: 'covered',
          // Stored before anything about its origin was: every part null.
          cameFrom: {
            source: null,
            formPage: null,
            previousPage: null,
            referringSite: null,
            utmSource: null,
            utmMedium: null,
            utmCampaign: null,
            utmTerm: null,
            utmContent: null,
            googleAdsClickId: null,
          },
          photos: [
            { number: 1, type: 'image/jpeg', bytes: 5 },
            { number: 2, type: 'image/jpeg', bytes: 5 },
          ],
          emailToUs: {
            status: 'retrying',
            attempts: 2,
            lastError: 'HTTP 500',
            nextAttempt: '2026-01-02T10:05:00.000Z',
            sent: null,
          },
          confirmationToYou: {
            status: 'sent',
            attempts: 1,
            lastError: null,
            nextAttempt: null,
            sent: '2026-01-02T10:00:05.000Z',
          },
          // A lead never taken on as a job: its job part is empty (test/worker/job-personal-data.test.ts has a full one).
          bookingEmailsToYou: [],
          visitRemindersToYou: [],
          yourRequestsToUs: [],
          job: { status: 'New', booking: null, jobValuePounds: null, whyLost: null, timeline: [] },
          reviewRequests: { request: null, reminder: null, linkOpened: null, stopped: null },
          quoteRemindersStopped: null,
          markedHandled: '2026-01-03T09:00:00.000Z',
          lastUpdated: '2026-01-02T10:01:00.000Z',
        },
      ],
      // No quote or invoice was written for this person (their own exports: the quote and invoice tests).
      quotes: [],
      invoices: [],
    });
  });
});
