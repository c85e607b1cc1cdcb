import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readText } from './request-body';

/**
 * A real HTTP server on 127.0.0.1 standing in for the MailChannels API. Tests steer it:
 *   POST /__control {"mode": "accept" | "reject" | "throttle" | "fail" | "hang"}
 *   POST /__recipient {"email": "...", "mode": ... | null}  -> a mode for sends to that address
 *        alone (over the global one; null clears it), so one of a lead's e-mails can fail
 *        while the other goes, without touching other tests' mail
 *   GET  /__messages        -> every send request received, oldest first
 *   POST /__reset           -> mode accept, no recipient modes, no messages
 * and the Worker calls POST /tx/v1/send as it would in production.
 */
export type MailMode = 'accept' | 'reject' | 'throttle' | 'fail' | 'hang';

export interface ReceivedMail {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export async function startMailServer(): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  let mode: MailMode = 'accept';
  let received: ReceivedMail[] = [];
  const byRecipient = new Map<string, MailMode>();
  const server = createServer(async (req, res) => {
    const body = await readText(req);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.url === '/__control' && req.method === 'POST') {
      mode = (JSON.parse(body) as { mode: MailMode }).mode;
      return json(200, { mode });
    }
    if (req.url === '/__recipient' && req.method === 'POST') {
      const { email, mode: recipientMode } = JSON.parse(body) as { email: string; mode: MailMode | null };
      if (recipientMode) byRecipient.set(email, recipientMode);
      else byRecipient.delete(email);
      return json(200, { email, mode: recipientMode });
    }
    if (req.url === '/__reset' && req.method === 'POST') {
      mode = 'accept';
      byRecipient.clear();
      received = [];
      return json(200, { ok: true });
    }
    if (req.url === '/__messages' && req.method === 'GET') return json(200, received);
    if (req.url === '/tx/v1/send' && req.method === 'POST') {
      let parsed: unknown = body;
      try {
        parsed = JSON.parse(body);
      } catch {}
      received.push({ headers: req.headers, body: parsed });
      const to = (parsed as { personalizations?: { to?: { email?: string }[] }[] })?.personalizations?.[0]?.to?.[0]?.email;
      switch ((to && byRecipient.get(to)) || mode) {
        case 'accept':
          return json(202, { request_id: `test-${received.length}` });
        case 'reject':
          return json(400, { errors: ['invalid request'] });
        case 'throttle':
          return json(429, { errors: ['too many requests'] });
        case 'fail':
          return json(500, { errors: ['internal error'] });
        case 'hang':
          return; // never answers: the Worker's timeout must fire
      }
    }
    json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
