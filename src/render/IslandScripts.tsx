import { useContext } from 'react';
import { manifest } from '../generated/manifest';
import { IslandsContext } from './Island';

/**
 * Rendered last in <body>. A page without islands gets no script. A page with an island that
 * starts at once (a form) loads the client entry and preloads exactly those islands' chunks. A
 * page whose islands all wait to be seen (the map) gets only the tiny lazy loader; the entry,
 * React and the island's chunk are fetched when the island nears the viewport.
 */
export function IslandScripts() {
  const used = useContext(IslandsContext);
  if (!used || used.size === 0) return null;
  const now = [...used].filter(([, when]) => when === 'load').map(([name]) => name);
  if (now.length === 0) return <script type="module" src={manifest.lazy} />;
  const chunks = new Set<string>(manifest.mainChunks);
  const islands: Record<string, readonly string[]> = manifest.islands;
  for (const name of now) for (const chunk of islands[name] ?? []) chunks.add(chunk);
  return (
    <>
      {[...chunks].map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      <script type="module" src={manifest.main} />
    </>
  );
}
