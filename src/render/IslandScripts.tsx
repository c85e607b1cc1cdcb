import { useContext } from 'react';
import { manifest } from '../generated/manifest';
import { IslandsContext } from './Island';

/**
 * Rendered last in <body>: if any island was rendered above, loads the client entry and
 * preloads exactly the chunks those islands need. A page without islands gets no script.
 */
export function IslandScripts() {
  const used = useContext(IslandsContext);
  if (!used || used.size === 0) return null;
  const chunks = new Set<string>();
  const islands: Record<string, readonly string[]> = manifest.islands;
  for (const name of used) for (const chunk of islands[name] ?? []) chunks.add(chunk);
  return (
    <>
      {[...chunks].map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      <script type="module" src={manifest.main} />
    </>
  );
}
