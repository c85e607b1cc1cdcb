import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './request-body';

/**
 * A real HTTP server on 127.0.0.1 standing in for a push service (FCM, Mozilla's, Apple's). Each
 * device the tests invent has its own address, /push/<device>, and its own answer:
 *   accept -> 201, gone -> 410, missing -> 404, busy -> 429, down -> 503
 *   POST /__mode {"device": "...", "mode": ...}  sets a device's answer (default accept)
 *   GET  /__received?device=...                  every push that device was sent, oldest first
 *   POST /__reset                                forget every mode and push
 * A push is kept as it arrived: its headers and its body (base64), still encrypted, so the tests
 * decrypt it with the device's private key as a browser would (test/support/web-push-decrypt.ts).
 */
export type PushMode = 'accept' | 'gone' | 'missing' | 'busy' | 'down';

export interface ReceivedPush {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  at: number;
}

const STATUS: Record<PushMode, number> = { accept: 201, gone: 410, missing: 404, busy: 429, down: 503 };

export async function startPushServer(): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const modes = new Map<string, PushMode>();
  const received = new Map<string, ReceivedPush[]>();
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/__mode' && req.method === 'POST') {
      const { device, mode } = JSON.parse(body.toString('utf8')) as { device: string; mode: PushMode };
      modes.set(device, mode);
      return json(200, { device, mode });
    }
    if (url.pathname === '/__reset' && req.method === 'POST') {
      modes.clear();
      received.clear();
      return json(200, { ok: true });
    }
    if (url.pathname === '/__received' && req.method === 'GET')
      return json(200, received.get(url.searchParams.get('device') ?? '') ?? []);
    const device = /^\/push\/([\w-]{1,100})$/.exec(url.pathname)?.[1];
    if (device && req.method === 'POST') {
      const list = received.get(device) ?? [];
      list.push({ headers: req.headers, body: body.toString('base64'), at: Date.now() });
      received.set(device, list);
      res.writeHead(STATUS[modes.get(device) ?? 'accept']);
      return res.end();
    }
    json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
