import type { IncomingMessage } from 'node:http';

/** The whole body of a request to one of the tests' stand-in servers (mail, push, Stripe). */
export const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** The same, as UTF-8 text. */
export const readText = async (req: IncomingMessage) => (await readBody(req)).toString('utf8');
