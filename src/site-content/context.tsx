import { createContext, useContext } from 'react';
import type { ContentView } from './view';

/** The content revision a page is rendered from; the page renderer provides it. */
export const ContentContext = createContext<ContentView | null>(null);

export function useContent(): ContentView {
  const content = useContext(ContentContext);
  if (!content) throw new Error('A page rendered without its content revision');
  return content;
}

/** The business facts of the current revision, with their links worked out. */
export const useSite = () => useContent().site;
