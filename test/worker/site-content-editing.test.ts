import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { factsFields } from '../../src/admin/site/facts-form';
import { serviceFields } from '../../src/admin/site/service-form';
import { defaultContent } from '../../src/site-content/defaults';
import { takeLogs } from '../support/console-guard';
import { request, type Session, signIn } from './admin-helpers';
import { leadsByEmail, postJson, quoteLead } from './leads-helpers';
import { postSite } from './site-helpers';

/** /admin/site: a service's text, previews that publish nothing, and the history. */

let session: Session;
beforeAll(async () => {
  session = await signIn();
});
afterEach(() => {
  takeLogs('info', 'site content published');
});

const soakaways = defaultContent().services.find((s) => s.slug === 'soakaways')!;
const publicPage = async (path: string) => (await request(path)).text();
const revisionCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM content_revisions').first<{ n: number }>())!.n;

describe("a service's text", () => {
  it('changes its page, the menu and the services overview', async () => {
    const res = await postSite(session, '/admin/site/services/soakaways', {
      ...serviceFields(soakaways),
      title: 'Soakaways and Rainwater Drains',
      sections: '## What we do\n\nWe dig, build and clear soakaways.\n\nEvery one comes with a written guarantee.',
    });
    expect(res.headers.get('location')).toBe('/admin/site/services/soakaways?saved');
    const page = await publicPage('/services/soakaways');
    expect(page).toContain('<h1 class="page-hero__title">Soakaways and Rainwater Drains</h1>');
    expect(page).toContain('<h2>What we do</h2>');
    expect(page).toContain('Every one comes with a written guarantee.');
    expect(await publicPage('/services')).toContain('Soakaways and Rainwater Drains');
    expect(await publicPage('/faq')).toContain('>Soakaways and Rainwater Drains</a>');
  });

  it('is refused without headings or with a picture that is not offered, and nothing is saved', async () => {
    const count = await revisionCount();
    const res = await postSite(session, '/admin/site/services/soakaways', {
      ...serviceFields(soakaways),
      sections: 'Just a paragraph with no heading.',
      image: 'https://evil.example/x.png',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Start each part with a line');
    expect(html).toContain('Please choose one of the pictures offered.');
    expect(html).toContain('Just a paragraph with no heading.');
    expect(await revisionCount()).toBe(count);
    expect((await postSite(session, '/admin/site/services/no-such-service', serviceFields(soakaways))).status).toBe(404);
  });
});

describe('a preview', () => {
  it('shows the page as it would be, and publishes nothing until Publish', async () => {
    const count = await revisionCount();
    // One question kept (rewritten), the other seven of the defaults taken out.
    const others = Object.fromEntries(
      defaultContent()
        .faqs.slice(1)
        .map((_, i) => [`remove${i + 1}`, 'on']),
    );
    const fields = { question0: 'Is this a preview?', answer0: 'Yes, nothing is saved yet.', ...others };
    const preview = await postSite(session, '/admin/site/faq', { ...fields, intent: 'preview' });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toContain('no-store');
    const html = await preview.text();
    expect(html).toContain('Preview, not published yet.');
    expect(html).toContain('Is this a preview?');
    expect(html).toContain('name="answer0" value="Yes, nothing is saved yet."');
    expect(await revisionCount()).toBe(count);
    expect(await publicPage('/faq')).not.toContain('Is this a preview?');

    const back = await postSite(session, '/admin/site/faq', { ...fields, intent: 'edit' });
    expect(await back.text()).toContain('value="Is this a preview?"');
    expect(await revisionCount()).toBe(count);

    const published = await postSite(session, '/admin/site/faq', { ...fields, intent: 'publish' });
    expect(published.status).toBe(303);
    expect(await publicPage('/faq')).toContain('Is this a preview?');
  });
});

describe('the history', () => {
  it('lists each save and restores the original content', async () => {
    const history = await (await request('/admin/site/history', { cookie: session.cookie })).text();
    expect(history).toContain('FAQ (live)');
    expect(history).toContain('Service: Soakaways and Rainwater Drains');
    const res = await postSite(session, '/admin/site/history/0/restore', {});
    expect(res.headers.get('location')).toBe('/admin/site/history?restored');
    expect(await publicPage('/services/soakaways')).toContain(`>${soakaways.title}</h1>`);
    expect(await publicPage('/faq')).not.toContain('Is this a preview?');
    expect((await postSite(session, '/admin/site/history/999999/restore', {})).status).toBe(404);
  });

  it('previews a restore of the original content, which predates the quote terms and invoicing facts', async () => {
    // Its preview names only what really changes, and reads the facts it lacks as their defaults.
    await postSite(session, '/admin/site/facts', { ...factsFields(defaultContent().facts), emergencyPhone: '01632 960 777' });
    const preview = await request('/admin/site/history/0', { cookie: session.cookie });
    expect(preview.status).toBe(200);
    const previewText = await preview.text();
    expect(previewText).toContain('Emergency number: “01632 960 777” becomes “01632 960 123”');
    expect(previewText).not.toContain('Quote terms:');
    expect(previewText).not.toContain('Invoicing:');
  });

  it('is the owner’s alone: without a session nothing is shown or saved', async () => {
    const count = await revisionCount();
    const res = await request('/admin/site/facts', { body: new URLSearchParams({ emergencyPhone: '01632 960 000' }) });
    expect([303, 403]).toContain(res.status);
    expect(await revisionCount()).toBe(count);
  });
});

describe('the areas', () => {
  it('change the footer, the map picture and the live map, and the postcodes the quote form covers', async () => {
    const res = await postSite(session, '/admin/site/areas', {
      places: 'Southbourne\nChristchurch\nVerwood',
      'town-verwood': 'on',
      'town-christchurch': 'on',
      districts: 'BH6 BH23 BH31',
      outline: '50.68 | -2.06\n50.95 | -1.9\n50.74 | -1.46',
    });
    expect(res.headers.get('location')).toBe('/admin/site/areas?saved');
    const home = await publicPage('/');
    const footer = home.slice(home.indexOf('<footer'));
    expect(footer).toContain('<li>Verwood</li>');
    expect(footer).not.toContain('<li>Lyndhurst</li>');
    const picture = home.match(/<svg class="areas-map__picture"[\s\S]*?<\/svg>/)?.[0] ?? '';
    expect([...picture.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toEqual(['Christchurch', 'Verwood']);
    const frame = (await publicPage('/areas-map')).replace(/&quot;/g, '"');
    expect(frame).toContain(
      '"towns":[{"name":"Christchurch","lat":50.7357,"lng":-1.7783},{"name":"Verwood","lat":50.8815,"lng":-1.8785}]',
    );
    expect(frame).toContain('"outline":[[-2.06,50.68],[-1.9,50.95],[-1.46,50.74]]');

    // Verwood's BH31 is covered now; Lymington's SO41 is not.
    for (const [address, check] of [
      ['9 Elm Close, Verwood BH31 7AA', 'covered'],
      ['1 Quay Hill, Lymington SO41 3AR', 'outside'],
    ]) {
      const lead = await quoteLead({ address });
      expect((await postJson('/api/quote', lead)).status).toBe(202);
      expect((await leadsByEmail(lead.email))[0]?.areaCheck).toBe(check);
    }

    const bad = await postSite(session, '/admin/site/areas', {
      places: '',
      'town-wareham': 'on',
      districts: 'hello',
      outline: '50 | -2',
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('Keep at least one place');
    expect(html).toContain('Postcode districts only');
    expect(html).toContain('Tap from 3 to 30 corners on the map to shade an area.');

    // Control characters in a place never reach the public pages.
    const control = await postSite(session, '/admin/site/areas', {
      places: 'Poole\u0000\nVerwood\u001b[31m',
      districts: 'BH15',
      outline: '50.68 | -2.06\n50.95 | -1.9\n50.74 | -1.46',
    });
    expect(control.status).toBe(400);
    expect(await control.text()).toContain('Please remove the unusual characters from the places.');

    // A town outside the shaded area is refused, with the form back as ticked.
    const outside = await postSite(session, '/admin/site/areas', {
      places: 'Poole',
      'town-poole': 'on',
      'town-wareham': 'on',
      districts: 'BH15',
      outline: '50.68 | -2.06\n50.95 | -1.9\n50.74 | -1.46',
    });
    expect(outside.status).toBe(400);
    const refused = await outside.text();
    expect(refused).toContain('Wareham is outside the shaded area: untick it, or shade around the towns ticked.');
    expect(refused).toMatch(/<input type="checkbox" name="town-wareham" checked=""/);
  });
});

describe('the shaded area, without typing a coordinate', () => {
  const outlineNow = async () => {
    const frame = (await publicPage('/areas-map')).replace(/&quot;/g, '"');
    return JSON.parse(/"outline":(\[\[[^\]]*\](?:,\[[^\]]*\])*\])/.exec(frame)?.[1] ?? '[]') as [number, number][];
  };
  const areasForm = { places: 'Poole\nWareham', districts: 'BH15 BH20', 'town-poole': 'on', 'town-wareham': 'on' };

  it('is shaded around the towns ticked: Wareham, beyond the old area, is inside the new one on the public map', async () => {
    const res = await postSite(session, '/admin/site/areas', { ...areasForm, area: 'towns' });
    expect(res.headers.get('location')).toBe('/admin/site/areas?saved');
    const outline = await outlineNow();
    expect(outline.length).toBeGreaterThanOrEqual(8);
    expect(outline.length).toBeLessThanOrEqual(30);
    const { insidePolygon } = await import('../../src/map/geometry');
    // Both towns inside, with room to spare; a town 20 km away is not.
    expect(insidePolygon([-2.11, 50.686], outline)).toBe(true);
    expect(insidePolygon([-1.9872, 50.715], outline)).toBe(true);
    expect(insidePolygon([-1.7783, 50.7357], outline)).toBe(false);
    const home = await publicPage('/');
    const picture = home.match(/<svg class="areas-map__picture"[\s\S]*?<\/svg>/)?.[0] ?? '';
    expect([...picture.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toEqual(['Poole', 'Wareham']);
  });

  it('keeps the area as it is unless asked, whatever else is posted', async () => {
    const before = await outlineNow();
    const res = await postSite(session, '/admin/site/areas', { ...areasForm, area: 'keep', outline: '51 | -1' });
    expect(res.headers.get('location')).toBe('/admin/site/areas?saved');
    expect(await outlineNow()).toEqual(before);
  });

  it('comes back with a message for a corner tapped outside the map, or too few corners, and saves nothing', async () => {
    const count = await revisionCount();
    const before = await outlineNow();
    // Birmingham is in the UK but not on this region's map.
    const outside = await postSite(session, '/admin/site/areas', {
      ...areasForm,
      area: 'drawn',
      outline: '50.6 | -2.2\n52.48 | -1.9\n50.8 | -1.5',
    });
    expect(outside.status).toBe(400);
    const html = await outside.text();
    expect(html).toContain(
      'A corner is outside the map of this region: tap the corners inside the map, or shade around the towns.',
    );
    // The form comes back as posted: the map's choice still made, the towns still ticked.
    expect(html).toMatch(/<input type="checkbox" name="town-wareham" checked=""/);
    const few = await postSite(session, '/admin/site/areas', { ...areasForm, area: 'drawn', outline: '50.7 | -2' });
    expect(few.status).toBe(400);
    expect(await few.text()).toContain('Tap from 3 to 30 corners on the map to shade an area.');
    const none = await postSite(session, '/admin/site/areas', {
      ...areasForm,
      'town-poole': '',
      'town-wareham': '',
      area: 'towns',
    });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Tick at least one town above to shade the area around it.');
    expect(await revisionCount()).toBe(count);
    expect(await outlineNow()).toEqual(before);
  });

  it('has no box for latitude or longitude', async () => {
    const page = await (await request('/admin/site/areas', { cookie: session.cookie })).text();
    expect(page).not.toMatch(/latitude|longitude/i);
    expect(page).not.toContain('name="outline"');
    expect(page).toContain('Shade around the towns ticked above');
  });
});

describe('the rest of the business facts', () => {
  it('shows per-day hours, accreditations and company numbers on the site and in the JSON-LD', async () => {
    const fields: Record<string, string> = {
      ...factsFields(defaultContent().facts),
      hoursMode: 'days',
      // The emergency line keeps these hours too: the JSON-LD states them, not 24/7 (issue 35's fact).
      emergencyLine247: 'off',
      companyNumber: '01234567',
      vatNumber: 'GB123456789',
      accreditationName0: 'Gas Safe Register',
      accreditationLink0: 'https://www.gassaferegister.co.uk',
      accreditationName1: 'Public liability insurance £5m',
      accreditationLink1: '',
      street: '12 Seabourne Road',
    };
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      fields[`opens-${day}`] = '08:00';
      fields[`closes-${day}`] = '18:00';
    }
    const res = await postSite(session, '/admin/site/facts', fields);
    expect(res.headers.get('location')).toBe('/admin/site/facts?saved');

    const contact = await publicPage('/contact');
    expect(contact).toMatch(/<li><span>Monday<\/span> <span>8am to 6pm<\/span><\/li>/);
    expect(contact).toMatch(/<li><span>Sunday<\/span> <span>Closed<\/span><\/li>/);
    const footer = contact.slice(contact.indexOf('<footer'));
    expect(footer).toContain('<a href="https://www.gassaferegister.co.uk">Gas Safe Register</a>');
    expect(footer).toContain('Company number 01234567 · VAT GB123456789');

    const home = await publicPage('/');
    const business = JSON.parse(
      home.match(
        /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"Plumber".*?)<\/script>/,
      )![1]!,
    );
    expect(business.openingHoursSpecification).toHaveLength(5);
    expect(business.openingHoursSpecification[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'Monday',
      opens: '08:00',
      closes: '18:00',
    });
    expect(business.address.streetAddress).toBe('12 Seabourne Road');
    expect(business.hasCredential.map((c: { name: string }) => c.name)).toEqual([
      'Gas Safe Register',
      'Public liability insurance £5m',
    ]);

    // A day that closes before it opens, and a link that is not https, are refused.
    const bad = await postSite(session, '/admin/site/facts', {
      ...fields,
      'opens-Monday': '18:00',
      'closes-Monday': '08:00',
      accreditationName0: 'Trustmark',
      accreditationLink0: 'http://x.example',
      accreditationName1: '',
      accreditationLink1: 'https://www.example.org/us',
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('Please give the hours for Monday as HH:MM, opening before closing');
    expect(html).toContain('Paste the full address of their page, starting https://');
    expect(html).toContain('Give the name this link is for, or clear the link.');
    // The form back keeps what was typed in each row, and asks for no syntax.
    expect(html).toContain('value="http://x.example"');
    expect(html).not.toContain('One per line');
    await postSite(session, '/admin/site/history/0/restore', {});
  });
});
