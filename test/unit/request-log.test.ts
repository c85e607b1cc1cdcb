import { describe, expect, it } from 'vitest';
import { maskPersonalData } from '../../src/log';

describe('maskPersonalData', () => {
  it.each([
    ['/unsubscribe/jane.smith+drains@example.co.uk', '/unsubscribe/[email]'],
    ['/call/+44 1632 960 123', '/call/[phone]'],
    ['/call/07700900456/now', '/call/[phone]/now'],
    ['name=Jane&email=jane@example.com', 'name=Jane&email=[email]'],
  ])('hides personal data in %s', (input, expected) => {
    expect(maskPersonalData(input)).toBe(expected);
  });

  it.each(['/services/drain-unblocking', '/blog?page=2', '/blog/5-signs-your-drain-is-blocked', '/assets/site-X53RG5GC.css'])(
    'leaves ordinary paths alone: %s',
    (path) => {
      expect(maskPersonalData(path)).toBe(path);
    },
  );
});
