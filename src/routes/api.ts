import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env';
import { NO_STORE } from '../http/cache-control';
import { LEAD_POST_PATHS } from '../http/paths';
import { newFormState } from '../leads/form-token';
import { isMultipart, LEAD_BODY_LIMIT, LEAD_UPLOAD_BODY_LIMIT } from '../leads/request-body';

/** The lead forms' posts and where they land, and the islands' form token. */
export const apiRoutes = new Hono<AppEnv>();

/** A post's handling (`handleLead`), imported by the first lead form post. */
const leadPost = () => import('./lead-post');

/**
 * The lead routes' own body limits (the app's 64 KB one, `siteBodyLimit`, skips them): 48 KB, or
 * 20 MB and a little for a multipart post, the only kind that can carry photos.
 */
for (const form of ['contact', 'quote'] as const) {
  const onError = async (c: Context<AppEnv>) => (await leadPost()).tooLarge(form)(c);
  const small = bodyLimit({ maxSize: LEAD_BODY_LIMIT, onError });
  const upload = bodyLimit({ maxSize: LEAD_UPLOAD_BODY_LIMIT, onError });
  apiRoutes.post(
    LEAD_POST_PATHS[form],
    (c, next) => (isMultipart(c.req.header('content-type')) ? upload : small)(c, next),
    async (c) => (await leadPost()).handleLead(c, form),
  );
}

/** Where a form post lands once its lead is stored. */
apiRoutes.get('/contact/sent', async (c) => (await import('./lead-answers')).renderLeadSent(c, 'contact'));
apiRoutes.get('/free-quote/sent', async (c) => (await import('./lead-answers')).renderLeadSent(c, 'quote'));

/** A fresh form token, for an island whose page was rendered without one. */
apiRoutes.get('/api/form-token', async (c) => {
  const form = c.req.query('form');
  if (form !== 'contact' && form !== 'quote') return c.json({ error: 'Unknown form' }, 400, { 'Cache-Control': NO_STORE });
  const { token } = await newFormState(c.env, form);
  return c.json({ token }, 200, { 'Cache-Control': NO_STORE });
});
