import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { valuesOf } from '../../src/admin/site/sections';
import type { SiteContent } from '../../src/site-content/model';
import { takeLogs } from '../support/console-guard';
import { postForm, request, type Session, signIn } from './admin-helpers';
import { newestRevision, postSite } from './site-helpers';

/** The site content screens as the owner meets them: restore that asks first, notices, reviews, facts in parts. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});
afterEach(() => {
  takeLogs('info', 'site content published');
});

const html = async (path: string) => (await request(path, { cookie: session.cookie })).text();
const newestContent = async () =>
  JSON.parse(
    (await env.DB.prepare('SELECT content FROM content_revisions ORDER BY id DESC LIMIT 1').first<{ content: string }>())!
      .content,
  ) as SiteContent;
const faqForm = (content: SiteContent, changes: Record<string, string>) => ({
  ...valuesOf('faq', content),
  count: String(content.faqs.length),
  ...changes,
});
const reviewsForm = (content: SiteContent, changes: Record<string, string>) => ({
  ...valuesOf('reviews', content),
  count: String(content.testimonials.length),
  ...changes,
});

describe('restoring a version', () => {
  it('first shows what would change, in words, and changes nothing until confirmed', async () => {
    await postSite(session, '/admin/site/history/0/restore', {});
    const before = await newestRevision();
    const content = await newestContent();
    expect((await postSite(session, '/admin/site/faq', faqForm(content, { question0: 'Do you clear gutters?' }))).status).toBe(
      303,
    );
    const withFaq = await newestContent();
    const review = { name3: 'Priya K.', location3: 'Poole', rating3: '5', text3: 'Quick and tidy.', source3: 'other' };
    expect((await postSite(session, '/admin/site/reviews', reviewsForm(withFaq, review))).status).toBe(303);
    const latest = await newestRevision();

    const page = await html(`/admin/site/history/${before}`);
    expect(page).toContain(`Restore version ${before}?`);
    expect(page).toContain('The question “Do you clear gutters?” will be removed');
    expect(page).toContain(`The question “${content.faqs[0]!.question}” comes back`);
    expect(page).toContain('The review by Priya K. will be removed');
    expect(page).toContain('Restore only faq');
    expect(page).toContain('Restore only reviews');
    expect(page).toContain('Restore all of these');
    expect(await newestRevision()).toBe(latest);

    // Only the FAQ: the later review stays.
    const res = await postForm(session, `/admin/site/history/${before}/restore`, { revision: String(latest), section: 'faqs' });
    expect(res.headers.get('location')).toBe('/admin/site/history?restored');
    const after = await newestContent();
    expect(after.faqs[0]!.question).toBe(content.faqs[0]!.question);
    expect(after.testimonials.map((r) => r.name)).toContain('Priya K.');
    expect(await html('/admin/site/history')).toContain(`Restored faq from version ${before}`);
  });

  it('confirmed against an older live version, shows the changes again and restores nothing', async () => {
    const before = await newestRevision();
    const content = await newestContent();
    expect((await postSite(session, '/admin/site/faq', faqForm(content, { question0: 'Changed meanwhile?' }))).status).toBe(303);
    const res = await postForm(session, `/admin/site/history/0/restore`, { revision: String(before) });
    expect(res.status).toBe(409);
    const page = await res.text();
    expect(page).toContain('Nothing was restored: since you opened this page, Owner published “FAQ”');
    expect(page).toContain('The question “Changed meanwhile?” will be removed');
    expect(page).toContain(`name="revision" value="${before + 1}"`);
    expect(await newestRevision()).toBe(before + 1);
  });

  it('of a version that does not exist gets the history back with a message', async () => {
    const count = await newestRevision();
    for (const res of [
      await request('/admin/site/history/999999', { cookie: session.cookie }),
      await postSite(session, '/admin/site/history/999999/restore', {}),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('That version does not exist');
    }
    const wrong = await postSite(session, '/admin/site/history/0/restore', { section: 'secrets' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('That is not a section of the site');
    expect(await newestRevision()).toBe(count);
  });

  it('is a link to the changes, never a one-tap restore', async () => {
    const page = await html('/admin/site/history');
    expect(page).not.toMatch(/<form[^>]*action="\/admin\/site\/history\/\d+\/restore"/);
    expect(page).toContain('href="/admin/site/history/0"');
  });
});

describe('notices', () => {
  it('are labelled showing now, scheduled or ended, with their dates in words, and can be changed', async () => {
    const soon = { text: 'Closed for training', starts: '2031-03-02T08:00', ends: '2031-03-02T17:30', hoursChange: 'closed' };
    expect((await postSite(session, '/admin/site/notices', soon)).status).toBe(303);
    const id = (await newestContent()).notices.find((n) => n.text === 'Closed for training')!.id;
    const list = (await html('/admin/site/notices')).replace(/<!-- -->/g, '');
    expect(list).toContain('Scheduled</span> From Sunday 2 March 2031, 8am to Sunday 2 March 2031, 5:30pm; closed those days.');
    expect(list).not.toContain('2031-03-02 08:00');
    expect(list).toContain(`href="/admin/site/notices/${id}"`);

    const edit = await html(`/admin/site/notices/${id}`);
    expect(edit).toContain('value="Closed for training"');
    const changed = await postSite(session, `/admin/site/notices/${id}`, { ...soon, text: 'Closed for a training day' });
    expect(changed.headers.get('location')).toBe('/admin/site/notices?saved');
    const notices = (await newestContent()).notices.filter((n) => n.id === id);
    expect(notices.map((n) => n.text)).toEqual(['Closed for a training day']);

    // An edit that ends before it starts: the form back, nothing saved.
    const count = await newestRevision();
    const bad = await postSite(session, `/admin/site/notices/${id}`, { ...soon, ends: '2031-03-01T17:30' });
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(page).toContain('The end must be after the start.');
    expect(page).toContain('value="2031-03-01T17:30"');
    expect(await newestRevision()).toBe(count);

    const old = { text: 'Summer hours', starts: '2020-07-01T08:00', ends: '2020-08-31T18:00', hoursChange: '' };
    expect((await postSite(session, '/admin/site/notices', old)).status).toBe(303);
    expect((await html('/admin/site/notices')).replace(/<!-- -->/g, '')).toContain(
      'Ended</span> From Wednesday 1 July 2020, 8am to Monday 31 August 2020, 6pm.',
    );

    // Changed hours read in 12-hour words like every other time, not '10:00–14:30'.
    const short = {
      text: 'Short days',
      starts: '2031-04-01T08:00',
      ends: '2031-04-03T18:00',
      hoursChange: 'hours',
      opens: '10:00',
      closes: '14:30',
    };
    expect((await postSite(session, '/admin/site/notices', short)).status).toBe(303);
    const withHours = (await html('/admin/site/notices')).replace(/<!-- -->/g, '');
    expect(withHours).toContain('Thursday 3 April 2031, 6pm; open only 10am to 2:30pm.');
    expect(withHours).not.toContain('10:00');

    // A notice removed by someone else cannot be changed.
    expect((await postSite(session, `/admin/site/notices/${id}/remove`, {})).status).toBe(303);
    const gone = await postSite(session, `/admin/site/notices/${id}`, soon);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('That notice is no longer there');
  });
});

describe('a review the owner types', () => {
  it('is "told to us directly" by default, and carries "Verified on Google" only with its Google link', async () => {
    await postSite(session, '/admin/site/history/0/restore', {});
    const form = await html('/admin/site/reviews');
    const count = (await newestContent()).testimonials.length;
    expect(form).toMatch(new RegExp(`name="source${count}" checked="" value="other"`));
    expect(form).not.toMatch(/\(optional\)<\/span><\/label><input[^>]*name="name0"/);

    const typed = {
      [`name${count}`]: 'Tom B.',
      [`location${count}`]: 'Ringwood',
      [`rating${count}`]: '5',
      [`text${count}`]: 'Fixed our drain.',
    };
    const content = await newestContent();
    const noLink = await postSite(
      session,
      '/admin/site/reviews',
      reviewsForm(content, { ...typed, [`source${count}`]: 'google' }),
    );
    expect(noLink.status).toBe(400);
    expect(await noLink.text()).toContain('To show “Verified on Google”, paste the link to this review on Google');
    const elsewhere = await postSite(
      session,
      '/admin/site/reviews',
      reviewsForm(content, {
        ...typed,
        [`source${count}`]: 'google',
        [`link${count}`]: 'https://www.trustpilot.com/review/x',
      }),
    );
    expect(elsewhere.status).toBe(400);

    const link = 'https://maps.app.goo.gl/AbCdEf123';
    const ok = await postSite(
      session,
      '/admin/site/reviews',
      reviewsForm(content, { ...typed, [`source${count}`]: 'google', [`link${count}`]: link }),
    );
    expect(ok.status).toBe(303);
    const home = await (await request('/')).text();
    expect(home).toContain(`<a class="testimonial__verified" href="${link}"`);

    const told = await postSite(
      session,
      '/admin/site/reviews',
      reviewsForm(await newestContent(), { [`source${count}`]: 'other' }),
    );
    expect(told.status).toBe(303);
    const after = await (await request('/')).text();
    expect(after).not.toContain(link);
    expect(after.match(/Verified on Google/g)).toHaveLength(count);
  });
});

describe('the business facts', () => {
  it('are five parts, each its own page with only its fields, and the map position is a town picked', async () => {
    const overview = await html('/admin/site/facts');
    for (const part of ['contact', 'business', 'place', 'hours', 'claims'])
      expect(overview).toContain(`href="/admin/site/facts/${part}"`);
    const place = await html('/admin/site/facts/place');
    expect(place).toContain('name="placeTown"');
    expect(place).not.toContain('name="lat"');
    expect(place).not.toContain('name="emergencyPhone"');
    const content = await newestContent();
    const address = { ...content.facts.address };
    const res = await postSite(session, '/admin/site/facts/place', { ...address, placeTown: 'Verwood' });
    expect(res.headers.get('location')).toBe('/admin/site/facts?saved');
    expect((await newestContent()).facts.position).toEqual({ lat: 50.8815, lng: -1.8785 });
    expect(await html('/admin/site/facts')).toContain('on the map at Verwood');

    const count = await newestRevision();
    const bad = await postSite(session, '/admin/site/facts/place', { ...address, placeTown: 'Paris' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Please pick a town from the list');
    expect(await newestRevision()).toBe(count);
    await postSite(session, '/admin/site/history/0/restore', {});
  });

  it('label no existing FAQ field "(optional)"', async () => {
    const faq = await html('/admin/site/faq');
    const firstRow = faq.slice(faq.indexOf('name="question0"') - 300, faq.indexOf('name="order0"'));
    expect(firstRow).not.toContain('(optional)');
  });
});

describe('the preview', () => {
  it('shows any page from the draft and keeps its links in the preview; visitors never see it', async () => {
    const content = await newestContent();
    const fields = { ...faqForm(content, { question0: 'Is this only a draft?' }), revision: String(await newestRevision()) };
    const first = await postForm(session, '/admin/site/faq', { ...fields, intent: 'preview' });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Is this only a draft?');

    const soakaways = await request('/admin/site/preview?page=/services/soakaways', { cookie: session.cookie });
    expect(soakaways.status).toBe(200);
    expect(soakaways.headers.get('cache-control')).toContain('no-store');
    const page = await soakaways.text();
    expect(page).toContain('Preview, not published yet.');
    expect(page).toContain('<option value="/services/soakaways" selected="">');
    // The FAQ of the draft is one link away, and that link stays in the preview.
    expect(page).toContain('href="/admin/site/preview?page=%2Ffaq"');
    expect(page).not.toMatch(/<a [^>]*href="\/faq"/);
    // The bar still carries the form to publish or edit.
    expect(page).toContain('name="question0" value="Is this only a draft?"');
    const faq = await (await request('/admin/site/preview?page=%2Ffaq', { cookie: session.cookie })).text();
    expect(faq).toContain('Is this only a draft?');

    expect((await request('/admin/site/preview?page=/admin/people', { cookie: session.cookie })).status).toBe(400);
    expect(await (await request('/faq')).text()).not.toContain('Is this only a draft?');
    expect((await request('/admin/site/preview?page=/faq')).status).not.toBe(200);
  });
});

describe('opening hours', () => {
  it('name each day once, and a day ticked Closed is closed whatever its boxes still hold', async () => {
    const fields: Record<string, string> = { hoursMode: 'days', emergencyLine247: 'on' };
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      fields[`opens-${day}`] = '08:00';
      fields[`closes-${day}`] = '17:00';
    }
    const res = await postSite(session, '/admin/site/facts/hours', { ...fields, 'closed-Sunday': 'yes' });
    expect(res.headers.get('location')).toBe('/admin/site/facts?saved');
    const { hours } = (await newestContent()).facts;
    expect(hours.mode === 'days' && hours.days.find((d) => d.day === 'Sunday')).toEqual({ day: 'Sunday', opens: '', closes: '' });
    expect(hours.mode === 'days' && hours.days.find((d) => d.day === 'Saturday')).toEqual({
      day: 'Saturday',
      opens: '08:00',
      closes: '17:00',
    });

    const page = (await html('/admin/site/facts/hours')).replace(/<!-- -->/g, '');
    expect(page).toContain('<legend>Sunday</legend>');
    expect(page).not.toContain('Sunday opens');
    expect(page).toMatch(/<input type="checkbox" name="closed-Sunday"[^>]*checked=""/);
    expect(page).not.toMatch(/<input type="checkbox" name="closed-Saturday"[^>]*checked=""/);
  });
});
