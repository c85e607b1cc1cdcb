import { describe, expect, it } from 'vitest';
import { deviceName } from '../../src/admin/auth/device-name';
import { relyingPartyFor } from '../../src/admin/auth/relying-party';

const env = { SITE_ORIGIN: 'https://www.example.com' };

describe('the passkeys relying party', () => {
  it('is SITE_ORIGIN in production, whatever host the request names', () => {
    expect(relyingPartyFor(env, 'https://www.example.com/admin/login', 'X')).toEqual({
      id: 'www.example.com',
      origin: 'https://www.example.com',
      name: 'X',
    });
    expect(relyingPartyFor(env, 'https://bcp-drainage.workers.dev/admin/login', 'X').id).toBe('www.example.com');
  });

  it('is the request itself on localhost (wrangler dev), never an IP address', () => {
    expect(relyingPartyFor(env, 'http://localhost:8787/admin/login', 'X')).toMatchObject({
      id: 'localhost',
      origin: 'http://localhost:8787',
    });
    expect(relyingPartyFor(env, 'http://127.0.0.1:8787/admin/login', 'X').id).toBe('www.example.com');
  });
});

describe('device names', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on Mac'],
    ['', 'Unknown browser'],
    [undefined, 'Unknown browser'],
  ])('%s is "%s"', (ua, name) => {
    expect(deviceName(ua)).toBe(name);
  });
});
