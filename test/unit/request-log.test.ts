import { describe, expect, it } from 'vitest';
import { maskPersonalData } from '../../src/log';

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
