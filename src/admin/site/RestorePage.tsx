import { CSRF_FIELD } from '../auth/session';
import type { SectionChanges } from './restore-diff';

/**
 * Before a restore: what it would change on the live site, in words, and a button to confirm it
 * whole or for one section. Nothing changes until a button is pressed.
 */
export function RestorePage({
  csrf,
  target,
  title,
  newest,
  changes,
  message,
}: {
  csrf: string;
  /** The revision to restore (0: the original content). */
  target: number;
  title: string;
  /** The live revision these changes were worked out against. */
  newest: number;
  changes: SectionChanges[];
  message?: string;
}) {
  const action = `/admin/site/history/${target}/restore`;
  const confirm = (label: string, section?: string, primary = false) => (
    <form method="post" action={action} className="site-restore__form">
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name="revision" value={newest} />
      {section && <input type="hidden" name="section" value={section} />}
      <button type="submit" className={`btn ${primary ? 'btn--default' : 'btn--outline'} btn--lg`}>
        {label}
      </button>
    </form>
  );
  return (
    <section className="admin-panel admin-panel--narrow">
      <div className="admin-heading">
        <h1 className="admin-title">{title}</h1>
        <p>
          <a href="/admin/site/history">← History</a>
        </p>
      </div>
      {message && (
        <p className="admin-notice admin-notice--error" role="alert">
          {message}
        </p>
      )}
      {changes.length === 0 ? (
        <p className="admin-muted">The live site is the same as this version: restoring it would change nothing.</p>
      ) : (
        <>
          <p>Restoring it changes the live site like this. Nothing changes until you confirm.</p>
          {changes.map((section) => (
            <div key={section.section} className="site-restore">
              <h2 className="site-restore__title">{section.label}</h2>
              <ul className="site-restore__changes">
                {section.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
              {changes.length > 1 && confirm(`Restore only ${section.label.toLowerCase()}`, section.section)}
            </div>
          ))}
          <div className="admin-form__actions">
            {confirm(changes.length > 1 ? 'Restore all of these' : 'Restore', undefined, true)}
            <a className="btn btn--outline btn--lg" href="/admin/site/history">
              Cancel
            </a>
          </div>
        </>
      )}
    </section>
  );
}
