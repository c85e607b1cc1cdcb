import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { jpegBytes } from '../support/image-bytes';
import { request, type Session } from './admin-helpers';

/** Shared by the picture tests: multipart posts with files, and what the bucket and the media table hold. */

export const file = (bytes: Uint8Array<ArrayBuffer> | string, name: string, type = 'image/jpeg') =>
  new File([bytes], name, { type });

/** A JPEG the size of a phone photo's headers, different bytes every call. */
export const photo = (width = 1600, height = 1200, name = 'IMG_0001.jpg') => file(jpegBytes(width, height), name);

export function postMultipart(session: Session, path: string, fields: Record<string, string | File>, csrf = session.csrf) {
  const body = new FormData();
  body.set('_csrf', csrf);
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return request(path, { cookie: session.cookie, body, headers: { Accept: 'application/json' } });
}

export async function storedKeys(prefix = ''): Promise<string[]> {
  const listed = await env.MEDIA.list({ prefix });
  return listed.objects.map((object) => object.key).sort();
}

async function mediaRows(): Promise<Record<string, unknown>[]> {
  return (await env.DB.prepare('SELECT * FROM media ORDER BY key').all()).results;
}

/** Runs `act` and checks it left the bucket and the media table as they were. */
export async function expectNothingStored(act: () => Promise<void>) {
  const [keys, rows] = [await storedKeys(), await mediaRows()];
  await act();
  expect(await storedKeys()).toEqual(keys);
  expect(await mediaRows()).toEqual(rows);
}

export interface UploadAnswer {
  created: boolean;
  url: string;
  markdown: string;
  html: string;
  width: number;
  height: number;
}
