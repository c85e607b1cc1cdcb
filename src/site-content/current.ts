import { defaultContent } from './defaults';
import type { SiteContent } from './model';
import { currentRevision } from './revision';
import { type ContentView, viewOf } from './view';

let view: ContentView | undefined;

/**
 * The content view for a request: the current revision, with the notices showing now. Made again
 * only when the revision changed or a notice started or ended since.
 */
export async function currentContent(env: { DB: D1Database }, now = Date.now()): Promise<ContentView> {
  const { id, content } = await currentRevision(env, now);
  if (view && view.revision === id && (view.changesAt === undefined || now < view.changesAt)) return view;
  view = viewOf(id, content ?? defaultContent(), now);
  return view;
}

/** The content a revision holds, defaults for 0: what an editor starts from. */
export async function currentSiteContent(env: { DB: D1Database }): Promise<{ id: number; content: SiteContent }> {
  const { id, content } = await currentRevision(env);
  return { id, content: structuredClone(content ?? defaultContent()) };
}
