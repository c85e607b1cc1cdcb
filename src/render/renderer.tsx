import { reactRenderer } from '@hono/react-renderer';
import type { Context, MiddlewareHandler } from 'hono';
import type { ReactNode } from 'react';
import type { IslandName } from '../../client/island-names';
import { IslandsContext } from '../components/Island';
import { KeepWorkContext } from '../components/KeptPerRevision';
import { CONTENT_EXPIRES_HEADER, CONTENT_REVISION_HEADER } from '../http/cache-control';
import { errorText, log } from '../log';
import { ContentContext } from '../site-content/context';
import type { ContentView } from '../site-content/view';
import { Document, EmbedDocument } from './Document';
import type { PageMeta } from './meta';

/**
 * Every page renders through `c.render(<Page />, meta)` (hono's renderer, @hono/react-renderer),
 * streamed with react-dom's renderToReadableStream. The second argument is the page's PageMeta,
 * typed here through the renderer's Props, and <Head> turns it into tags.
 *
 * A route that answers with another status says so first (`c.status(404)`). Whether a page may
 * be kept is its route's declaration (publicCaching, applied by declaredCaching), not the
 * renderer's.
 */
declare module '@hono/react-renderer' {
  interface Props extends PageMeta {}
}

/** Every rendered document collects the islands it uses, so IslandScripts knows what to load. */
const collectingIslands = (document: ReactNode) => (
  <IslandsContext.Provider value={new Set<IslandName>()}>{document}</IslandsContext.Provider>
);

/** A whole page, rendered from one content revision. */
export const documentFor = (page: ReactNode, meta: PageMeta, origin: string, content: ContentView) => (
  <ContentContext.Provider value={content}>
    {collectingIslands(
      <Document meta={meta} origin={origin}>
        {page}
      </Document>,
    )}
  </ContentContext.Provider>
);

const streaming = {
  stream: { 'Content-Type': 'text/html; charset=utf-8' },
  readableStreamOptions: { onError: (error: unknown) => log.error('render error', { error: errorText(error) }) },
};

/** Reads the meta back out of the renderer's props (it adds the context and a Layout). */
function metaOf(props: Record<string, unknown>): PageMeta {
  const { c: _c, children: _children, Layout: _layout, ...meta } = props;
  return meta as unknown as PageMeta;
}

/** Which content revision a page shows, and until when (a notice starts or ends, a new year begins): for the page cache. */
function contentHeaders(c: Context): void {
  const content = c.var.content as ContentView;
  c.header(CONTENT_REVISION_HEADER, String(content.revision));
  c.header(CONTENT_EXPIRES_HEADER, String(content.changesAt));
}

/** The request's waitUntil, for work a page's render leaves that must end with the request (KeptPerRevision). */
function keepWorkOf(c: Context): ((work: Promise<unknown>) => void) | null {
  try {
    const ctx = c.executionCtx;
    return (work) => ctx.waitUntil(work);
  } catch {
    // No execution context (hono's getter throws): nothing is kept.
    return null;
  }
}

/** The site's pages: the shared document with header, footer and <Head>. */
export const pageRenderer: MiddlewareHandler = reactRenderer(({ c, children, ...props }) => {
  const meta = metaOf(props);
  contentHeaders(c);
  return (
    <KeepWorkContext.Provider value={keepWorkOf(c)}>
      {documentFor(children, meta, c.env.SITE_ORIGIN, c.var.content)}
    </KeepWorkContext.Provider>
  );
}, streaming);

/** A bare document for an iframe of our own pages (the live map): public, never indexed. */
export const embedRenderer: MiddlewareHandler = reactRenderer(({ c, children, ...props }) => {
  const meta = metaOf(props);
  contentHeaders(c);
  c.header('X-Robots-Tag', 'noindex');
  return (
    <ContentContext.Provider value={c.var.content}>
      {collectingIslands(<EmbedDocument title={meta.title}>{children}</EmbedDocument>)}
    </ContentContext.Provider>
  );
}, streaming);
