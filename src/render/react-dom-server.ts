import type * as ServerEdge from 'react-dom/server.edge';

/**
 * What the Worker's bundle gets for `react-dom/server` and `react-dom/server.edge`
 * (wrangler.jsonc `alias`): the streaming renderer alone. react-dom's own server.edge entry also
 * requires its legacy string renderer (263 KB) for renderToString, which nothing in the Worker
 * calls: every page and admin screen streams.
 *
 * The build picks the same flavour as React itself (wrangler defines process.env.NODE_ENV:
 * production for deploy, development under wrangler dev, where the JSX runtime is React's
 * development build and needs the matching renderer); the other branch is dropped, require and all.
 */
declare const require: (id: string) => unknown;

const edge = (
  process.env.NODE_ENV === 'production'
    ? require('../../node_modules/react-dom/cjs/react-dom-server.edge.production.js')
    : require('../../node_modules/react-dom/cjs/react-dom-server.edge.development.js')
) as typeof ServerEdge;

export const renderToReadableStream: typeof ServerEdge.renderToReadableStream = edge.renderToReadableStream;
export const version: string = edge.version;

/** Kept for libraries that import it; the Worker never renders to a string. */
export function renderToString(): never {
  throw new Error('renderToString is not in the Worker bundle: render with renderToReadableStream');
}
/** @alias of renderToString, the other name react-dom gives it */
export const renderToStaticMarkup = renderToString;
