import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { accessOf, declareAccess, mayOpen, routePattern } from '../../src/admin/auth/access';

/** The access declarations alone (src/admin/auth/access.ts), with route groups made here. */

const leads = declareAccess(new Hono(), { who: 'staff', uploads: ['/admin/leads/:id{[0-9]+}'] });
leads.get('/admin/leads', (c) => c.text(''));
leads.get('/admin/leads/:id{[0-9]+}', (c) => c.text(''));
leads.post('/admin/leads/:id{[0-9]+}', (c) => c.text(''));
const privacy = declareAccess(new Hono(), { who: 'owner', except: { '/admin/leads/help': 'open' } });
privacy.get('/admin/leads/:anything', (c) => c.text(''));
privacy.get('/admin/leads/help', (c) => c.text(''));
const forgotten = new Hono();
forgotten.get('/admin/forgotten', (c) => c.text(''));

describe('access declared by route groups', () => {
  it('gives each path its group’s word, the strictest where groups overlap', () => {
    expect(accessOf('GET', '/admin/leads')).toEqual({ who: 'staff', upload: false });
    expect(accessOf('GET', '/admin/leads/12')).toEqual({ who: 'owner', upload: false });
    expect(accessOf('GET', '/admin/leads/help')).toEqual({ who: 'owner', upload: false });
  });

  it('marks uploads on POST only, on the routes named', () => {
    expect(accessOf('POST', '/admin/leads/12').upload).toBe(true);
    expect(accessOf('GET', '/admin/leads/12').upload).toBe(false);
    expect(accessOf('POST', '/admin/leads').upload).toBe(false);
  });

  it('leaves a path no group declares to nobody', () => {
    expect(accessOf('GET', '/admin/forgotten')).toEqual({ who: undefined, upload: false });
    expect(mayOpen('owner', '/admin/forgotten')).toBe(false);
    expect(mayOpen('owner', '/admin/leads/12')).toBe(true);
    expect(mayOpen('office', '/admin/leads/12')).toBe(false);
    expect(mayOpen('office', '/admin/leads')).toBe(true);
  });

  it('lets an engineer reach only what is declared for engineers, and the office and owner reach that too', () => {
    const jobs = declareAccess(new Hono(), { who: 'staff', except: { '/admin/jobs/:id{[0-9]+}': 'engineer' } });
    jobs.get('/admin/jobs', (c) => c.text(''));
    jobs.get('/admin/jobs/:id{[0-9]+}', (c) => c.text(''));
    expect(accessOf('GET', '/admin/jobs/3')).toEqual({ who: 'engineer', upload: false });
    expect(mayOpen('engineer', '/admin/jobs/3')).toBe(true);
    expect(mayOpen('engineer', '/admin/jobs')).toBe(false);
    expect(mayOpen('office', '/admin/jobs/3')).toBe(true);
    expect(mayOpen('owner', '/admin/jobs/3')).toBe(true);
    expect(mayOpen('engineer', '/admin/leads/12')).toBe(false);
    expect(mayOpen('engineer', '/admin/leads')).toBe(false);
  });

  it('reads Hono route paths: parameters, their patterns, and literal dots', () => {
    expect(routePattern('/admin/leads/:id{[0-9]+}/notes').test('/admin/leads/42/notes')).toBe(true);
    expect(routePattern('/admin/leads/:id{[0-9]+}/notes').test('/admin/leads/x/notes')).toBe(false);
    expect(routePattern('/admin/invite/:token').test('/admin/invite/abc')).toBe(true);
    expect(routePattern('/admin/invite/:token').test('/admin/invite/a/b')).toBe(false);
    expect(routePattern('/admin/leads.csv').test('/admin/leadsxcsv')).toBe(false);
  });

  it('refuses a declaration naming a route its group does not have', () => {
    const typo = declareAccess(new Hono(), { who: 'staff', uploads: ['/admin/typo'] });
    typo.get('/admin/other', (c) => c.text(''));
    expect(() => accessOf('GET', '/admin/other')).toThrow('/admin/typo');
  });
});
