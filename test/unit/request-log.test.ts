import { describe, expect, it } from 'vitest';
import { feedTokenHash, newFeedToken } from '../../src/calendar/feed-token';
import { requestToken } from '../../src/jobs/request-token';
import { maskPersonalData } from '../../src/log';
import { logRequest } from '../../src/middleware/request-log';
import { takeLogs } from '../support/console-guard';

describe('maskPersonalData', () => {
  it.each([
    ['/unsubscribe/jane.smith+drains@example.co.uk', '/unsubscribe/[email]'],
    ['/call/+44 1632 960 123', '/call/[phone]'],
    ['/call/07700900456/now', '/call/[phone]/now'],
    ['name=Jane&email=jane@example.com', 'name=Jane&email=[email]'],
    ['/r/Ab3_-Ab3_-Ab3_-Ab3_-Ab.Cd4_-Cd4_-Cd4_-Cd4_-Cd/cancel', '/r/[token]/cancel'],
    ['https://www.example.com//R/AbCdEf', 'https://www.example.com//R/[token]'],
    ['/admin/invite/x0123456789abcdefghijklmnopqrstuvwxyzABCDEFG', '/admin/invite/[token]'],
    ['/admin/api/invites/x0123456789abcdefghijklmnopqrstuvwxyzABCDEFG/options', '/admin/api/invites/[token]/options'],
    // The token further along, or in a parameter: hidden wherever it sits after the prefix.
    ['/calendar/x/Q2FsZW5kYXJGZWVkVG9rZW4xMjM0NTY3ODkwYWJjZGVm.ics', '/calendar/[token]/[token]'],
    ['/r/x/Ab3_-Ab3_-Ab3_-Ab3_-Ab.Cd4_-Cd4_-Cd4_-Cd4_-Cd', '/r/[token]/[token]'],
    ['/r;x/Ab3_-Ab3_-Ab3_-Ab3_-Ab.Cd4_-Cd4_-Cd4_-Cd4_-Cd', '/r;[token]/[token]'],
    ['/r;Ab3_-Ab3_-Ab3_-Ab3_-Ab.Cd4_-Cd4_-Cd4_-Cd4_-Cd', '/r;[token]'],
    ['/r/x;Ab3_-Ab3_-Ab3_-Ab3_-Ab/cancel;Cd4_-Cd4_-Cd4_-Cd4_-Cd', '/r/[token]/[token]'],
    ['/admin/invite/x/x0123456789abcdefghijklmnopqrstuvwxyzABCDEFG', '/admin/invite/[token]/[token]'],
    ['/R//x//x0123456789abcdefghijklmnopqrstuvwxyzABCDEFG/review', '/R//[token]//[token]/review'],
  ])('hides personal data in %s', (input, expected) => {
    expect(maskPersonalData(input)).toBe(expected);
  });

  it.each([
    '/services/drain-unblocking',
    '/blog?page=2',
    '/blog/5-signs-your-drain-is-blocked',
    '/assets/site-X53RG5GC.css',
    '/admin/people/invite',
    '/admin/r',
  ])('leaves ordinary paths alone: %s', (path) => {
    expect(maskPersonalData(path)).toBe(path);
  });
});

describe('the request log', () => {
  it('writes no segment of a token-bearing path after its prefix but the page names', () => {
    const token = 'Ab3_-Ab3_-Ab3_-Ab3_-Ab.Cd4_-Cd4_-Cd4_-Cd4_-Cd';
    const feed = 'Q2FsZW5kYXJGZWVkVG9rZW4xMjM0NTY3ODkwYWJjZGVm';
    const invite = 'x0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
    for (const path of [
      `/calendar/x/${feed}.ics`,
      `/r/x/${token}`,
      `/r;x/${token}`,
      `/admin/invite/x/${invite}`,
      `/r/${token}/cancel`,
    ]) {
      logRequest('GET', path, 404, Date.now());
    }
    const paths = takeLogs('info', 'request').map((line) => line.path);
    expect(paths).toEqual([
      '/calendar/[token]/[token]',
      '/r/[token]/[token]',
      '/r;[token]/[token]',
      '/admin/invite/[token]/[token]',
      '/r/[token]/cancel',
    ]);
    expect(JSON.stringify(paths)).not.toMatch(/Ab3_|Q2Fs|x0123/);
  });
});

describe('the request log, a token outside the known token paths', () => {
  it('writes no token that a visitor sent to another route, wherever in the path it sits', async () => {
    const feed = newFeedToken();
    const link = await requestToken({ FORM_SIGNING_SECRET: 'test-signing-secret' }, newFeedToken().slice(0, 22));
    const hex = await feedTokenHash(feed);
    for (const path of [
      `/api/contact/${link}`,
      `/no-such/${feed}`,
      `/no-such/${feed}.ics`,
      `/services/${link}/drain-unblocking`,
      `/blog;${feed}`,
      `/${hex}`,
      `//x//${feed}/`,
      `/api/contact/${encodeURIComponent(link)}`,
    ]) {
      logRequest('GET', path, 404, Date.now());
    }
    expect(takeLogs('info', 'request').map((line) => line.path)).toEqual([
      '/api/contact/[token]',
      '/no-such/[token]',
      '/no-such/[token]',
      '/services/[token]/drain-unblocking',
      '/[token]',
      '/[token]',
      '//x//[token]/',
      '/api/contact/[token]',
    ]);
  });

  it('keeps the paths of ordinary pages, files and records readable', () => {
    const paths = [
      '/services/drain-unblocking-bournemouth',
      '/blog/5-signs-your-drain-is-blocked',
      '/assets/PostEditor-ZGCBZ66E.js',
      '/media/0123456789abcdef0123456789abcdef-1600x1200.jpg',
      '/admin/leads/3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f',
      '/admin/invoices/INV-0042',
    ];
    for (const path of paths) logRequest('GET', path, 200, Date.now());
    expect(takeLogs('info', 'request').map((line) => line.path)).toEqual(paths);
  });
});
