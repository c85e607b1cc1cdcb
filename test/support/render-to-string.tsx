import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageMeta } from '../../src/render/meta';
import { documentFor } from '../../src/render/renderer';
import { defaultView } from './content';

/** The document the Worker streams, as one string: for unit tests in Node. */
export function renderPageToString(page: ReactNode, meta: PageMeta, origin = 'https://www.example.com'): string {
  return `<!DOCTYPE html>${renderToString(documentFor(page, meta, origin, defaultView))}`;
}
