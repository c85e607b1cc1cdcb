import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { factsFields } from '../../src/admin/site/facts-form';
import { valuesOf } from '../../src/admin/site/sections';
import type { SiteContent } from '../../src/site-content/model';
import { currentRevision, forgetRevision } from '../../src/site-content/revision';
import { takeLogs } from '../support/console-guard';
import { postForm, request, type Session, signIn } from './admin-helpers';
import { newestRevision } from './site-helpers';

/**
 * Two people saving the site at once (issue 34): every save is conditional on the revision its
 * form was read from and applies only its own section onto the newest revision, so changes to
 * different sections are all kept and a stale change to the same section is refused, never both
 * answered "saved". Every request here goes through the real Worker with a real local D1.
 */

let session: Session;
beforeAll(async () => {
  session = await signIn();
  // Start from a saved revision so every form below is read from a row, as on a live site.
  await postForm(session, '/admin/site/history/0/restore', { revision: String(await newestRevision()) });
});
afterEach(() => {
  takeLogs('info', 'site content published');
});

const newestContent = async () =>
  JSON.parse(
    (await env.DB.prepare('SELECT content FROM content_revisions ORDER BY id DESC LIMIT 1').first<{ content: string }>())!
      .content,
  ) as SiteContent;

const BUSINESS = [
  'name',
  'shortName',
  'tagline',
  'blurb',
  'companyNumber',
  'vatNumber',
  'accreditationName0',
  'accreditationLink0',
];
/** The fields the "The business" part of the facts shows, as read from `content`. */
const businessPart = (content: SiteContent, changes: Record<string, string>) => {
  const all = factsFields(content.facts);
  return { ...Object.fromEntries(BUSINESS.map((name) => [name, all[name] ?? ''])), ...changes };
};
const faqForm = (content: SiteContent, changes: Record<string, string>) => ({
  ...valuesOf('faq', content),
  count: String(content.faqs.length),
  ...changes,
});
const notice = (text: string) => ({ text, starts: '2030-01-01T09:00', ends: '2030-01-02T09:00', hoursChange: '' });
const save = (path: string, revision: number, fields: Record<string, string>) =>
  postForm(session, path, { ...fields, revision: String(revision) });

describe('simultaneous saves of different sections', () => {
  it('keep every change: the tagline, an FAQ question and a new notice, five times over', async () => {
    for (let round = 0; round < 5; round++) {
      const revision = await newestRevision();
      const content = await newestContent();
      const tagline = `Tagline of round ${round}`;
      const question = `Question of round ${round}?`;
      const answers = await Promise.all([
        save('/admin/site/facts/business', revision, businessPart(content, { tagline })),
        save('/admin/site/faq', revision, faqForm(content, { question0: question })),
        save('/admin/site/notices', revision, notice(`Notice of round ${round}`)),
      ]);
      expect(answers.map((res) => res.status)).toEqual([303, 303, 303]);
      const after = await newestContent();
      expect(after.facts.tagline).toBe(tagline);
      expect(after.faqs[0]!.question).toBe(question);
      expect(after.notices.map((n) => n.text)).toContain(`Notice of round ${round}`);
      expect(await newestRevision()).toBe(revision + 3);
    }
    const kept = (await newestContent()).notices.map((n) => n.text);
    for (let round = 0; round < 5; round++) expect(kept).toContain(`Notice of round ${round}`);
  });

  it('five new notices sent at once are all kept', async () => {
    const revision = await newestRevision();
    const texts = Array.from({ length: 5 }, (_, i) => `At once ${i} ${crypto.randomUUID().slice(0, 6)}`);
    const answers = await Promise.all(texts.map((text) => save('/admin/site/notices', revision, notice(text))));
    expect(answers.map((res) => res.status)).toEqual([303, 303, 303, 303, 303]);
    const kept = (await newestContent()).notices.map((n) => n.text);
    for (const text of texts) expect(kept).toContain(text);
  });
});

