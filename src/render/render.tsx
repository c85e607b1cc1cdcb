import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server.edge';
import type { IslandName } from '../../client/islands/registry';
import type { AppEnv } from '../env';
import { NO_STORE, PAGE_CACHE } from '../http/cache-control';
import { errorText, log } from '../log';
import { Document, EmbedDocument } from './Document';
import { IslandsContext } from './Island';
import type { PageMeta } from './meta';

export interface RenderOptions {
  status?: number;
  cacheControl?: string;
  headers?: Record<string, string>;
}

/** Every rendered document collects the islands it uses, so IslandScripts knows what to load. */
const collectingIslands = (document: ReactNode) => (
  <IslandsContext.Provider value={new Set<IslandName>()}>{document}</IslandsContext.Provider>
);

const documentFor = (page: ReactNode, meta: PageMeta, origin: string) =>
  collectingIslands(
    <Document meta={meta} origin={origin}>
      {page}
    </Document>,
  );

const onRenderError = (error: unknown) => {
  log.error('render error', { error: errorText(error) });
};

/** Streams a page inside the shared document. Every route renders through this. */
export async function renderPage(
  c: Context<AppEnv>,
  page: ReactNode,
  meta: PageMeta,
  options: RenderOptions = {},
): Promise<Response> {
  const stream = await renderToReadableStream(documentFor(page, meta, c.env.SITE_ORIGIN), { onError: onRenderError });
  const status = options.status ?? 200;
  return new Response(stream, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': options.cacheControl ?? (status === 200 && !meta.noindex ? PAGE_CACHE : NO_STORE),
      ...options.headers,
    },
  });
}

/** A bare document for an iframe of our own pages (EmbedDocument): public, never indexed. */
export async function renderEmbed(body: ReactNode, title: string): Promise<Response> {
  const stream = await renderToReadableStream(collectingIslands(<EmbedDocument title={title}>{body}</EmbedDocument>), {
    onError: onRenderError,
  });
  return new Response(stream, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': PAGE_CACHE, 'X-Robots-Tag': 'noindex' },
  });
}

/** The same document as a string, for unit tests and benchmarks. */
export function renderPageToString(page: ReactNode, meta: PageMeta, origin = 'https://www.example.com'): string {
  return `<!DOCTYPE html>${renderToString(documentFor(page, meta, origin))}`;
}
