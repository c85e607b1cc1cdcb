import { createElement, type ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';

/** Each block's HTML, by id, once this isolate has rendered it. */
const kept = new Map<string, string>();
/** When each block's render to keep began (Date.now()). */
const rendering = new Map<string, number>();
/**
 * A render to keep that has not finished in this long is tried again: it runs beside the page's
 * own render, and if the request that started it ended first, the runtime may never finish it.
 */
const RETRY_AFTER_MS = 10_000;

async function keep(id: string, children: ReactNode): Promise<void> {
  try {
    const stream = await renderToReadableStream(children, { onError: () => {} });
    await stream.allReady;
    kept.set(id, await new Response(stream).text());
  } catch {
    // Rendered with the page again next time, and tried again.
  } finally {
    rendering.delete(id);
  }
}

/**
 * An element whose content is the same on every request of a deploy (a section of services,
 * reviews or areas: content and links only, nothing from the request or the clock). The first
 * page that shows it renders it as usual, and the same content is rendered to HTML beside it;
 * from then on this isolate sends that HTML, so a page's render no longer walks those elements
 * one by one. The markup is the same either way: React renders both.
 */
export function Prerendered({
  id,
  as = 'div',
  className,
  children,
}: {
  /** Names this content: one id, one content. */
  id: string;
  as?: 'div' | 'ul';
  className?: string;
  children: ReactNode;
}) {
  const html = kept.get(id);
  if (html !== undefined) return createElement(as, { className, dangerouslySetInnerHTML: { __html: html } });
  const started = rendering.get(id);
  if (started === undefined || Date.now() - started > RETRY_AFTER_MS) {
    rendering.set(id, Date.now());
    void keep(id, children);
  }
  return createElement(as, { className }, children);
}
