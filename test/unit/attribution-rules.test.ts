import { describe, expect, it } from 'vitest';
import { sitePageOf } from '../../src/http/site-pages';
import { encodeArrival, leadAttribution, readArrival } from '../../src/leads/attribution';
import { leadSource } from '../../src/rules/lead-source';
import { tapChannelOf } from '../../src/rules/tap-channels';
import { addDays, londonDay, mondayOf } from '../../src/rules/uk-time';

describe('leadSource, the one rule for where a lead came from', () => {
  it.each([
    [{ gclid: 'abc' }, 'advert'],
    [{ utmSource: 'google', utmMedium: 'cpc' }, 'advert'],
    [{ utmSource: 'facebook', utmMedium: 'Paid_Social' }, 'advert'],
    [{ referrerOrigin: 'https://www.google.co.uk', gclid: 'abc' }, 'advert'],
    [{ referrerOrigin: 'https://www.google.co.uk' }, 'search'],
    [{ referrerOrigin: 'https://duckduckgo.com' }, 'search'],
    [{ referrerOrigin: 'https://www.bing.com' }, 'search'],
    [{ utmSource: 'Google' }, 'search'],
    [{ utmMedium: 'organic', utmSource: 'maps' }, 'search'],
    [{ referrerOrigin: 'https://l.facebook.com' }, 'social'],
    [{ referrerOrigin: 'https://t.co' }, 'social'],
    [{ referrerOrigin: 'https://nextdoor.co.uk' }, 'social'],
    [{ utmSource: 'instagram' }, 'social'],
    [{}, 'direct'],
    [{ referrerOrigin: 'https://www.checkatrade.com' }, 'other site'],
    [{ utmSource: 'newsletter', utmMedium: 'email' }, 'other site'],
    [{ otherUtm: true }, 'other site'],
    // Look-alike hosts are not the real thing.
    [{ referrerOrigin: 'https://notgoogle.com' }, 'other site'],
    [{ referrerOrigin: 'https://facebook.com.evil.example' }, 'other site'],
  ] as const)('%o is %s', (signals, expected) => {
    expect(leadSource(signals)).toBe(expected);
  });
});

describe('sitePageOf', () => {
  it('knows our pages, maps a form post back to its page, and refuses the rest', () => {
    expect(sitePageOf('/')).toEqual({ path: '/', kind: 'page' });
    expect(sitePageOf('/services/drain-unblocking')).toEqual({ path: '/services/drain-unblocking', kind: 'page' });
    expect(sitePageOf('/contact/')).toEqual({ path: '/contact', kind: 'page' });
    expect(sitePageOf('/api/quote')).toEqual({ path: '/free-quote', kind: 'page' });
    expect(sitePageOf('/blog/why-drains-smell')).toEqual({ path: '/blog/why-drains-smell', kind: 'blog-post' });
    for (const path of ['/services/made-up', '/admin', '/blog/Not_A_Slug', '/etc/passwd', '//evil.example', '/api/tap', ''])
      expect(sitePageOf(path), path).toBeNull();
  });
});

describe('tapChannelOf', () => {
  it('reads the channel from a link', () => {
    expect(tapChannelOf('tel:+441632960123')).toBe('call');
    expect(tapChannelOf('mailto:enquiries@example.com')).toBe('email');
    expect(tapChannelOf('https://wa.me/447700900456?text=Hi')).toBe('whatsapp');
    expect(tapChannelOf('https://www.instagram.com/example')).toBeNull();
    expect(tapChannelOf('/contact')).toBeNull();
  });
});

describe('UK days', () => {
  it('puts an instant on its UK date, in summer and winter', () => {
    expect(londonDay(Date.parse('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(londonDay(Date.parse('2026-12-01T23:30:00Z'))).toBe('2026-12-01');
  });
  it('moves by days and finds the Monday', () => {
    expect(addDays('2026-03-30', -2)).toBe('2026-03-28');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
  });
});

describe('the hidden attribution field', () => {
  it('round-trips through its query string, in a fixed order', () => {
    const arrival = readArrival('gclid=X&utm_source=google&previous_page=%2Fservices%2Fdrain-unblocking');
    expect(encodeArrival(arrival)).toBe('previous_page=%2Fservices%2Fdrain-unblocking&utm_source=google&gclid=X');
  });
  it('keeps the first of a repeated key, and treats anything but text as empty', () => {
    expect(readArrival('utm_source=a&utm_source=b').utm_source).toBe('a');
    expect(encodeArrival(readArrival(42))).toBe('');
    expect(encodeArrival(readArrival(null))).toBe('');
  });
  it('keeps only an origin for the referring site', () => {
    expect(readArrival('referrer_origin=https%3A%2F%2Fexample.org').referrer_origin).toBe('https://example.org');
    expect(readArrival('referrer_origin=https%3A%2F%2Fexample.org%2Fpath').referrer_origin).toBe('');
    expect(readArrival('referrer_origin=ftp%3A%2F%2Fexample.org').referrer_origin).toBe('');
  });
  it('gives a lead its source and its form page', () => {
    expect(leadAttribution('quote', null, 'utm_source=google&utm_medium=cpc')).toMatchObject({
      formPage: '/free-quote',
      source: 'advert',
    });
    expect(leadAttribution('contact', '/api/contact', '')).toMatchObject({ formPage: '/contact', source: 'direct' });
  });
});
