import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import type { IslandName } from '../../../client/island-names';
import { IslandsContext } from '../../components/Island';
import type { AppEnv } from '../../env';
import { errorText, log } from '../../log';
import { mailerConfig } from '../../outbox/mailer';
import { ContentContext } from '../../site-content/context';
import type { AdminSession, SignedInPerson } from '../auth/session';
import { type AdminChrome, AdminDocument } from './AdminDocument';
import { ADMIN_HEADERS } from './admin-headers';
import { ENGINEER_PAGE_HEADER } from './engineer-page';
import { MailContext } from './mail-off';

/**
 * The public site's answer to a request, as a visitor would get it: handed to the admin by the app
 * that mounts it (createAdminApp), so the admin renders the site (a preview, the pages kept after
 * an edit) without importing the app above it.
 */
type RenderSite = (request: Request) => Promise<Response>;

/**
 * What the admin routes know about a request once the guard has passed it: the session, the
 * signed-in person (id, name, role) for anything that records who did what, and the site's
 * renderer (RenderSite).
 */
export type AdminEnv = AppEnv & { Variables: { session: AdminSession; person: SignedInPerson; renderSite: RenderSite } };

export async function renderAdmin(page: ReactNode, chrome: AdminChrome, status = 200): Promise<Response> {
  const document = (
    <ContentContext.Provider value={chrome.content ?? null}>
      <IslandsContext.Provider value={new Set<IslandName>()}>
        <MailContext.Provider value={!chrome.mailOff}>
          <AdminDocument chrome={chrome}>{page}</AdminDocument>
        </MailContext.Provider>
      </IslandsContext.Provider>
    </ContentContext.Provider>
  );
  const stream = await renderToReadableStream(document, {
    onError: (error) => log.error('admin render error', { error: errorText(error) }),
  });
  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', ...ADMIN_HEADERS };
  // An engineer's schedule and jobs: their phone may keep these for when there is no signal.
  if (status === 200 && chrome.person?.role === 'engineer' && chrome.section === 'schedule') {
    headers[ENGINEER_PAGE_HEADER] = 'engineer';
  }
  return new Response(stream, { status, headers });
}

/** The site's shared helpers (error pages, the public document) take the plain app context. */
export const asAppContext = (c: Context<AdminEnv>) => c as unknown as Context<AppEnv>;

/** The signed-in chrome for a page in one of the sections. */
export const signedIn = (c: Context<AdminEnv>, title: string, section?: AdminChrome['section']): AdminChrome => ({
  title,
  section,
  csrf: c.get('session').csrf,
  person: c.var.person,
  tokenSession: c.var.session.method === 'token',
  siteName: c.var.content.site.shortName,
  content: c.var.content,
  mailOff: mailerConfig(c.env) === null,
});
