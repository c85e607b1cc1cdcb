import { buttonClass } from '../../components/button';
import { manifest } from '../../generated/manifest';
import { FaqPage, faqMeta } from '../../pages/FaqPage';
import { HomePage, homeMeta } from '../../pages/HomePage';
import { ServicePage, serviceMeta } from '../../pages/ServicePage';
import { ServicesPage, servicesMeta } from '../../pages/ServicesPage';
import type { PageMeta } from '../../render/meta';
import type { SiteContent } from '../../site-content/model';
import { serviceIn, viewOf } from '../../site-content/view';
import { CSRF_FIELD } from '../auth/session';
import { ADMIN_HEADERS } from '../shell/render';
import type { Ctx } from './context';
import type { Form } from './forms';

/** Which public page shows a section's edit best. */
const PAGE_OF: Record<string, 'home' | 'services' | 'faq'> = {
  facts: 'home',
  notices: 'home',
  reviews: 'home',
  areas: 'home',
  prices: 'services',
  faq: 'faq',
};

/**
 * An edit as the site would show it, before it is published: the public page rendered from the
 * edited content (the same components and document), under a bar that carries the whole form in
 * hidden fields, so "Back to editing" and "Publish" work without JavaScript and lose nothing.
 */
export function renderSitePreview(c: Ctx, action: string, section: string, form: Form, content: SiteContent, slug?: string) {
  // Revision -1: a preview, never kept by any cache (the admin's answers are no-store).
  const view = viewOf(-1, content, Date.now());
  c.set('content', view);
  for (const [name, value] of Object.entries(ADMIN_HEADERS)) c.header(name, value);
  const origin = c.env.SITE_ORIGIN;
  const service = slug ? serviceIn(view, slug) : undefined;
  const [page, meta]: [React.ReactNode, PageMeta] = service
    ? [<ServicePage key="page" service={service} />, serviceMeta(origin, service, view)]
    : PAGE_OF[section] === 'faq'
      ? [<FaqPage key="page" />, faqMeta(origin, view)]
      : PAGE_OF[section] === 'services'
        ? [<ServicesPage key="page" />, servicesMeta(origin, view)]
        : [<HomePage key="page" />, homeMeta(origin, view)];
  return c.render(
    <>
      <aside className="admin-preview-bar" aria-label="Preview">
        <div className="container admin-preview-bar__inner">
          <p className="admin-preview-bar__text">
            <strong>Preview, not published yet.</strong> This is how the site will look.
          </p>
          <form method="post" action={action} className="admin-preview-bar__form">
            <input type="hidden" name={CSRF_FIELD} value={c.get('session').csrf} />
            {Object.entries(form)
              .filter(([name]) => name !== CSRF_FIELD && name !== 'intent')
              .map(([name, value]) => (
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
      {page}
    </>,
    { ...meta, title: `Preview: ${meta.title}`, noindex: true, stylesheets: [manifest.adminCss] },
  );
}
