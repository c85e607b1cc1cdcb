import { env, SELF } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

const requestLines = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map((args) => JSON.parse(String(args[0])) as Record<string, unknown>).filter((line) => line.msg === 'request');

describe('the request log', () => {
  it('writes one structured info line per request, from the page cache too, with personal data masked', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    await SELF.fetch(`${env.SITE_ORIGIN}/faq`);
    await SELF.fetch(`${env.SITE_ORIGIN}/faq`);
    await SELF.fetch(`${env.SITE_ORIGIN}/call/07700900456?email=jane@example.com`);
    const lines = requestLines(info);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ level: 'info', method: 'GET', path: '/faq', status: 200 });
    expect(lines[1]).toMatchObject({ path: '/faq', status: 200 });
    expect(lines[2]).toMatchObject({ path: '/call/[phone]', status: 404 });
    expect(JSON.stringify(lines)).not.toContain('jane');
    for (const line of lines) expect(typeof line.ms).toBe('number');
  });
});
