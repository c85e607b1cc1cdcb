import { readDefaultContent } from './default-asset';
import { asTheLineAllows } from './line-wording';
import { currentRevision } from './revision';
import { type ContentView, viewOf } from './view';

/** What reading the content needs: D1 for the revisions, the assets for the defaults. */
export type ContentEnv = { DB: D1Database; ASSETS: Fetcher };

let view: ContentView | undefined;

/**
 * The content view for a request: the current revision, with the notices showing now. Made again
 * only when the revision changed, or a notice started or ended or a new year began since.
 */
export async function currentContent(env: ContentEnv, now = Date.now()): Promise<ContentView> {
  const { id, content } = await currentRevision(env, now);
  if (view && view.revision === id && now < view.changesAt) return view;
  view = viewOf(id, await asTheLineAllows(env, content ?? (await readDefaultContent(env))), now);
  return view;
}
