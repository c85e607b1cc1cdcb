import { env } from 'cloudflare:workers';
import { postForm, type Session } from './admin-helpers';

/** The newest content revision's id (0: none saved yet), as a form read now would carry it. */
export const newestRevision = async () =>
  (await env.DB.prepare('SELECT coalesce(max(id), 0) AS id FROM content_revisions').first<{ id: number }>())!.id;

/** A site content form posted as if read just now: it carries the newest revision. */
export async function postSite(session: Session, path: string, fields: Record<string, string>) {
  return postForm(session, path, { revision: String(await newestRevision()), ...fields });
}
