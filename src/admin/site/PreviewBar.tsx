import { buttonClass } from '../../components/button';
import type { Service } from '../../content/types';
import { CSRF_FIELD } from '../auth/session';
import type { Form } from './forms';

const PAGES: [string, string][] = [
  ['/', 'Home'],
  ['/services', 'All services'],
  ['/faq', 'FAQ'],
  ['/contact', 'Contact'],
  ['/free-quote', 'Free quote'],
  ['/privacy', 'Privacy notice'],
];

/** The bar above a preview: which page is shown (any), back to the form, or publish it. */
export function PreviewBar({
  csrf,
  action,
  form,
  page,
  services,
}: {
  csrf: string;
  action: string;
  form: Form;
  page: string;
  services: readonly Pick<Service, 'slug' | 'title'>[];
}) {
  const pages = [...PAGES, ...services.map((s): [string, string] => [`/services/${s.slug}`, s.title])];
  return (
    <aside className="admin-preview-bar admin-preview-bar--site" aria-label="Preview">
      <div className="container admin-preview-bar__inner">
        <p className="admin-preview-bar__text">
          <strong>Preview, not published yet.</strong> Links stay in the preview.
        </p>
        <form method="get" action="/admin/site/preview" className="admin-preview-bar__pages">
          <label htmlFor="preview-page">Page</label>
          <select id="preview-page" name="page" defaultValue={page}>
            {!pages.some(([path]) => path === page) && <option value={page}>{page}</option>}
            {pages.map(([path, label]) => (
              <option key={path} value={path}>
                {label}
              </option>
            ))}
          </select>
          <button type="submit" className={buttonClass('outline', 'sm')}>
            Show
          </button>
        </form>
        <form method="post" action={action} className="admin-preview-bar__form">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          {Object.entries(form).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" name="intent" value="edit" className={buttonClass('outline', 'sm')}>
            Back to editing
          </button>
          <button type="submit" name="intent" value="publish" className={buttonClass('default', 'sm')}>
            Publish
          </button>
        </form>
      </div>
    </aside>
  );
}
