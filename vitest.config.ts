import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const migrations = path.join(import.meta.dirname, 'migrations');

// Unit tests that read what the build writes: dist/ (the split Worker) or src/generated/ (the
// asset manifest and the icons' markup, imported by the components they test). A new test that
// needs either goes here too, or `npm run test:unit` fails on a fresh clone.
const afterBuild = [
  'test/unit/deploy-bundle.test.ts',
  'test/unit/worker-modules.test.ts',
  'test/unit/icons.test.tsx',
  'test/unit/islands.test.tsx',
  'test/unit/jsonld.test.ts',
  'test/unit/map.test.tsx',
  'test/unit/site-content-clean-text.test.ts',
  'test/unit/kept-per-revision.test.tsx',
];

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        // Pure logic, content invariants, pages rendered to strings: plain Node, no build needed
        // (a fresh clone runs it as is).
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          exclude: afterBuild,
          environment: 'node',
          setupFiles: ['test/support/console-guard.ts'],
        },
        esbuild: { jsx: 'automatic' },
      },
      {
        // The same kind of tests, on what `npm run build` writes: `npm test` builds first.
        test: {
          name: 'build',
          include: afterBuild,
          environment: 'node',
          setupFiles: ['test/support/console-guard.ts'],
        },
        esbuild: { jsx: 'automatic' },
      },
      {
        // The Worker inside workerd with a real, migrated local D1 (exports.default.fetch from cloudflare:workers).
        plugins: [
          cloudflareTest(async ({ inject }) => ({
            // The source itself, not the split modules of dist/worker/ that wrangler.jsonc's `main`
            // names: vitest loads each source file as a module of its own, on first import, so the
            // tests see edits without a build. test/unit/worker-modules.test.ts runs the split build.
            main: './src/index.ts',
            wrangler: { configPath: './wrangler.jsonc' },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(migrations),
                MAILCHANNELS_API_URL: inject<string>('mailServerUrl'),
                MAILCHANNELS_API_KEY: 'test-key',
                // The 'hang' tests wait this long for the stand-in mail server, not the real 8 s.
                MAILCHANNELS_TIMEOUT_MS: '1000',
                FORM_SIGNING_SECRET: 'test-signing-secret',
                // Off in the worker tests but the ones that switch it on for their own saves
                // (site-content.test.ts): here each source file is a module loaded on first import,
                // and a page module first imported by a save's work after its answer leaves the next
                // test's request waiting on it forever. Deployed and under wrangler dev, modules are
                // part of the upload and it is on.
                KEEP_ON_SAVE: 'off',
                ADMIN_TOKEN: 'test-admin-token-0123456789',
                // Alerts (src/push/): this run's VAPID pair, and the stand-in push service on 127.0.0.1.
                VAPID_PUBLIC_KEY: inject<string>('vapidPublicKey'),
                VAPID_PRIVATE_KEY: inject<string>('vapidPrivateKey'),
                PUSH_ALLOW_LOOPBACK: 'on',
                PUSH_TIMEOUT_MS: '1000',
                PUSH_SERVER_URL: inject<string>('pushServerUrl'),
                // Card payments (src/payments/): the stand-in Stripe API on 127.0.0.1 and test secrets.
                STRIPE_API_BASE: inject<string>('stripeServerUrl'),
                STRIPE_SECRET_KEY: 'sk_test_stand_in',
                STRIPE_WEBHOOK_SECRET: 'whsec_test_stand_in',
                // How many random histories the ledger test plays (test/worker/money-ledger.test.ts).
                LEDGER_HISTORIES: process.env.LEDGER_HISTORIES ?? '60',
                LEDGER_FROM: process.env.LEDGER_FROM ?? '0',
              },
            },
          })),
        ],
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.{ts,tsx}'],
          // vitest's 5 s and 10 s unless WORKER_TEST_TIMEOUT_MS says more: on a machine busy with
          // other work, a file's first requests load the source module by module and take longer.
          ...(process.env.WORKER_TEST_TIMEOUT_MS
            ? { testTimeout: Number(process.env.WORKER_TEST_TIMEOUT_MS), hookTimeout: Number(process.env.WORKER_TEST_TIMEOUT_MS) }
            : {}),
          globalSetup: [
            'test/support/mail-server-setup.ts',
            'test/support/push-server-setup.ts',
            'test/support/stripe-server-setup.ts',
          ],
          setupFiles: ['test/support/console-guard.ts', 'test/worker/apply-migrations.ts'],
        },
      },
      {
        // A real Chromium against `wrangler dev`, started and stopped by the global setup.
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
