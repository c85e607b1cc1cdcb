import type { ReactNode } from 'react';

/** The centred heading and lead that opens a page section; `id` labels the section. */
export function SectionHeader({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="section__header">
      <h2 id={id}>{title}</h2>
      {children && <p>{children}</p>}
    </div>
  );
}
