import { useContext } from 'react';
import { IslandsContext } from '../../components/Island';
import { manifest } from '../../generated/manifest';

/**
 * Rendered last in the admin's <body>: a page with islands (the post editor, the picture
 * pickers) loads the client entry at once, which hydrates them, each from its own chunk. Only
 * the admin document renders this, so the admin's islands never load on a public page. No lazy
 * start here: the owner is about to type, drop or paste, and the plain form works until then.
 */
export function AdminScripts() {
  const used = useContext(IslandsContext);
  if (!used || used.size === 0) return null;
  // The admin islands' list is fetched by main once it sees an admin island: preloaded, it comes with main.
  return (
    <>
      <link rel="modulepreload" href={manifest.adminIslands} />
      <script type="module" src={manifest.main} />
    </>
  );
}
