// wrangler.jsonc's `build.command`: wrangler runs it before every command that bundles the Worker,
// and says which in WRANGLER_COMMAND. Uploads (`deploy`, `versions upload`) are let through only
// from `npm run deploy`, which uploads what `npm run build` made: the two-pass bundle in
// dist/worker/ (scripts/worker-bundle.mjs says why it starts faster) and the pages built with it,
// after the D1 migrations. A plain `wrangler deploy` would upload wrangler's own one-pass bundle of
// src/index.ts beside pages from whatever build ran last, so it stops here and says what to run.
// Everything else (dev, types) and the build's own first pass (`wrangler deploy --dry-run`,
// marked by WORKER_BUNDLE_FIRST_PASS) goes on. Plain Node, no imports: it runs on any Node.

const UPLOADS = ['deploy', 'versions upload'];
const command = process.env.WRANGLER_COMMAND || '';
const fromNpmDeploy = process.env.npm_lifecycle_event === 'deploy';
const firstPass = process.env.WORKER_BUNDLE_FIRST_PASS === '1';

if (UPLOADS.includes(command) && !fromNpmDeploy && !firstPass) {
  process.stderr.write(
    [
      '',
      `Stopped: a plain \`wrangler ${command}\` would upload the wrong Worker.`,
      'Deploy with `npm run deploy`: it builds the Worker in two passes (a faster cold start) and the',
      'pages built with it, applies the D1 migrations to the remote database, then uploads',
      'dist/worker/index.js. A plain wrangler upload would send its one-pass bundle of src/index.ts',
      'beside pages from whatever build ran last.',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
