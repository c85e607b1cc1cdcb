import { buttonClass } from '../../components/button';
import type { Lead } from '../../db/schema';
import { ActionForm } from './ActionForm';
import { FieldError, type FormError } from './form-error';
import { leadPath } from './paths';

/** A note holds what a person needs on the day (access, what was agreed), not an essay. */
export const NOTE_MAX_CHARS = 2000;

/** A note on the lead: added to its timeline with the time. */
export function NoteForm({ lead, csrf, error }: { lead: Lead; csrf: string; error?: FormError }) {
  const mine = error?.target === 'note';
  return (
    <ActionForm action={`${leadPath(lead.id)}/notes`} csrf={csrf} back={leadPath(lead.id)}>
      <label className="lead-form__label" htmlFor="note">
        Add a note
      </label>
      <textarea
        id="note"
        name="note"
        rows={3}
        maxLength={NOTE_MAX_CHARS}
        className="lead-form__input"
        defaultValue={mine ? (error.values.note ?? '') : ''}
        aria-describedby={mine ? 'note-error' : undefined}
      />
      {mine && <FieldError id="note-error" message={error.message} />}
      <button type="submit" className={buttonClass('outline', 'sm')}>
        Add note
      </button>
    </ActionForm>
  );
}
