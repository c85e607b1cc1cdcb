// wrangler's dev server (the same startWorker that `wrangler dev` runs) with the DevTools
// inspector detached. With the inspector attached, every console call in the Worker is relayed
// over the DevTools protocol to wrangler's Node process; the benchmark measures the server
// without that debugger (and prints the figure with it beside). Started by
// test/support/dev-server.ts; vars arrive as JSON in DEV_SERVER_VARS.
import { unstable_startWorker } from 'wrangler';

const [port, persist] = process.argv.slice(2);
const vars = JSON.parse(process.env.DEV_SERVER_VARS ?? '{}');
const worker = await unstable_startWorker({
  config: 'wrangler.jsonc',
  bindings: Object.fromEntries(Object.entries(vars).map(([k, value]) => [k, { type: 'plain_text', value }])),
  dev: { server: { hostname: '127.0.0.1', port: Number(port) }, inspector: false, persist, logLevel: 'warn', watch: false },
});
await worker.ready;
const stop = async () => {
  await worker.dispose();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
