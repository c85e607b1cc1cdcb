import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { allLogText, takeLogs } from '../support/console-guard';

describe('the request log', () => {
  it('writes one structured info line per request, from the page cache too, with personal data masked', async () => {
    await exports.default.fetch(`${env.SITE_ORIGIN}/faq`);
    await exports.default.fetch(`${env.SITE_ORIGIN}/faq`);
    await exports.default.fetch(`${env.SITE_ORIGIN}/call/07700900456?email=jane@example.com`);
    const lines = takeLogs('info', 'request');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ level: 'info', method: 'GET', path: '/faq', status: 200 });
    expect(lines[1]).toMatchObject({ path: '/faq', status: 200 });
    expect(lines[2]).toMatchObject({ path: '/call/[phone]', status: 404 });
    expect(allLogText()).not.toContain('jane');
    expect(allLogText()).not.toContain('07700900456');
    for (const line of lines) expect(typeof line.ms).toBe('number');
  });
});
