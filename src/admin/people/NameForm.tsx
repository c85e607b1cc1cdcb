import { buttonClass } from '../../components/button';
import { CSRF_FIELD } from '../auth/session';

/** The field that carries the name the form was read with: the rename's version (renamePerson). */
export const WAS_FIELD = 'was';

/**
 * A person's name, changed in place: the owner's for anyone on People, and everyone's own on
 * Devices. `label` says whose it is.
 */
export function NameForm({
  csrf,
  action,
  id,
  label,
  name,
}: {
  csrf: string;
  action: string;
  id: string;
  label: string;
  name: string;
}) {
  return (
    <form method="post" action={action} className="admin-person-role admin-person-name">
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name={WAS_FIELD} value={name} />
      <label htmlFor={id}>{label}</label>
      <input className="lead-form__control" id={id} name="name" defaultValue={name} maxLength={80} required autoComplete="off" />
      <button type="submit" className={buttonClass('outline', 'sm')}>
        Rename
      </button>
    </form>
  );
}
