import type { ReactNode } from 'react';
import { CSRF_FIELD } from '../auth/session';

/** A one-button form on a lead card: the CSRF token, and where to come back to. */
export function ActionForm({
  action,
  csrf,
  back,
  children,
}: {
  action: string;
  csrf: string;
  back: string;
  children: ReactNode;
}) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name="back" value={back} />
      {children}
    </form>
  );
}
