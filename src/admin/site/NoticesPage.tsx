import { ukClock } from '../../rules/uk-time';
import { noticesChangeTheLine } from '../../site-content/emergency-line';
import type { Notice, SiteContent } from '../../site-content/model';
import { CSRF_FIELD } from '../auth/session';
import { Badge } from '../shell/parts';
import { NOTICE_STATE_LABEL, noticeInWords, noticeState } from './notice-words';
import { type FormPageProps, Saved, SiteForm, TextField } from './parts';
import { Heading } from './SiteIndexPage';

const TONE = { showing: 'green', scheduled: 'blue', ended: 'grey' } as const;

/** The notices, each with whether it shows now, its dates in words, Change and Remove; then a form to add one. */
export function NoticesPage({ csrf, revision, values, errors, saved, content }: FormPageProps & { content: SiteContent }) {
  const now = Date.now();
  const year = ukClock(now).year;
  return (
    <section className="admin-panel admin-panel--narrow">
      <Heading
        title="Notices"
        intro="A notice shows at the top of every page from its start to its end (UK time), then goes by itself."
      />
      <Saved saved={saved} />
      {content.notices.length > 0 ? (
        <ul className="admin-list">
          {content.notices.map((notice) => {
            const state = noticeState(notice, now);
            return (
              <li key={notice.id} className="admin-item">
                <div className="admin-item__main">
                  <p className="admin-item__title">{notice.text}</p>
                  <p className="admin-item__meta">
                    <Badge tone={TONE[state]}>{NOTICE_STATE_LABEL[state]}</Badge> {noticeInWords(notice, year)}
                  </p>
                </div>
                <div className="admin-item__actions">
                  <a className="btn btn--outline btn--sm" href={`/admin/site/notices/${notice.id}`}>
                    Change
                  </a>
                  <form method="post" action={`/admin/site/notices/${notice.id}/remove`}>
                    <input type="hidden" name={CSRF_FIELD} value={csrf} />
                    <input type="hidden" name="revision" value={revision} />
                    <button type="submit" className="btn btn--outline btn--sm">
                      Remove
                    </button>
                  </form>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="admin-muted">No notices.</p>
      )}
      <h2 className="site-add-heading">Add a notice</h2>
      <NoticeForm
        action="/admin/site/notices"
        csrf={csrf}
        revision={revision}
        values={values}
        errors={errors}
        button="Publish notice"
        lineFollows={noticesChangeTheLine(content.facts)}
      />
    </section>
  );
}

/** One notice's own page: change its words, dates or hours. */
export function NoticeEditPage({
  csrf,
  revision,
  values,
  errors,
  notice,
  lineFollows,
}: Omit<FormPageProps, 'saved'> & { notice: Notice; lineFollows: boolean }) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <div className="admin-heading">
        <h1 className="admin-title">Change a notice</h1>
        <p className="admin-muted">{noticeInWords(notice, ukClock(Date.now()).year)}</p>
        <p>
          <a href="/admin/site/notices">← All notices</a>
        </p>
      </div>
      <NoticeForm
        action={`/admin/site/notices/${notice.id}`}
        csrf={csrf}
        revision={revision}
        values={values}
        errors={errors}
        button="Publish the change"
        lineFollows={lineFollows}
      />
    </section>
  );
}

function NoticeForm({
  action,
  csrf,
  revision,
  values,
  errors,
  button,
  lineFollows,
}: Omit<FormPageProps, 'saved'> & { action: string; button: string; lineFollows: boolean }) {
  return (
    <SiteForm
      action={action}
      csrf={csrf}
      revision={revision}
      errors={errors}
      button={button}
      preview={action === '/admin/site/notices'}
    >
      <TextField
        name="text"
        label="Notice"
        values={values}
        errors={errors}
        required
        hint="For example: Christmas Day: emergency calls only."
      />
      <TextField name="starts" label="Starts (UK time)" type="datetime-local" values={values} errors={errors} required />
      <TextField name="ends" label="Ends (UK time)" type="datetime-local" values={values} errors={errors} required />
      <fieldset className="site-fieldset">
        <legend>Does it change the opening hours?</legend>
        {[
          ['', 'No'],
          ['closed', 'Closed'],
          ['hours', 'Open only these hours'],
        ].map(([value, label]) => (
          <label key={value} className="admin-check">
            <input type="radio" name="hoursChange" value={value} defaultChecked={(values.hoursChange ?? '') === value} /> {label}
          </label>
        ))}
        <p className="lead-form__hint">
          {lineFollows
            ? 'Closed or these hours: search results show them, and the emergency line keeps them, so a request for a call as soon as possible is promised a call when it next opens.'
            : 'Closed or these hours: search results show them; the emergency line answers outside them, as your business facts say.'}
        </p>
        <div className="site-hours">
          <TextField name="opens" label="Opens" type="time" values={values} errors={errors} mark={false} />
          <TextField name="closes" label="Closes" type="time" values={values} errors={errors} mark={false} />
        </div>
      </fieldset>
    </SiteForm>
  );
}
