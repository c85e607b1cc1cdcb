import { renderToReadableStream } from 'react-dom/server.edge';
import { manifest } from '../../generated/manifest';
import { asTheLineAllows } from '../../site-content/line-wording';
import type { SiteContent } from '../../site-content/model';
import { previewWith } from '../../site-content/preview-content';
import { viewOf } from '../../site-content/view';
import { ADMIN_HEADERS } from '../shell/admin-headers';
import type { Ctx } from './context';
import type { Form } from './forms';
import { PreviewBar } from './PreviewBar';

/**
 * An edit as the site would show it, before it is published: any public page, rendered by the
 * site's own routes from the edited content. The draft (the form as typed and the content it
 * makes) is kept for the signed-in person in R2, one object each, replaced by their next preview,
 * so links inside the preview stay in it (they are rewritten to /admin/site/preview?page=...),
 * and the bar's "Back to editing" and "Publish" post the form again without JavaScript.
 */

interface Draft {
  action: string;
  form: Form;
  content: SiteContent;
}

const draftKey = (c: Ctx) => `previews/${c.var.person.id}.json`;

/** Which public page shows a section's edit best. */
const PAGE_OF: Record<string, string> = {
  facts: '/contact',
  notices: '/',
  reviews: '/',
  areas: '/',
  prices: '/services',
  faq: '/faq',
  services: '/services',
};

/** A path of the public site the preview may show: ours, not the admin, not a file. */
export const previewPath = (raw: string | undefined): string | undefined =>
  raw && raw.length <= 200 && /^\/(?!\/)[a-z0-9/-]*$/.test(raw) && !raw.startsWith('/admin') && !raw.startsWith('/media')
    ? raw
    : undefined;

/** A Preview button: the draft kept, and its page shown. */
export async function renderSitePreview(
  c: Ctx,
  action: string,
  section: string,
  form: Form,
  content: SiteContent,
  slug?: string,
) {
  const kept = Object.fromEntries(Object.entries(form).filter(([name]) => name !== '_csrf' && name !== 'intent'));
  const draft: Draft = { action, form: kept, content };
  await c.env.MEDIA.put(draftKey(c), JSON.stringify(draft), { httpMetadata: { contentType: 'application/json' } });
  return previewPage(c, draft, slug ? `/services/${slug}` : (PAGE_OF[section] ?? '/'));
}

/** GET /admin/site/preview?page=/path: the person's draft, on any page. */
export async function renderKeptPreview(c: Ctx, page: string) {
  const object = await c.env.MEDIA.get(draftKey(c));
  if (!object) return undefined;
  return previewPage(c, (await object.json()) as Draft, page);
}

async function previewPage(c: Ctx, draft: Draft, page: string): Promise<Response> {
  // Revision -1: a preview, never kept by any cache (and the answer is the admin's no-store).
  const view = viewOf(-1, await asTheLineAllows(c.env, draft.content), Date.now());
  const request = previewWith(new Request(new URL(page, c.req.url)), view);
  const inner = await c.var.renderSite(request);
  // The Worker's bundle carries React's streaming renderer only.
  const bar = await new Response(
    await renderToReadableStream(
      <PreviewBar csrf={c.get('session').csrf} action={draft.action} form={draft.form} page={page} services={view.services} />,
    ),
  ).text();
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', ...ADMIN_HEADERS });
  for (const name of ['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy']) {
    const value = inner.headers.get(name);
    if (value) headers.set(name, value);
  }
  const rewritten = new HTMLRewriter()
    .on('head', {
      element: (el) => {
        el.append(`<link rel="stylesheet" href="${manifest.adminCss}">`, { html: true });
      },
    })
    .on('main', {
      element: (el) => {
        el.prepend(bar, { html: true });
      },
    })
    .on('title', {
      element: (el) => {
        el.prepend('Preview: ');
      },
    })
    .on('a[href^="/"]', {
      element(el) {
        const href = el.getAttribute('href') ?? '';
        const [path = '', hash] = href.split('#');
        const target = previewPath(path.split('?')[0]);
        if (target) el.setAttribute('href', `/admin/site/preview?page=${encodeURIComponent(target)}${hash ? `#${hash}` : ''}`);
      },
    })
    .transform(new Response(inner.body, { status: inner.status, headers }));
  return rewritten;
}
