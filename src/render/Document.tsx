import type { ReactNode } from 'react';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { Head } from './Head';
import { IslandScripts } from './IslandScripts';
import type { PageMeta } from './meta';

/** The whole HTML document: one <Head>, the shared header and footer, the page in <main>. */
export function Document({ meta, origin, children }: { meta: PageMeta; origin: string; children: ReactNode }) {
  return (
    <html lang="en-GB">
      <Head meta={meta} origin={origin} />
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header path={meta.path} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
        <IslandScripts />
      </body>
    </html>
  );
}
