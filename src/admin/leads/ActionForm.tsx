import type { ReactNode } from 'react';
import type { Lead } from '../../db/schema';
import { leadVersion, VERSION_FIELD } from '../../rules/lead-version';
import { CSRF_FIELD } from '../auth/session';

/** A one-button form on a lead card: the CSRF token, where to come back to, and for a change of the lead the version it was read from. */
export function ActionForm({
  action,
  csrf,
  back,
  readFrom,
  children,
}: {
  action: string;
  csrf: string;
  back: string;
  /** The lead this form changes: a form read from an older version of it changes nothing. */
  readFrom?: Pick<Lead, 'stateChange'>;
  children: ReactNode;
}) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name="back" value={back} />
      {readFrom && <input type="hidden" name={VERSION_FIELD} value={leadVersion(readFrom)} />}
      {children}
    </form>
  );
}
