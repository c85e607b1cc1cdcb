import type { TestProject } from 'vitest/node';
import { startPushServer } from './push-server';
import { makeVapidKeys } from './web-push-decrypt';

declare module 'vitest' {
  export interface ProvidedContext {
    pushServerUrl: string;
    vapidPublicKey: string;
    vapidPrivateKey: string;
  }
}

/** Starts the stand-in push service for the Worker tests, and makes this run's VAPID key pair (Worker secrets). */
export default async function setup(project: TestProject) {
  const push = await startPushServer();
  const vapid = await makeVapidKeys();
  project.provide('pushServerUrl', push.url);
  project.provide('vapidPublicKey', vapid.publicKey);
  project.provide('vapidPrivateKey', vapid.privateKey);
  return () => push.close();
}
