import { describedBy } from '../shell/parts';
import type { EditorErrors } from './editor-errors';
import type { PostFormValues } from './post-form';

/** The attributes every editor control shares: its name and id, its value, and its error and hint wiring. */
export const controlProps = (values: PostFormValues, errors: EditorErrors) => (name: keyof PostFormValues, hint: boolean) => ({
  id: name,
  name,
  className: 'lead-form__control',
  defaultValue: values[name],
  'aria-invalid': errors[name] ? true : undefined,
  'aria-describedby': describedBy(name, hint, Boolean(errors[name])),
});
