import { useContext } from 'react';
import { manifest } from '../generated/manifest';
import { IslandsContext } from './Island';

/**
 * Rendered last in <body>. A page without islands gets no script. A page with an island that
 * starts at once (a form) loads the client entry, which fetches exactly the islands on the page.
 * A page whose islands all wait to be seen (the map) gets only the tiny lazy loader; the entry,
 * React and the island's chunk are fetched when the island nears the viewport. No preload hints:
 * a browser with JavaScript off fetches nothing, and the first paint does not share the line
 * with React.
 */
export function IslandScripts() {
  const used = useContext(IslandsContext);
  if (!used || used.size === 0) return null;
  const now = [...used.values()].some((when) => when === 'load');
  return <script type="module" src={now ? manifest.main : manifest.lazy} />;
}
