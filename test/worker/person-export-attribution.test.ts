import { describe, expect, it } from 'vitest';
import { forgetLocalPages } from '../../src/cache/isolate-pages';
import { postForm, signIn } from './admin-helpers';
import { call, contactLead, ORIGIN } from './leads-helpers';

/**
 * A person's copy of their data (a subject access request) holds where their lead came from:
 * it is stored with the lead, so it is theirs to see.
 */

describe("a person's export", { timeout: 30_000 }, () => {
  it('holds where the lead came from: the form page, the page before it, the campaign tags, the click id and the source', async () => {
    forgetLocalPages();
    const landing = `${ORIGIN}/services/drain-unblocking?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=Cj0-test`;
    expect((await call(new URL(landing).pathname + new URL(landing).search)).status).toBe(200);
    const page = await call('/contact', { headers: { Referer: landing } });
    const field = /name="attribution" value="([^"]*)"/.exec(await page.text())![1]!.replaceAll('&amp;', '&');
    const input = await contactLead({ attribution: field });
    const body = new URLSearchParams(Object.entries(input).map(([key, value]) => [key, String(value)]));
    const sent = await call('/api/contact', {
      method: 'POST',
      headers: { Origin: ORIGIN, Referer: `${ORIGIN}/contact` },
      body,
      redirect: 'manual',
    });
    expect(sent.status).toBe(303);

    const session = await signIn();
    const res = await postForm(session, '/admin/leads/person/export', { email: String(input.email), phone: '' });
    expect(res.status).toBe(200);
    const file = (await res.json()) as { leads: { cameFrom: unknown }[] };
    expect(file.leads).toHaveLength(1);
    expect(file.leads[0]!.cameFrom).toEqual({
      source: 'advert',
      formPage: '/contact',
      previousPage: '/services/drain-unblocking',
      referringSite: null,
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      utmTerm: null,
      utmContent: null,
      googleAdsClickId: 'Cj0-test',
    });
  });
});
