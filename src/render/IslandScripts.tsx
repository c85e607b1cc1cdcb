import { useContext } from 'react';
import { IslandsContext } from '../components/Island';
import { manifest } from '../generated/manifest';

/**
 * Rendered last in <body>. A page without islands gets no script. A page with islands gets only
 * the few-hundred-byte starter (client/lazy.ts), which fetches the client entry, React and the
 * page's islands after the page has loaded, or as soon as the visitor uses an island. No preload
 * hints: a browser with JavaScript off fetches nothing, and the first paint does not share the
 * line with React.
 */
export function IslandScripts() {
  const used = useContext(IslandsContext);
  if (!used || used.size === 0) return null;
  return <script type="module" src={manifest.lazy} />;
}
