import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { siteBodyLimit, UPLOAD_BODY_BYTES } from '../../http/body-limit';
import { PICTURES_ACCEPTED } from '../../media/picture-rules';
import { MEDIA_LIMITS_TEXT } from '../../rules/site-items';
import { isAdminApi } from '../shell/admin-paths';
import { MessagePage } from '../shell/MessagePage';
import type { AdminEnv } from '../shell/render';
import { asAppContext, renderAdmin } from '../shell/render';
import { accessOf } from './access';

const TOO_LARGE = 'That upload is too large: each picture can be at most 10 MB.';

/**
 * The body limit of the routes whose group declares uploads (`declareAccess`; the
 * Worker's 64 KB limit, `siteBodyLimit`, leaves the admin to apply its own). The guard
 * asks it once the session is proven and before it reads the body for its CSRF check, so only
 * someone signed in can send (or make the Worker buffer) a body this large. A single file over
 * 10 MB but inside this limit is refused later, by the picture check, with the same kind of
 * message.
 */
const limit = bodyLimit({
  maxSize: UPLOAD_BODY_BYTES,
  onError: (c) => {
    if (isAdminApi(c.req.path)) return c.json({ error: `${TOO_LARGE} ${PICTURES_ACCEPTED}` }, 413);
    // The engineer's phone queue asks for JSON from the on-site uploads (the contract in `siteRoutes`).
    if ((c.req.header('Accept') ?? '').includes('application/json')) {
      return c.json({ message: `That upload is too large. ${MEDIA_LIMITS_TEXT}` }, 413);
    }
    return renderAdmin(
      <MessagePage heading="That upload is too large">
        <p>{`Each picture can be at most 10 MB. ${PICTURES_ACCEPTED}`}</p>
        <p>Go back, choose a smaller picture (or one at a time) and try again.</p>
      </MessagePage>,
      { title: 'Upload too large' },
      413,
    );
  },
});

/** The 413 answer when an upload route's body is over its limit; undefined when it is within (or not an upload route). */
export async function uploadBodyTooLarge(c: Context<AdminEnv>): Promise<Response | undefined> {
  if (!accessOf(c.req.method, c.req.path).upload) return undefined;
  let within = false;
  const refused = await limit(c, async () => {
    within = true;
  });
  return within ? undefined : (refused ?? undefined);
}

/** Every other admin request: the Worker's 64 KB limit, before the guard (as on the rest of the site). */
export const adminBodyLimit: MiddlewareHandler<AdminEnv> = (c, next) =>
  accessOf(c.req.method, c.req.path).upload ? next() : siteBodyLimit(asAppContext(c), next);
