import type { ReactNode } from 'react';

/**
 * One of the customer's invoices or credit notes on a page of its own under their link, to read,
 * print or save as a PDF with the browser's own Print (no script: a public page runs none).
 * The site's print rules leave the header, menus and call bar off the paper.
 */
export function CustomerDocumentPage({ path, children }: { path: string; children: ReactNode }) {
  return (
    <section className="section">
      <div className="container request-page">
        <p className="no-print">
          <a href={path}>Back to your page</a>
        </p>
        {children}
        <p className="no-print">To print it or save it as a PDF, use your browser's Print.</p>
      </div>
    </section>
  );
}
