import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedTokenHash, newFeedToken } from '../../src/calendar/feed-token';
import { serviceAreas } from '../../src/content/areas';
import { services } from '../../src/content/services';
import { requestToken } from '../../src/jobs/request-token';
import { issueFormToken } from '../../src/leads/form-token';
import { hmacKey, hmacSign } from '../../src/rules/hmac';
import { looksLikeToken } from '../../src/rules/token-shape';

/** What the Worker hands out, made as it makes them: each must read as a token, a hundred times over. */
const SAMPLES = 100;
const env = { FORM_SIGNING_SECRET: 'test-signing-secret' };
const randomKey = () => newFeedToken().slice(0, 22);

describe('the shape of a token', () => {
  it.each([
    ['a calendar feed token, and its file name', async () => [newFeedToken(), `${newFeedToken()}.ics`]],
    ['a signed request link (<key>.<signature>)', async () => [await requestToken(env, randomKey())]],
    ['an invitation (an HMAC, 43 characters)', async () => [await hmacSign(await hmacKey('x'), newFeedToken())]],
    ['a lead form token (<form>.<time>.<signature>)', async () => [await issueFormToken('secret', 'contact', Date.now())]],
    [
      'a SHA-256 in hex, either case',
      async () => [await feedTokenHash(newFeedToken())].flatMap((hex) => [hex, hex.toUpperCase()]),
    ],
    ['a token behind parameters', async () => [`x;${newFeedToken()}`, `${newFeedToken()};v=1`]],
  ])('finds %s', async (_, make) => {
    for (let i = 0; i < SAMPLES; i++) for (const segment of await make()) expect(looksLikeToken(segment), segment).toBe(true);
  });

  it.each([
    'drain-unblocking-bournemouth',
    '5-signs-your-drain-is-blocked',
    'how-to-tell-if-your-drain-is-blocked-and-where-the-blockage-is',
    'cctv-drain-survey-2024-winter-offer',
    'free-quote',
    'rss.xml',
    'sitemap.xml',
    // Asset names from the build, a public picture's content-hash name, a lead's id.
    'site-X53RG5GC.css',
    'admin-registry-NJHOYVU5.js',
    'PostEditor-ZGCBZ66E.js',
    '0123456789abcdef0123456789abcdef-1600x1200.jpg',
    '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f',
    'INV-0042',
    '2026-12-07',
  ])('leaves %s alone', (segment) => {
    expect(looksLikeToken(segment)).toBe(false);
  });

  it("leaves the services', the areas' and the first blog posts' slugs alone", () => {
    const seed = readFileSync(path.join(import.meta.dirname, '../../migrations/0001_seed_posts.sql'), 'utf8');
    const postSlugs = [...seed.matchAll(/^ {2}'([a-z0-9-]+)',$/gm)].map((match) => match[1]!);
    expect(postSlugs).toHaveLength(6);
    const slugs = [
      ...services.map((service) => service.slug),
      ...serviceAreas.map((area) => area.toLowerCase().replaceAll(' ', '-')),
      ...postSlugs,
    ];
    expect(slugs.filter(looksLikeToken)).toEqual([]);
  });
});
