import type { TestProject } from 'vitest/node';
import { startMailServer } from './mail-server';

declare module 'vitest' {
  export interface ProvidedContext {
    mailServerUrl: string;
  }
}

/** Starts the stand-in MailChannels server for the Worker tests; its URL is a Worker var. */
export default async function setup(project: TestProject) {
  const mail = await startMailServer();
  project.provide('mailServerUrl', mail.url);
  return () => mail.close();
}
