import { beforeAll, describe, expect, it } from 'vitest';
import { leadReference } from '../../src/leads/lead-summary';
import { expectAdminHeaders, request, type Session, signIn, tag } from './admin-helpers';
import { failedOwnerMail, insertLead, sentMail } from './admin-lead-fixtures';
import { adminPost, statusPath } from './job-helpers';

/** The leads inbox: the list, its filters and search, one lead's page. Status changes are in lead-status.test.ts. */

let session: Session;

beforeAll(async () => {
  session = await signIn();
});

/** The Newer (prev) or Older (next) link of a list page, unescaped. */
const linkOf = (html: string, rel: 'prev' | 'next') =>
  (new RegExp(`href="([^"]+)" rel="${rel}"`).exec(html)?.[1] ?? '').replaceAll('&amp;', '&');

const listHtml = async (query = '') => (await request(`/admin/leads${query}`, { cookie: session.cookie })).text();

describe('the inbox', () => {
  it('lists leads newest first, one row each: name, what, where, photos, not yet contacted, ASAP; every field escaped', async () => {
    const older = await insertLead({}, { owner: sentMail(), customer: sentMail() });
    const newer = await insertLead(
      {
        kind: 'quote',
        name: `<b>Eve</b> ${tag()}`,
        message: '<script>alert(1)</script>',
        service: 'cctv-drain-survey',
        address: '1 High St, Verwood BH31 7AA',
        bestTime: 'asap',
        areaCheck: 'outside',
      },
      { owner: failedOwnerMail },
    );
    const res = await request('/admin/leads', { cookie: session.cookie });
    expect(res.status).toBe(200);
    expectAdminHeaders(res);
    const html = await res.text();
    expect(html.indexOf(newer.id)).toBeGreaterThan(-1);
    expect(html.indexOf(newer.id)).toBeLessThan(html.indexOf(older.id));
    expect(html).not.toContain('<b>Eve');
    expect(html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    const row = html.slice(html.indexOf(`href="/admin/leads/${newer.id}"`), html.indexOf('</li>', html.indexOf(newer.id)));
    expect(row).toContain('Not contacted');
    expect(row).toContain('ASAP');
    expect(row).toContain('CCTV Drain Survey');
    expect(row).toContain('Verwood BH31');
    expect(html).toContain('class="inbox-row inbox-row--new inbox-row--asap"');
    // The list is for finding work; e-mail state and resend live on the lead's page.
    expect(html).not.toContain('Resend e-mail');
  });

  it('pages through many leads and filters them by status and form', async () => {
    const booked = await insertLead({ kind: 'quote' }, { owner: failedOwnerMail });
    expect((await adminPost(session, statusPath(booked.id), { status: 'contacted' })).status).toBe(303);
    for (let i = 0; i < 20; i++) await insertLead({}, { owner: sentMail() });
    const pageOne = await listHtml();
    expect(pageOne).not.toContain(booked.id);
    // Page 2 starts after page one's last lead (a keyset page): the link says its number and where.
    const older = linkOf(pageOne, 'next');
    expect(older).toMatch(/^\/admin\/leads\?page=2&after=\d+\.[0-9a-f-]{36}$/);
    const pageTwo = await listHtml(older.slice('/admin/leads'.length));
    expect(pageTwo).toContain(booked.id);
    expect(pageTwo).toContain('Page 2 of');
    // Newer from page 2 is page one itself.
    expect(linkOf(pageTwo, 'prev')).toBe('/admin/leads');
    expect(await listHtml('?status=contacted')).toContain(booked.id);
    const newOne = await listHtml('?status=new');
    expect(await listHtml(linkOf(newOne, 'next').slice('/admin/leads'.length))).not.toContain(booked.id);
    expect(await listHtml('?form=quote&status=contacted')).toContain(booked.id);
    expect(await listHtml('?form=contact&status=contacted')).not.toContain(booked.id);
    expect(await listHtml('?status=undelivered')).toContain(booked.id);
    // Filters keep each other and the search in their links; the CSV link is the current filter.
    const filtered = await listHtml('?status=contacted&form=quote&q=drain');
    expect(filtered).toContain('href="/admin/leads?status=booked&amp;form=quote&amp;q=drain"');
    expect(filtered).toContain('href="/admin/leads.csv?status=contacted&amp;form=quote&amp;q=drain"');
    // Unknown filter values fall back to everything rather than failing.
    expect((await request('/admin/leads?status=bogus&form=x&page=-3', { cookie: session.cookie })).status).toBe(200);
  });

  it('counts a lead whose confirmation alone failed as an e-mail problem', async () => {
    const lead = await insertLead({}, { owner: sentMail(), customer: failedOwnerMail });
    expect(await listHtml('?status=undelivered')).toContain(lead.id);
  });
});

describe('searching every lead', () => {
  it('finds a lead by its phone written any way, its postcode, its name, e-mail and words', async () => {
    const t = tag();
    const lead = await insertLead({
      kind: 'quote',
      name: `Priya Search${t}`,
      phone: '07700 900777',
      email: `priya.${t}@example.org`,
      address: '4 Elm Close, Poole BH14 8QT',
      message: `Gurgling toilet ${t}`,
    });
    const other = await insertLead({ phone: '01632 960999', address: '1 Other Road, Ringwood BH24 1AA' });
    for (const q of [
      '07700900777',
      '+44 7700 900777',
      '+447700900777',
      '0044 7700 900 777',
      'BH14 8QT',
      'bh148qt',
      `search${t}`,
      `priya.${t}@`,
      `toilet ${t}`,
    ]) {
      const html = await listHtml(`?q=${encodeURIComponent(q)}`);
      expect(html, q).toContain(lead.id);
      expect(html, q).not.toContain(other.id);
    }
    expect(await listHtml(`?q=${encodeURIComponent('100%_')}`)).not.toContain(lead.id);
  });

  it('opens a lead by the reference its e-mails quote, however it is typed', async () => {
    const lead = await insertLead();
    const reference = leadReference(lead.id);
    for (const q of [
      reference,
      reference.toLowerCase(),
      `ref. ${reference}`,
      `#${reference}`,
      `${reference.slice(0, 4)} ${reference.slice(4)}`,
    ]) {
      const res = await request(`/admin/leads?q=${encodeURIComponent(q)}`, { cookie: session.cookie });
      expect(res.status, q).toBe(303);
      expect(res.headers.get('location'), q).toBe(`/admin/leads/${lead.id}`);
    }
    // The CSV of that search is the lead too; a reference no lead has finds nothing.
    const csv = await (await request(`/admin/leads.csv?q=${reference}`, { cookie: session.cookie })).text();
    expect(csv).toContain(lead.email);
    const unknown = reference === 'FFFFFFFF' ? '00000000' : 'FFFFFFFF';
    const none = await request(`/admin/leads?q=${unknown}`, { cookie: session.cookie });
    expect(none.status).toBe(200);
    expect(await none.text()).not.toContain(lead.id);
  });
});

describe('one lead on its own page', () => {
  it('opens with Call, WhatsApp and E-mail first, then the message; 404s for an unknown id', async () => {
    const lead = await insertLead({ bestTime: 'asap', phone: '07700 900123' }, { owner: sentMail(), customer: sentMail() });
    const res = await request(`/admin/leads/${lead.id}`, { cookie: session.cookie });
    expect(res.status).toBe(200);
    expectAdminHeaders(res);
    const html = await res.text();
    expect(html).toContain(lead.email);
    expect(html).toContain('As soon as possible');
    const call = html.indexOf('href="tel:+447700900123"');
    expect(call).toBeGreaterThan(-1);
    expect(html).toContain('href="https://wa.me/447700900123?text=');
    expect(html).toContain(`href="mailto:${lead.email}?subject=`);
    expect(call).toBeLessThan(html.indexOf(lead.message));
    expect((await request(`/admin/leads/${crypto.randomUUID()}`, { cookie: session.cookie })).status).toBe(404);
    // 'person' is the privacy tool's page, never read as a lead.
    expect((await request('/admin/leads/person', { cookie: session.cookie })).status).toBe(200);
  });

  it('needs a session', async () => {
    const lead = await insertLead();
    const res = await request(`/admin/leads/${lead.id}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/login?next=${encodeURIComponent(`/admin/leads/${lead.id}`)}`);
  });
});
