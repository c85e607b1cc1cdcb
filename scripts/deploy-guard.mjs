// The first half of wrangler.jsonc's `build.command`: wrangler runs it before every command that
// serves or uploads the Worker, and says which in WRANGLER_COMMAND. Uploads (`deploy`, `versions
// upload`) are let through only from `npm run deploy`, which first runs `npm run build` (the
// client bundles and the pages built with the deploy, which a new isolate answers from) and
// applies the D1 migrations to the remote database. A plain `wrangler deploy` would upload the
// Worker beside pages from whatever build ran last, before its migrations, so it stops here and
// says what to run. Everything else (dev, types) goes on. Plain Node, no imports: it runs on any Node.

const UPLOADS = ['deploy', 'versions upload'];
const command = process.env.WRANGLER_COMMAND || '';
const fromNpmDeploy = process.env.npm_lifecycle_event === 'deploy';

if (UPLOADS.includes(command) && !fromNpmDeploy) {
  process.stderr.write(
    [
      '',
      `Stopped: a plain \`wrangler ${command}\` would upload the wrong Worker.`,
      'Deploy with `npm run deploy`: it builds the client bundles and the pages built with the',
      'Worker, applies the D1 migrations to the remote database, then uploads the Worker modules',
      'in dist/worker/. A plain wrangler upload would send them beside pages from whatever build ran',
      'last, before the migrations they need.',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
