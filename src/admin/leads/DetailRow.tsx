import type { ReactNode } from 'react';

/** One term of a lead's details list, left out when the lead has nothing for it. */
export function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
