import type { Context, MiddlewareHandler } from 'hono';
import { notFound } from '../../http/errors';
import { log } from '../../log';
import { ADMIN_HEADERS } from '../shell/admin-headers';
import { isAdminApi } from '../shell/admin-paths';
import { ADMIN_HOME } from '../shell/home';
import { MessagePage } from '../shell/MessagePage';
import { type AdminEnv, asAppContext, renderAdmin } from '../shell/render';
import { accessOf, roleMay } from './access';
import { uploadBodyTooLarge } from './body-limit';
import { LOGIN_PATH } from './login-path';
import { refusedForRole } from './roles';
import {
  type AdminSession,
  adminToken,
  COOKIE_NAME,
  CSRF_FIELD,
  clearSessionCookie,
  csrfMatches,
  liveSessionCookieHeader,
  readSession,
  sessionCookieHeader,
  sessionCookieValue,
} from './session';

const ROUTED_METHODS = new Set(['GET', 'HEAD', 'POST']);

/** Sets the admin headers on whatever the request ends with: pages, redirects, errors, 404s. */
export const adminHeaders: MiddlewareHandler<AdminEnv> = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(ADMIN_HEADERS)) c.res.headers.set(name, value);
};

function closed(c: Context<AdminEnv>): Response | Promise<Response> {
  if (isAdminApi(c.req.path)) return c.json({ error: 'The admin is not configured.' }, 503);
  return renderAdmin(
    <MessagePage heading="The admin is not configured">
      <p>
        Set the <code>ADMIN_TOKEN</code> secret (at least 16 characters) to open it: see the README.
      </p>
    </MessagePage>,
    { title: 'Not configured' },
    503,
  );
}

/** Where to go after signing in: only an admin page, never another site. */
export function safeNext(value: string | undefined): string | undefined {
  if (!value || value.length > 300) return undefined;
  return /^\/admin(?:\/[A-Za-z0-9_.-]+)*(?:\?[A-Za-z0-9_.=&%-]*)?$/.test(value) &&
    !value.includes('..') &&
    !value.startsWith(LOGIN_PATH)
    ? value
    : undefined;
}

function signInFirst(c: Context<AdminEnv>): Response {
  if (isAdminApi(c.req.path)) return c.json({ error: 'Sign in first.' }, 401);
  const url = new URL(c.req.url);
  const next = c.req.method === 'GET' ? safeNext(`${url.pathname}${url.search}`) : undefined;
  return c.redirect(next && next !== '/admin' ? `${LOGIN_PATH}?next=${encodeURIComponent(next)}` : LOGIN_PATH, 303);
}

/** A removed person's old cookie: refused in words (403) and cleared, nothing done. */
async function accessRemoved(c: Context<AdminEnv>): Promise<Response> {
  if (isAdminApi(c.req.path)) return c.json({ error: 'Your access to this admin has been removed.' }, 403);
  const res = await renderAdmin(
    <MessagePage heading="Your access has been removed">
      <p>The owner has removed you from this admin, so this device is signed out and nothing was changed.</p>
      <p>If you think this is a mistake, ask the owner to invite you again.</p>
    </MessagePage>,
    { title: 'Access removed', siteName: c.var.content.site.shortName },
    403,
  );
  res.headers.append('Set-Cookie', sessionCookieHeader('', 0));
  return res;
}

const refusedForm = () =>
  renderAdmin(
    <MessagePage heading="That form could not be accepted">
      <p>It came from an old page or from another site. Go back, reload the page and try again.</p>
      <p>
        <a href={ADMIN_HOME}>Back to the admin</a>
      </p>
    </MessagePage>,
    { title: 'Form refused' },
    403,
  );

/**
 * Everything under /admin: closed without a token; the routes declared open (`declareAccess`,
 * beside each group's routes) are the only way in without a session; every other
 * page needs a live session (a row in D1 behind the cookie), a route declared for the person's
 * role (a path no group declares is refused to everyone: 404), and on POST also its session's
 * CSRF token (the global csrf() has already refused cross-site form posts by origin). The
 * signed-in person is on c.var.person for every handler. The upload routes' larger body limit is
 * checked here, once the session is proven.
 */
export const adminGuard: MiddlewareHandler<AdminEnv> = async (c, next) => {
  const token = adminToken(c.env);
  if (!token) return closed(c);
  // No admin route takes another method: answered as an unknown route, which refuseOtherMethods
  // (around this guard) turns into 405 with Allow where the path exists, with or without a session.
  if (!ROUTED_METHODS.has(c.req.method)) return notFound(asAppContext(c));
  const cookie = sessionCookieValue(c);
  const found = await readSession(c.env, token, cookie);
  const session = found === 'removed' ? null : found;
  if (c.req.path === LOGIN_PATH && session && c.req.method === 'GET') {
    return c.redirect(safeNext(c.req.query('next')) ?? ADMIN_HOME, 303);
  }
  const access = accessOf(c.req.method, c.req.path);
  if (access.who === 'open') {
    if (session) setSignedIn(c, session);
    return next();
  }
  if (!session) {
    if (cookie !== undefined) clearSessionCookie(c);
    return found === 'removed' ? accessRemoved(c) : signInFirst(c);
  }
  setSignedIn(c, session);
  const refused = await refusalOf(c, session, access.who);
  if (!refused) await next();
  const answer = refused ?? c.res;
  // The renewed cookie goes on the answer itself, whatever made it: a header set on c before
  // next() is lost when a page is answered as its own Response (most admin pages), and a
  // remembered device would then be signed out 30 days after signing in however often used.
  if (session.touched && cookie && !setsSessionCookie(answer)) {
    answer.headers.append('Set-Cookie', liveSessionCookieHeader(cookie, session.remember));
  }
  return refused ?? undefined;
};

/** Whether an answer already sets the session cookie (signing out clears it): that one stands. */
const setsSessionCookie = (res: Response) => res.headers.getSetCookie().some((line) => line.startsWith(`${COOKIE_NAME}=`));

/**
 * Why a signed-in request is refused before its route: a path no group declares (404), a role
 * the route is not declared for, or (a POST) its origin, size or CSRF token.
 */
async function refusalOf(
  c: Context<AdminEnv>,
  session: AdminSession,
  who: ReturnType<typeof accessOf>['who'],
): Promise<Response | null> {
  if (who === undefined) return notFound(asAppContext(c));
  if (!roleMay(session.person.role, who)) return refusedForRole(c);
  if (c.req.method !== 'POST') return null;
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin') return refusedForm();
  const tooLarge = await uploadBodyTooLarge(c);
  if (tooLarge) return tooLarge;
  const body = await c.req.parseBody().catch(() => null);
  // A body that cannot be read is most often an upload the owner cancelled part-way.
  if (!body) {
    log.info('admin form refused: the body could not be read', { path: c.req.path });
    return refusedForm();
  }
  if (!(await csrfMatches(session, body[CSRF_FIELD]))) {
    log.warn('admin form refused: CSRF token missing or wrong', { path: c.req.path });
    return refusedForm();
  }
  return null;
}

/** The one place the signed-in person is put on the context: c.var.session and c.var.person. */
function setSignedIn(c: Context<AdminEnv>, session: AdminSession) {
  c.set('session', session);
  c.set('person', session.person);
}
