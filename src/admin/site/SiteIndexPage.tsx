import type { RevisionRow } from '../../db/content-revisions';
import { formatLondon } from '../../rules/uk-time';

const SITE_SECTIONS = [
  { id: 'facts', label: 'Business facts', hint: 'Name, phone numbers, e-mail, address, hours, claims' },
  { id: 'notices', label: 'Notices', hint: 'A banner with a start and an end, such as holiday hours' },
  { id: 'services', label: 'Services', hint: 'The text and picture of each service page' },
  { id: 'prices', label: 'Prices', hint: 'An optional "from £X" for each service' },
  { id: 'faq', label: 'FAQ', hint: 'Questions and answers' },
  { id: 'reviews', label: 'Reviews', hint: 'The testimonials on the home page' },
  { id: 'areas', label: 'Areas', hint: 'Places, map towns and postcode districts' },
  { id: 'history', label: 'History', hint: 'Every saved version; restore an earlier one' },
] as const;

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
        <li className="admin-item">
          <div className="admin-item__main">
            <a className="admin-item__title" href="/admin/on-site">
              On site
            </a>
            <p className="admin-item__meta">Each service’s checklist for the engineer, and what “Finished” does.</p>
          </div>
        </li>
      </ul>
    </section>
  );
}

export function HistoryPage({ revisions, restored, error }: { revisions: RevisionRow[]; restored: boolean; error?: string }) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <Heading
        title="History"
        intro="Every save is kept. Restoring an earlier version first shows what it would change, then publishes it again as a new save."
      />
      {restored && (
        <p className="admin-notice" role="status">
          Restored and published.
        </p>
      )}
      {error && (
        <p className="admin-notice admin-notice--error" role="alert">
          {error}
        </p>
      )}
      {revisions.length === 0 && <p className="admin-muted">Nothing saved yet: the site shows its original content.</p>}
      {revisions.length > 0 && (
        <p>
          <a className="btn btn--outline btn--sm" href="/admin/site/history/0">
            Restore the original content…
          </a>
        </p>
      )}
      <ul className="admin-list">
        {revisions.map((revision, i) => (
          <li key={revision.id} className="admin-item">
            <div className="admin-item__main">
              <p className="admin-item__title">{`${revision.summary}${i === 0 ? ' (live)' : ''}`}</p>
              <p className="admin-item__meta">{`${formatLondon(revision.createdAt)} by ${revision.author} · version ${revision.id}`}</p>
            </div>
            {i > 0 && (
              <a className="btn btn--outline btn--sm" href={`/admin/site/history/${revision.id}`}>
                Restore…
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
