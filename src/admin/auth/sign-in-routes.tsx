import { Hono } from 'hono';
import { deleteSession } from '../../db/admin-sessions';
import { d1Database } from '../../db/client';
import { ownerForToken } from '../../db/people';
import { log } from '../../log';
import { audit } from '../audit/audit';
import { ADMIN_HOME } from '../shell/home';
import { type AdminEnv, renderAdmin } from '../shell/render';
import { declareAccess } from './access';
import { secretsMatch } from './crypto';
import { safeNext } from './guard';
import { LoginPage } from './LoginPage';
import { LOGIN_PATH, SIGNED_OUT_PARAM } from './login-path';
import { adminToken, clearSessionCookie } from './session';
import { SIGN_IN_WINDOW_MS, signInAllowed } from './sign-in-limit';
import { startSession } from './start-session';

/** GET/POST /admin/login and POST /admin/logout. The guard has run first. */
export const authRoutes = new Hono<AdminEnv>();
/** Signing in is open; signing out needs the session it ends. */
declareAccess(authRoutes, { who: 'open', except: { '/admin/logout': 'engineer' } });

const MAX_TOKEN_INPUT = 500;

authRoutes.get(LOGIN_PATH, (c) =>
  renderAdmin(<LoginPage next={safeNext(c.req.query('next'))} signedOut={c.req.query(SIGNED_OUT_PARAM) !== undefined} />, {
    title: 'Sign in',
    siteName: c.var.content.site.shortName,
  }),
);

authRoutes.post(LOGIN_PATH, async (c) => {
  const token = adminToken(c.env)!;
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const next = safeNext(typeof body.next === 'string' ? body.next : undefined);
  const ip = c.req.header('cf-connecting-ip') ?? 'unknown';
  if (!(await signInAllowed(c.env, ip))) {
    // Never the submitted value, nor anything derived from it.
    log.warn('admin sign-in throttled');
    const res = await renderAdmin(
      <LoginPage next={next} error="Too many sign-in attempts. Wait a minute, then try again." />,
      { title: 'Sign in', siteName: c.var.content.site.shortName },
      429,
    );
    res.headers.set('Retry-After', String(SIGN_IN_WINDOW_MS / 1000));
    return res;
  }
  const given = typeof body.token === 'string' ? body.token.trim().slice(0, MAX_TOKEN_INPUT) : '';
  if (!given || !(await secretsMatch(given, token))) {
    log.warn('admin sign-in failed');
    return renderAdmin(
      <LoginPage next={next} error="That token is not right. Check it and try again." />,
      { title: 'Sign in', siteName: c.var.content.site.shortName },
      401,
    );
  }
  const owner = await ownerForToken(d1Database(c.env), Date.now());
  await startSession(c, { id: owner.id, name: owner.name, role: owner.role }, 'token', body.remember === 'yes');
  log.info('admin signed in');
  return c.redirect(next ?? ADMIN_HOME, 303);
});

/** Signing out deletes the session's row at once: the cookie, even a copy of it, opens nothing after. */
authRoutes.post('/admin/logout', async (c) => {
  await audit(c, 'signed-out', 'session', c.var.session.id);
  await deleteSession(d1Database(c.env), c.var.session.id);
  clearSessionCookie(c);
  return c.redirect(`${LOGIN_PATH}?${SIGNED_OUT_PARAM}`, 303);
});
