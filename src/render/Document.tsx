import type { ReactNode } from 'react';
import { CallBar } from '../components/CallBar';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { NoticeBanner } from '../components/NoticeBanner';
import { Head, InlineStylesheet } from './Head';
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
        <NoticeBanner />
        <Header path={meta.path} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
        <CallBar />
        <IslandScripts />
      </body>
    </html>
  );
}

/**
 * A bare document for an iframe of our own pages (the live map): a title, the stylesheet and the
 * island, nothing to index.
 */
export function EmbedDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="robots" content="noindex, nofollow" />
        <InlineStylesheet />
      </head>
      <body className="embed">
        {children}
        <IslandScripts />
      </body>
    </html>
  );
}
