import { describe, expect, it } from 'vitest';
import { secretsMatch } from '../../src/admin/auth/crypto';
import { adminToken } from '../../src/admin/auth/session';
import { MemoryLimiter } from '../../src/admin/auth/sign-in-limit';
import { fromBase64Url, toBase64Url } from '../../src/rules/base64url';

const TOKEN = 'unit-test-admin-token-0123';

describe('secretsMatch', () => {
  it('compares whole values of any length', async () => {
    expect(await secretsMatch(TOKEN, TOKEN)).toBe(true);
    expect(await secretsMatch(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(await secretsMatch(TOKEN.slice(0, -1), TOKEN)).toBe(false);
    expect(await secretsMatch('', TOKEN)).toBe(false);
  });
});

describe('base64url', () => {
  it('round-trips and refuses other alphabets', () => {
    const bytes = new Uint8Array([0, 255, 62, 63, 1]);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    expect(fromBase64Url('ab+/')).toBeNull();
    expect(fromBase64Url('a')).toBeNull();
  });

  it('writes no padding, and encodes only the bytes a view covers', () => {
    expect(toBase64Url(new TextEncoder().encode('/free-quote?service=x'))).toBe('L2ZyZWUtcXVvdGU_c2VydmljZT14');
    const view = new Uint8Array([9, 250, 251, 252, 9]).subarray(1, 4);
    expect(toBase64Url(view)).toBe('-vv8');
    expect(fromBase64Url('-vv8')).toEqual(new Uint8Array([250, 251, 252]));
  });
});

// Sessions live in D1 now: test/worker/admin-sessions.test.ts.

describe('adminToken', () => {
  it('opens the admin only with a token of 16 characters or more', () => {
    expect(adminToken({ ADMIN_TOKEN: undefined })).toBeNull();
    expect(adminToken({ ADMIN_TOKEN: '  short  ' })).toBeNull();
    expect(adminToken({ ADMIN_TOKEN: ` ${TOKEN} ` })).toBe(TOKEN);
  });
});

describe('the in-memory sign-in limit', () => {
  it('allows 5 attempts a minute per key, then refuses until the window ends', () => {
    const limiter = new MemoryLimiter(5, 60_000);
    const t = 1_000_000;
    for (let i = 0; i < 5; i++) expect(limiter.take('ip-a', t + i)).toBe(true);
    expect(limiter.take('ip-a', t + 10)).toBe(false);
    expect(limiter.take('ip-b', t + 10)).toBe(true);
    expect(limiter.take('ip-a', t + 60_000)).toBe(true);
  });

  it('forgets old windows so memory stays bounded', () => {
    const limiter = new MemoryLimiter(1, 1000);
    for (let i = 0; i < 5000; i++) limiter.take(`ip-${i}`, i);
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThanOrEqual(1000);
  });
});
