// The VAPID key pair for alerts on the owner's phone (src/push/config.ts): a P-256 key made with
// WebCrypto, as the Worker's secrets hold it (the public point and the private scalar, base64url).
//
//   node scripts/vapid-keys.mjs          prints a new pair, for `npx wrangler secret put` (README)
//   node scripts/vapid-keys.mjs --dev    adds a pair to .dev.vars when it has none (`npm run dev` runs this)
//
// Keep one pair for good: browsers subscribed with the public key, so a new pair means every
// device must turn alerts on again.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const toBase64Url = (bytes) => Buffer.from(bytes).toString('base64url');

async function makePair() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
  const publicKey = toBase64Url(await crypto.subtle.exportKey('raw', pair.publicKey));
  const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
  return { publicKey, privateKey: d };
}

if (process.argv.includes('--dev')) {
  const file = path.resolve(import.meta.dirname, '..', '.dev.vars');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (/^VAPID_PUBLIC_KEY=\S/m.test(current) && /^VAPID_PRIVATE_KEY=\S/m.test(current)) process.exit(0);
  const { publicKey, privateKey } = await makePair();
  const kept = current.replace(/^VAPID_(?:PUBLIC|PRIVATE)_KEY=.*\n?/gm, '');
  const lines = `# Made by scripts/vapid-keys.mjs for local alerts; production has its own pair (README).\nVAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}\n`;
  writeFileSync(file, `${kept}${kept && !kept.endsWith('\n') ? '\n' : ''}${lines}`, { mode: 0o600 });
  console.log('.dev.vars: a local VAPID key pair for alerts was added');
} else {
  const { publicKey, privateKey } = await makePair();
  console.log(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}`);
}
