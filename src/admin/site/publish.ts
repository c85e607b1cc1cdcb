import { d1Database } from '../../db/client';
import { insertRevision } from '../../db/content-revisions';
import { log } from '../../log';
import type { SiteContent } from '../../site-content/model';
import { tookRevision } from '../../site-content/revision';
import { audit } from '../audit/audit';
import type { Ctx } from './context';
import type { Form } from './forms';

/** A save: the whole content as a new revision, shown by this isolate from the next request on. */
export async function publish(c: Ctx, content: SiteContent, summary: string): Promise<number> {
  const id = await insertRevision(d1Database(c.env), { content, summary, author: c.var.person.name, now: Date.now() });
  tookRevision(id, content);
  log.info('site content published', { revision: id, summary });
  await audit(c, summary.startsWith('Restored') ? 'site-restored' : 'site-saved', 'content-revision', id);
  return id;
}

/** A form post's text fields. */
export async function formOf(c: Ctx): Promise<Form> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
