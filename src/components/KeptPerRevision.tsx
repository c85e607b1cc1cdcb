import { cloneElement, createContext, type ReactElement, type ReactNode, useContext } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import type { IslandName } from '../../client/island-names';
import { ContentContext, useContent } from '../site-content/context';
import type { ContentView } from '../site-content/view';
import { IslandsContext } from './Island';

/**
 * Where a page's render hands work that must finish with its request (the Worker's
 * `ctx.waitUntil`, given by the renderer): the render kept for the next pages. Without it (no
 * request to hand it to), nothing is kept and every page renders its sections itself.
 */
export const KeepWorkContext = createContext<((work: Promise<unknown>) => void) | null>(null);

/**
 * A keep still unfinished after this long is taken as lost (its request was cancelled before its
 * work ended) and started again by the next page.
 */
const RETRY_AFTER_MS = 5_000;

type Kept = { html: string } | { startedAt: number } | { unkeepable: true };

/** Each content revision's kept markup, by id: dropped with the revision's view when a newer one replaces it. */
const keptByRevision = new WeakMap<ContentView, Map<string, Kept>>();

/** The element's own tag, its attributes as React writes them, its inner HTML, and its end tag. */
const innerOf = (html: string, tag: string): string | undefined => {
  const end = `</${tag}>`;
  // Anything before the element (a resource hint React hoists when there is no <head>) would be
  // lost from the page: such an element is rendered with each page instead.
  if (!html.startsWith(`<${tag}`) || !html.endsWith(end)) return undefined;
  return html.slice(html.indexOf('>') + 1, -end.length);
};

async function keep(kept: Map<string, Kept>, id: string, content: ContentView, element: ReactElement): Promise<void> {
  const islands = new Set<IslandName>();
  try {
    const stream = await renderToReadableStream(
      <ContentContext.Provider value={content}>
        <IslandsContext.Provider value={islands}>{element}</IslandsContext.Provider>
      </ContentContext.Provider>,
      // The page's own render of the same element reports the error.
      { onError: () => {} },
    );
    await stream.allReady;
    const inner = innerOf(await new Response(stream).text(), element.type as string);
    // An island must be counted by the page's render, which decides the page's scripts.
    kept.set(id, inner === undefined || islands.size > 0 ? { unkeepable: true } : { html: inner });
  } catch {
    kept.set(id, { unkeepable: true });
  }
}

/** An HTML element that can be sent with its inner HTML instead of its children. */
type HostElement = ReactElement<{ children?: ReactNode; dangerouslySetInnerHTML?: { __html: string } }>;

/**
 * One element (a page section's container) whose content depends on the content revision alone:
 * nothing from the request, the visitor or the clock. The first page of a revision that shows it
 * renders it as usual, and hands its request one more render of the same element, to HTML kept
 * for the revision (the request's waitUntil: it ends before the request does, never after it, so
 * no later request meets work another left running). From then on this isolate sends the element
 * with that HTML inside, so a page's render no longer walks those elements one by one (React's
 * renderer encodes every attribute and text on its own: Home's sections are most of the site's
 * largest render). The bytes are the same either way: React renders both. `id` names the
 * content: one id, one markup per revision.
 */
export function KeptPerRevision({ id, children }: { id: string; children: HostElement }) {
  const content = useContent();
  const keepWork = useContext(KeepWorkContext);
  if (typeof children.type !== 'string') throw new Error(`KeptPerRevision ${id}: its child must be an HTML element`);
  let kept = keptByRevision.get(content);
  if (!kept) {
    kept = new Map();
    keptByRevision.set(content, kept);
  }
  const found = kept.get(id);
  if (found && 'html' in found) {
    return cloneElement(children, { children: undefined, dangerouslySetInnerHTML: { __html: found.html } });
  }
  // A preview's view (revision -1, the owner's draft) is made for one page: nothing to keep it for.
  const keepable = keepWork !== null && content.revision >= 0;
  if (keepable && (!found || ('startedAt' in found && Date.now() - found.startedAt > RETRY_AFTER_MS))) {
    kept.set(id, { startedAt: Date.now() });
    keepWork?.(keep(kept, id, content, children));
  }
  return children;
}
