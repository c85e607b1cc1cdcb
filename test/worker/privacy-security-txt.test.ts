import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { securityTxtExpires } from '../../src/seo/security-txt';
import { site } from '../support/content';

const YEAR_MS = 365 * 86_400_000;

/** The fields of a security.txt, each name with its values in order. */
function fields(text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const line of text.split('\n')) {
    const match = line.match(/^([A-Za-z-]+): (.+)$/);
    if (!match) continue;
    const [, name, value] = match as [string, string, string];
    out[name] = [...(out[name] ?? []), value];
  }
  return out;
}

describe('/.well-known/security.txt', () => {
  it('gives the contact, a future expiry under a year ahead, the language and its canonical URL', async () => {
    const res = await exports.default.fetch('https://www.example.com/.well-known/security.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')?.toLowerCase()).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('public');
    const text = await res.text();
    expect(fields(text)).toEqual({
      Contact: [`mailto:${site.email.address}`],
      Expires: [expect.stringMatching(/^\d{4}-\d\d-\d\dT00:00:00Z$/)],
      'Preferred-Languages': ['en'],
      Canonical: [`${env.SITE_ORIGIN}/.well-known/security.txt`],
    });
    const expires = Date.parse(fields(text).Expires![0]!);
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThan(Date.now() + YEAR_MS);
    // Every line is a field (or the final newline): nothing a parser would reject.
    expect(text.endsWith('\n')).toBe(true);
    expect(text.trimEnd().split('\n')).toHaveLength(4);
  });

  it('expires 364 days after the start of the build day, so always under a year after the build', () => {
    expect(securityTxtExpires('2026-03-01T00:00:00.000Z')).toBe('2027-02-28T00:00:00Z');
    expect(securityTxtExpires('2026-03-01T23:59:59.999Z')).toBe('2027-02-28T00:00:00Z');
  });
});
