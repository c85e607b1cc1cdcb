import { buttonClass } from '../../components/button';
import { CHECKLIST_TEXT_MAX, checklistSource, MAX_QUESTIONS, questionsFromJson } from '../../rules/checklist';
import { CSRF_FIELD } from '../auth/session';
import { Notice } from '../shell/MessagePage';

/**
 * The owner's on-site settings (issue 50): whether "Finished" marks the job done, and each
 * service's checklist, written once as plain lines (`parseChecklist`).
 */

export const ON_SITE_PATH = '/admin/on-site';

export interface ChecklistRow {
  slug: string;
  title: string;
  /** The stored checklist's JSON and version; version 0: none yet. */
  questions: string;
  version: number;
}

export function ChecklistsPage({
  services,
  finishMarksDone,
  csrf,
  notice,
  error,
}: {
  services: readonly ChecklistRow[];
  finishMarksDone: boolean;
  csrf: string;
  notice?: string;
  /** A checklist sent back: its service, what was typed and why it was refused. */
  error?: { slug: string; source: string; message: string };
}) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <p className="lead-page__back">
        <a href="/admin/site">← Site content</a>
      </p>
      <h1 className="admin-title">On site</h1>
      {notice && <Notice tone="success">{notice}</Notice>}
      <form method="post" action={`${ON_SITE_PATH}/finish`} className="site-form">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <label>
          <input type="checkbox" name="finish_marks_done" value="yes" defaultChecked={finishMarksDone} />
          {' When the engineer taps “Finished”, mark the job done and send the review request (as “Mark done” does)'}
        </label>
        <p className="lead-form__hint">
          Off: the job stays booked until you mark it done. The customer gets their job report either way.
        </p>
        <button type="submit" className={buttonClass('outline', 'sm')}>
          Save
        </button>
      </form>
      <h2 className="lead-page__heading">Checklists</h2>
      <p>
        {`One question a line, up to ${MAX_QUESTIONS}: the question, then its answer type (text, yes-no, or choice: A, B, C), then "customer" if the customer’s job report shows the answer. For example:`}
      </p>
      <pre className="admin-muted">
        {'Pipe material | choice: Clay, PVC, Pitch fibre | customer\nRoots found? | yes-no | customer\nAccess notes | text'}
      </pre>
      {services.map((service) => {
        const mine = error?.slug === service.slug;
        const id = `checklist-${service.slug}`;
        return (
          <form key={service.slug} method="post" action={`${ON_SITE_PATH}/checklists/${service.slug}`} className="site-form">
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <input type="hidden" name="version" value={String(service.version)} />
            <label className="lead-form__label" htmlFor={id}>
              {service.title}
            </label>
            <textarea
              id={id}
              name="questions"
              rows={5}
              maxLength={CHECKLIST_TEXT_MAX}
              className="lead-form__control"
              defaultValue={mine ? error.source : checklistSource(questionsFromJson(service.questions))}
              aria-describedby={mine ? `${id}-error` : undefined}
            />
            {mine && (
              <p id={`${id}-error`} className="lead-form__error" role="alert">
                {error.message}
              </p>
            )}
            <button type="submit" className={buttonClass('outline', 'sm')}>
              {`Save the ${service.title} checklist`}
            </button>
          </form>
        );
      })}
    </section>
  );
}
