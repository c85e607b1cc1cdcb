import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { personWithSession, postForm, request, type Session } from './admin-helpers';

/** Renaming people: the owner renames anyone, themselves too; everyone renames themselves; a stale form changes nothing. */

const nameOf = async (id: number) =>
  (await env.DB.prepare('SELECT name FROM people WHERE id = ?').bind(id).first<{ name: string }>())!.name;
const page = async (session: Session, path: string) => (await request(path, { cookie: session.cookie })).text();
/** The name a page's rename form was read with (its version), for the form posting to `action`. */
const wasOn = (html: string, action: string) =>
  new RegExp(`action="${action}"[^>]*>(?:<input[^>]*>)*?<input type="hidden" name="was" value="([^"]*)"`).exec(html)?.[1];

describe('renaming people', () => {
  it('the owner renames someone else and themselves, from the names their page showed', async () => {
    const owner = await personWithSession('owner', 'Owner');
    const office = await personWithSession('office', 'Sam Office');
    const html = await page(owner, '/admin/people');
    expect(html).toContain('Your name');
    expect(html).toContain('Sam Office’s name');

    const other = await postForm(owner, `/admin/people/${office.id}/name`, { name: '  Sam Smith ', was: 'Sam Office' });
    expect(other.status).toBe(303);
    expect(other.headers.get('location')).toBe('/admin/people?notice=renamed');
    expect(await nameOf(office.id)).toBe('Sam Smith');

    const was = wasOn(html, `/admin/people/${owner.id}/name`);
    expect(was).toBe('Owner');
    const self = await postForm(owner, `/admin/people/${owner.id}/name`, { name: 'Dan Hughes', was: was! });
    expect(self.status).toBe(303);
    expect(await nameOf(owner.id)).toBe('Dan Hughes');
    expect(await page(owner, '/admin/people?notice=renamed')).toContain('Dan Hughes (you)');
    const audit = await env.DB.prepare("SELECT object_id FROM audit_log WHERE action = 'person-renamed' ORDER BY id").all<{
      object_id: string;
    }>();
    expect(audit.results.map((row) => row.object_id)).toEqual([String(office.id), String(owner.id)]);
  });

  it('a form read before someone else’s rename changes nothing and names the other change (409)', async () => {
    const owner = await personWithSession('owner', 'Owner Two');
    const engineer = await personWithSession('engineer', 'Jo Engineer');
    const stalePage = await page(owner, '/admin/people');
    expect((await postForm(engineer, '/admin/devices/name', { name: 'Jo Brown', was: 'Jo Engineer' })).status).toBe(303);

    const stale = await postForm(owner, `/admin/people/${engineer.id}/name`, {
      name: 'Joanne Engineer',
      was: wasOn(stalePage, `/admin/people/${engineer.id}/name`)!,
    });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain(
      'Someone renamed “Jo Engineer” to “Jo Brown” while you had this page open. Nothing was changed',
    );
    expect(await nameOf(engineer.id)).toBe('Jo Brown');
  });

  it('everyone renames themselves on Devices, never anyone else there; a bad name is a 400 and nothing changes', async () => {
    const engineer = await personWithSession('engineer', 'Kim Engineer');
    const office = await personWithSession('office', 'Lee Office');
    const html = await page(engineer, '/admin/devices');
    expect(wasOn(html, '/admin/devices/name')).toBe('Kim Engineer');
    const renamed = await postForm(engineer, '/admin/devices/name', { name: 'Kim Lewis', was: 'Kim Engineer' });
    expect(renamed.headers.get('location')).toBe('/admin/devices?notice=renamed');
    expect(await page(engineer, '/admin/devices?notice=renamed')).toContain('Your name is changed.');
    expect(await nameOf(engineer.id)).toBe('Kim Lewis');

    for (const name of ['', 'x'.repeat(81), '<b>Kim</b>']) {
      const bad = await postForm(engineer, '/admin/devices/name', { name, was: 'Kim Lewis' });
      expect(bad.status, name).toBe(400);
    }
    expect(await nameOf(engineer.id)).toBe('Kim Lewis');
    // Only the owner's page renames someone else.
    expect((await postForm(office, `/admin/people/${engineer.id}/name`, { name: 'Hacked', was: 'Kim Lewis' })).status).toBe(403);
    expect(await nameOf(engineer.id)).toBe('Kim Lewis');
  });
});
