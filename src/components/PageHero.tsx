import type { ReactNode } from 'react';

/** The coloured band at the top of every inner page: an optional link back, the h1 and a lead. */
export function PageHero({
  title,
  lead,
  before,
  children,
}: {
  title: string;
  lead?: string;
  /** Shown above the heading, e.g. a 'Back to Services' link. */
  before?: ReactNode;
  /** Calls to action under the lead. */
  children?: ReactNode;
}) {
  return (
    <section className="page-hero">
      <div className="container">
        {before}
        <h1 className="page-hero__title">{title}</h1>
        {lead && <p className="page-hero__lead">{lead}</p>}
        {children && <div className="page-hero__actions">{children}</div>}
      </div>
    </section>
  );
}
