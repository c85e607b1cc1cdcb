import type * as ServerEdge from 'react-dom/server.edge';
// @ts-expect-error react-dom ships no types for its CommonJS builds; the signature comes from server.edge below.
import * as edge from '../../node_modules/react-dom/cjs/react-dom-server.edge.production.js';

/**
 * What the Worker's bundle gets for `react-dom/server` and `react-dom/server.edge`
 * (wrangler.toml [alias]): the streaming renderer alone. react-dom's own server.edge entry also
 * requires its legacy string renderer (263 KB) for renderToString, which nothing in the Worker
 * calls: every page and admin screen streams. Always the production build, as deployed.
 */
export const renderToReadableStream: typeof ServerEdge.renderToReadableStream = edge.renderToReadableStream;
export const version: string = edge.version;

/** Kept for libraries that import it; the Worker never renders to a string. */
export function renderToString(): never {
  throw new Error('renderToString is not in the Worker bundle: render with renderToReadableStream');
}
export const renderToStaticMarkup = renderToString;
