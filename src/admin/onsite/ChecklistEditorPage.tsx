import type { ReactNode } from 'react';
import { buttonClass } from '../../components/button';
import {
  ANSWER_KINDS,
  CHECKLIST_LIMITS,
  CHOICES_TEXT_MAX,
  type ChecklistRow,
  type RowField,
  type RowProblems,
} from '../../rules/checklist';
import { CSRF_FIELD } from '../auth/session';
import { Notice } from '../shell/MessagePage';

/**
 * One service's checklist written as rows (issue 57), a plain form that works without
 * JavaScript (its contract in `checklist-form.ts`): each row a question, the kind of answer, the
 * choices or the unit where the kind takes them (the other boxes hidden by CSS alone), and
 * whether the customer sees the answer. It carries the version it read: a save from an older
 * reading is refused.
 */

export const ON_SITE_PATH = '/admin/on-site';
export const checklistPath = (slug: string) => `${ON_SITE_PATH}/checklists/${slug}`;

export interface EditorState {
  rows: readonly ChecklistRow[];
  version: number;
  /** What went wrong, above the form (a refusal, a stale save). */
  message?: string;
  /** Per row, what is wrong beside each field. */
  problems?: readonly RowProblems[];
}

function FieldInRow({
  id,
  label,
  hint,
  problem,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  problem?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={['lead-form__field', className, problem ? 'lead-form__field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="lead-form__label" htmlFor={id}>
        {label}
      </label>
      {hint && <p className="lead-form__hint">{hint}</p>}
      {children}
      {problem && (
        <p id={`${id}-error`} className="lead-form__error">
          {problem}
        </p>
      )}
    </div>
  );
}

function QuestionRow({
  row,
  index,
  count,
  problems,
}: {
  row: ChecklistRow;
  index: number;
  count: number;
  problems: RowProblems;
}) {
  const id = (name: RowField) => `${name}-${index}`;
  const described = (name: RowField) => (problems[name] ? `${id(name)}-error` : undefined);
  const number = index + 1;
  const move = (action: string, words: string, disabled: boolean) => (
    <button type="submit" name="action" value={`${action}-${index}`} className={buttonClass('ghost', 'sm')} disabled={disabled}>
      {words}
      <span className="visually-hidden">{` question ${number}`}</span>
    </button>
  );
  return (
    <fieldset className="checklist-row">
      <legend className="checklist-row__legend">{`Question ${number}`}</legend>
      <input type="hidden" name={`id-${index}`} value={row.id} />
      <FieldInRow id={id('text')} label="Question" problem={problems.text}>
        <input
          id={id('text')}
          name={`text-${index}`}
          defaultValue={row.text}
          maxLength={CHECKLIST_LIMITS.question}
          aria-invalid={problems.text ? true : undefined}
          aria-describedby={described('text')}
          className="lead-form__control"
        />
      </FieldInRow>
      <FieldInRow id={id('kind')} label="Answer" problem={problems.kind}>
        <select
          id={id('kind')}
          name={`kind-${index}`}
          defaultValue={row.kind}
          aria-describedby={described('kind')}
          className="lead-form__control checklist-row__kind"
        >
          {ANSWER_KINDS.map(({ kind, label }) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </select>
      </FieldInRow>
      <FieldInRow
        id={id('choices')}
        label="Choices, one a line"
        hint="For “one of a few choices” (2 to 12), or what may be found at a distance (leave empty to type it)."
        problem={problems.choices}
        className="checklist-row__choices"
      >
        <textarea
          id={id('choices')}
          name={`choices-${index}`}
          defaultValue={row.choices}
          rows={3}
          maxLength={CHOICES_TEXT_MAX}
          aria-invalid={problems.choices ? true : undefined}
          aria-describedby={described('choices')}
          className="lead-form__control"
        />
      </FieldInRow>
      <FieldInRow
        id={id('unit')}
        label="Unit"
        hint="For a number: mm, m, litres… (may be empty)."
        problem={problems.unit}
        className="checklist-row__unit"
      >
        <input
          id={id('unit')}
          name={`unit-${index}`}
          defaultValue={row.unit}
          maxLength={CHECKLIST_LIMITS.unit}
          aria-invalid={problems.unit ? true : undefined}
          aria-describedby={described('unit')}
          className="lead-form__control"
        />
      </FieldInRow>
      <label className="checklist-row__customer">
        <input type="checkbox" name={`customer-${index}`} value="yes" defaultChecked={row.customer} />
        Show the answer in the customer’s report
      </label>
      <div className="checklist-row__buttons">
        {move('up', 'Move up', index === 0)}
        {move('down', 'Move down', index === count - 1)}
        {move('remove', 'Remove', false)}
      </div>
    </fieldset>
  );
}

export function ChecklistEditorPage({
  slug,
  title,
  state,
  csrf,
  saved,
}: {
  slug: string;
  title: string;
  state: EditorState;
  csrf: string;
  saved: boolean;
}) {
  const { rows } = state;
  return (
    <section className="admin-panel admin-panel--narrow checklist-editor">
      <p className="lead-page__back">
        <a href={ON_SITE_PATH}>← On site</a>
      </p>
      <h1 className="admin-title">{`${title} checklist`}</h1>
      <p>
        {`Each question is one row: write it, choose the kind of answer the engineer gives on the job, and tick whether the customer’s report shows it. Up to ${CHECKLIST_LIMITS.questions} questions; an empty row is left out.`}
      </p>
      {saved && <Notice tone="success">Checklist saved.</Notice>}
      {state.message && (
        <p className="lead-form__error" role="alert">
          {state.message}
        </p>
      )}
      <form method="post" action={checklistPath(slug)} className="checklist-editor__form">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <input type="hidden" name="version" value={String(state.version)} />
        <input type="hidden" name="rows" value={String(rows.length)} />
        {/* Enter in a field presses the form's first button: make that one the save, not "Move up". */}
        <button type="submit" name="action" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Save the checklist
        </button>
        {rows.map((row, index) => (
          <QuestionRow key={index} row={row} index={index} count={rows.length} problems={state.problems?.[index] ?? {}} />
        ))}
        <div className="checklist-editor__end">
          {rows.length < CHECKLIST_LIMITS.questions && (
            <button type="submit" name="action" value="add" className={buttonClass('outline', 'sm')}>
              Add a row
            </button>
          )}
          <button type="submit" name="action" value="save" className={buttonClass('default')}>
            Save the checklist
          </button>
        </div>
      </form>
    </section>
  );
}
