import type { ContentView } from './view';

/**
 * The owner's unpublished edit, for one request the admin makes to the site itself to preview a
 * page (`renderSitePreview`). Keyed by that Request object, which nothing outside this
 * Worker can create or reach, so no visitor's request can ever be answered from a draft.
 */
const drafts = new WeakMap<Request, ContentView>();

export function previewWith(request: Request, content: ContentView): Request {
  drafts.set(request, content);
  return request;
}

export const previewContentOf = (request: Request): ContentView | undefined => drafts.get(request);