describe('simultaneous saves of the same section', () => {
  it('keep one and refuse the other with the form back, the other change named and nothing lost', async () => {
    const revision = await newestRevision();
    const content = await newestContent();
    const [first, second] = await Promise.all([
      save('/admin/site/faq', revision, faqForm(content, { question0: 'Do you clear gutters?' })),
      save('/admin/site/faq', revision, faqForm(content, { question0: 'Do you fit showers?' })),
    ]);
    const statuses = [first!.status, second!.status].sort();
    expect(statuses).toEqual([303, 409]);
    const [winner, loser] =
      first!.status === 303 ? ['Do you clear gutters?', 'Do you fit showers?'] : ['Do you fit showers?', 'Do you clear gutters?'];
    expect((await newestContent()).faqs[0]!.question).toBe(winner);
    const refused = await (first!.status === 409 ? first! : second!).text();
    expect(refused).toContain('Nothing was saved: since you opened this page, Owner published “FAQ” at');
    // What the refused person typed is still in the form, which now carries the newest revision.
    expect(refused).toContain(`value="${loser}"`);
    expect(refused).toContain(`name="revision" value="${revision + 1}"`);
    expect(await newestRevision()).toBe(revision + 1);
  });

  it('a form read before someone else changed the same fact is refused; another part of the facts is not', async () => {
    const revision = await newestRevision();
    const content = await newestContent();
    expect((await save('/admin/site/facts/business', revision, businessPart(content, { tagline: 'First tagline' }))).status).toBe(
      303,
    );
    // The same tagline field from the old form: refused, named, typed value kept.
    const stale = await save('/admin/site/facts/business', revision, businessPart(content, { tagline: 'Second tagline' }));
    expect(stale.status).toBe(409);
    const html = await stale.text();
    expect(html).toContain('published “Business facts: tagline”');
    expect(html).toContain('value="Second tagline"');
    // The phone numbers, from a form read at the same old revision: a different part, kept, and the tagline stays.
    const all = factsFields(content.facts);
    const contact = Object.fromEntries(
      ['emergencyPhone', 'directorPhone', 'directorName', 'directorRole', 'whatsappNumber', 'whatsappMessage', 'email'].map(
        (n) => [n, all[n]!],
      ),
    );
    const phone = await save('/admin/site/facts/contact', revision, { ...contact, directorPhone: '07700 900 321' });
    expect(phone.status).toBe(303);
    const after = await newestContent();
    expect(after.facts.tagline).toBe('First tagline');
    expect(after.facts.directorPhone).toBe('07700 900 321');
  });

  it('a form that does not say which revision it was read from is refused, nothing saved', async () => {
    const revision = await newestRevision();
    const res = await postForm(session, '/admin/site/faq', faqForm(await newestContent(), { question0: 'No revision?' }));
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('Nothing was saved: this page was out of date.');
    expect(await newestRevision()).toBe(revision);
  });
});

describe("a save after another isolate's save", () => {
  it('is applied to the newest revision in D1, not to the isolate’s 15-second copy', async () => {
    // This isolate has read the revision and keeps it for 15 s.
    forgetRevision();
    const known = await currentRevision(env);
    // Another isolate saves an FAQ change: a row in D1 this isolate has not seen.
    const content = await newestContent();
    content.faqs[0]!.question = 'Saved on another isolate?';
    await env.DB.prepare('INSERT INTO content_revisions (created_at, author, summary, content) VALUES (?, ?, ?, ?)')
      .bind(Date.now(), 'Office', 'FAQ', JSON.stringify(content))
      .run();
    expect((await currentRevision(env)).id).toBe(known.id);
    // The owner opens the facts (read from D1: the newest) and changes the tagline.
    const page = await (await request('/admin/site/facts/business', { cookie: session.cookie })).text();
    const revision = Number(/name="revision" value="(\d+)"/.exec(page)![1]);
    expect(revision).toBe(known.id + 1);
    expect(
      (await save('/admin/site/facts/business', revision, businessPart(content, { tagline: 'After the other isolate' }))).status,
    ).toBe(303);
    const after = await newestContent();
    expect(after.faqs[0]!.question).toBe('Saved on another isolate?');
    expect(after.facts.tagline).toBe('After the other isolate');
  });
});
