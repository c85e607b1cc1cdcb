import { buttonClass } from '../../components/button';
import { CSRF_FIELD } from '../auth/session';
import { Notice } from '../shell/MessagePage';
import { checklistPath, ON_SITE_PATH } from './ChecklistEditorPage';

/**
 * The owner's on-site settings (issue 50): whether "Finished" marks the job done, and each
 * service's checklist, listed here and written as rows on a page of its own (ChecklistEditorPage).
 */

export { ON_SITE_PATH };

export interface ServiceChecklist {
  slug: string;
  title: string;
  /** How many questions its checklist has (0: none yet). */
  questions: number;
}

export function ChecklistsPage({
  services,
  finishMarksDone,
  csrf,
  notice,
}: {
  services: readonly ServiceChecklist[];
  finishMarksDone: boolean;
  csrf: string;
  notice?: string;
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
        <label className="checklist-row__customer">
          <input type="checkbox" name="finish_marks_done" value="yes" defaultChecked={finishMarksDone} />
          When the engineer taps “Finished”, mark the job done and send the review request (as “Mark done” does)
        </label>
        <p className="lead-form__hint">
          Off: the job stays booked until you mark it done. The customer gets their job report either way.
        </p>
        <button type="submit" className={buttonClass('outline', 'sm')}>
          Save
        </button>
      </form>
      <h2 className="lead-page__heading">Checklists</h2>
      <p>Each service’s questions for the engineer on the job, each with the kind of answer it takes.</p>
      <ul className="admin-list">
        {services.map((service) => (
          <li key={service.slug} className="admin-item">
            <div className="admin-item__main">
              <a className="admin-item__title checklist-link" href={checklistPath(service.slug)}>
                {service.title}
              </a>
              <p className="admin-item__meta">
                {service.questions === 0
                  ? 'No checklist yet'
                  : `${service.questions} ${service.questions === 1 ? 'question' : 'questions'}`}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
