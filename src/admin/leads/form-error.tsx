import type { JobStatus } from '../../rules/job-status';

/** A form sent back with a message: which one, the field at fault, and what the owner had typed. */
export interface FormError {
  target: JobStatus | 'note' | 'assign';
  field?: string;
  message: string;
  values: Record<string, string>;
}

/** The message for one field of one form, if that is the one sent back. */
export const errorFor = (error: FormError | undefined, target: FormError['target'], field: string) =>
  error?.target === target && error.field === field ? error.message : undefined;

/** A form's message under the field it is about (or the form), read out when it appears. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="lead-form__error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}
