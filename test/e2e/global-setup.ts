import type { TestProject } from 'vitest/node';
import { startDevServer } from '../support/dev-server';
import { startMailServer } from '../support/mail-server';
import { E2E_ADMIN_TOKEN } from './admin-fixture';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eMailServerUrl: string;
  }
}

/** One `wrangler dev` for the whole browser run, with e-mail going to a local test server. */
export default async function setup(project: TestProject) {
  const mail = await startMailServer();
  const port = Number(process.env.E2E_PORT ?? 8791);
  const server = await startDevServer({
    name: `e2e-${port}`,
    port,
    vars: {
      MAILCHANNELS_API_URL: mail.url,
      MAILCHANNELS_API_KEY: 'e2e-key',
      FORM_SIGNING_SECRET: 'e2e-signing-secret',
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      // The clock the call-back promise is worked out at: 23:00 UK time on a Wednesday
      // (test/e2e/asap-promise.test.ts). Nothing else reads it; a deployed site ignores it.
      TEST_CLOCK: '2026-11-25T23:00:00Z',
    },
  });
  project.provide('baseUrl', server.url);
  project.provide('e2eMailServerUrl', mail.url);
  return async () => {
    await server.stop();
    await mail.close();
  };
}
