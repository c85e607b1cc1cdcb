import type { RevisionRow } from '../../db/content-revisions';
import { formatLondon } from '../../rules/uk-time';
import { CSRF_FIELD } from '../auth/session';

export const SITE_SECTIONS = [
  { id: 'facts', label: 'Business facts', hint: 'Name, phone numbers, e-mail, address, hours, claims' },
  { id: 'notices', label: 'Notices', hint: 'A banner with a start and an end, such as holiday hours' },
  { id: 'services', label: 'Services', hint: 'The text and picture of each service page' },
  { id: 'prices', label: 'Prices', hint: 'An optional "from £X" for each service' },
  { id: 'faq', label: 'FAQ', hint: 'Questions and answers' },
  { id: 'reviews', label: 'Reviews', hint: 'The testimonials on the home page' },
  { id: 'areas', label: 'Areas', hint: 'Places, map towns and postcode districts' },
  { id: 'history', label: 'History', hint: 'Every saved version; restore an earlier one' },
] as const;
export type SiteSection = (typeof SITE_SECTIONS)[number]['id'];

/** A site page's heading, its intro and the way back to the list. */
export function Heading({ title, intro }: { title: string; intro?: string }) {
  return (
    <div className="admin-heading">
      <h1 className="admin-title">{title}</h1>
      {intro && <p className="admin-muted">{intro}</p>}
      <p>
        <a href="/admin/site">← All site content</a>
      </p>
    </div>
  );
}

export function SiteIndexPage({ latest }: { latest: RevisionRow | undefined }) {
  return (
    <section className="admin-panel">
      <div className="admin-heading">
        <h1 className="admin-title">Site content</h1>
        <p className="admin-muted">
          {latest
            ? `Last published ${formatLondon(latest.createdAt)} (${latest.summary}).`
            : 'The site shows its original content: nothing has been changed here yet.'}
        </p>
      </div>
      <ul className="admin-list">
        {SITE_SECTIONS.map((section) => (
          <li key={section.id} className="admin-item">
            <div className="admin-item__main">
              <a className="admin-item__title" href={`/admin/site/${section.id}`}>
                {section.label}
              </a>
              <p className="admin-item__meta">{section.hint}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HistoryPage({ csrf, revisions, restored }: { csrf: string; revisions: RevisionRow[]; restored: boolean }) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <Heading title="History" intro="Every save is kept. Restoring an earlier version publishes it again as a new save." />
      {restored && (
        <p className="admin-notice" role="status">
          Restored and published.
        </p>
      )}
      {revisions.length === 0 && <p className="admin-muted">Nothing saved yet: the site shows its original content.</p>}
      {revisions.length > 0 && (
        <form method="post" action="/admin/site/history/0/restore">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <button type="submit" className="btn btn--outline btn--sm">
            Restore the original content
          </button>
        </form>
      )}
      <ul className="admin-list">
        {revisions.map((revision, i) => (
          <li key={revision.id} className="admin-item">
            <div className="admin-item__main">
              <p className="admin-item__title">{`${revision.summary}${i === 0 ? ' (live)' : ''}`}</p>
              <p className="admin-item__meta">{`${formatLondon(revision.createdAt)} by ${revision.author} · version ${revision.id}`}</p>
            </div>
            {i > 0 && (
              <form method="post" action={`/admin/site/history/${revision.id}/restore`}>
                <input type="hidden" name={CSRF_FIELD} value={csrf} />
                <button type="submit" className="btn btn--outline btn--sm">
                  Restore
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
