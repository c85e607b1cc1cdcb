import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { declareAccess } from '../../src/admin/auth/access';
import { adminBodyLimit } from '../../src/admin/auth/body-limit';
import { adminGuard, adminHeaders } from '../../src/admin/auth/guard';
import type { AdminEnv } from '../../src/admin/shell/render';
import { notFound, withErrorPage } from '../../src/http/errors';
import { renderErrorPage } from '../../src/pages/ErrorPage';
import { pageRenderer } from '../../src/render/renderer';
import { withContent } from '../../src/site-content/middleware';
import { freshIp, ORIGIN, request, signIn } from './admin-helpers';

/**
 * Access is declared by each route group beside its routes (src/admin/auth/access.ts). An admin
 * built as src/admin/app.tsx builds it, with one group that declares its access and one that
 * declares nothing: the undeclared route is refused to everyone, the owner too.
 */
const declared = declareAccess(new Hono<AdminEnv>(), { who: 'staff' });
declared.get('/admin/test-declared', (c) => c.text('declared route reached'));
const undeclared = new Hono<AdminEnv>();
undeclared.get('/admin/test-undeclared', (c) => c.text('undeclared route reached'));
undeclared.post('/admin/test-undeclared', (c) => c.text('undeclared route reached'));

const app = new Hono<AdminEnv>();
app.use(withErrorPage(renderErrorPage));
app.use(withContent);
app.use(pageRenderer);
app.use('/admin/*', adminHeaders, adminBodyLimit, adminGuard);
app.route('/', declared);
app.route('/', undeclared);
app.notFound((c) => notFound(c as never));

const ask = (path: string, cookie?: string) =>
  app.request(
    `${ORIGIN}${path}`,
    { headers: { 'CF-Connecting-IP': freshIp(), ...(cookie ? { Cookie: cookie } : {}) }, redirect: 'manual' },
    env,
  );

describe('a route group that declares no access', () => {
  it('is refused to the signed-in owner (404) while a declared route beside it answers', async () => {
    const owner = await signIn();
    const reached = await ask('/admin/test-declared', owner.cookie);
    expect(reached.status).toBe(200);
    expect(await reached.text()).toBe('declared route reached');
    const refused = await ask('/admin/test-undeclared', owner.cookie);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('undeclared route reached');
  });

  it('sends someone not signed in to sign in, as any other admin page does', async () => {
    const res = await ask('/admin/test-undeclared');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Ftest-undeclared');
  });
});

describe('the real admin', () => {
  it('sends /admin to the dashboard once signed in (the redirect is declared too)', async () => {
    const owner = await signIn();
    const res = await request('/admin', { cookie: owner.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/dashboard');
  });
});
