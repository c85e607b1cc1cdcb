import type { Context } from 'hono';
import { Hono } from 'hono';
import { databaseFor } from '../../db/client';
import { deleteMediaRow, getMediaRow, listMedia, postsUsingMedia } from '../../db/media';
import { errorResponse } from '../../http/errors';
import { log } from '../../log';
import { mediaUrl, parseMediaName } from '../../media/keys';
import { pictureMarkdown } from '../../media/picture-rules';
import { checkPicture, storePicture } from '../../media/picture-upload';
import { audit } from '../audit/audit';
import { declareAccess } from '../auth/access';
import { pictureHtml } from '../posts/form-pictures';
import { timeStartOf } from '../shell/keyset-link';
import { noticeFrom } from '../shell/notice';
import { type AdminEnv, asAppContext, renderAdmin, signedIn } from '../shell/render';
import { MEDIA_NOTICES, MediaPage, type MediaPageProps } from './MediaPage';

/**
 * The Media section: every uploaded picture with its size and the posts that show it, an
 * upload form, and deleting a picture no post uses. Also the editor island's upload API, which
 * answers JSON. Uploads are judged and stored by `checkPicture` and `storePicture`.
 */
export const mediaRoutes = new Hono<AdminEnv>();
/** The media library is office staff's work too; its upload form and the editor's upload API take pictures. */
declareAccess(mediaRoutes, { who: 'staff', uploads: ['/admin/media', '/admin/api/media'] });

type Ctx = Context<AdminEnv>;

/** A picture's key in a page link's cursor (only a bound of the query: the picture may have gone since). */
const mediaKeyOf = (raw: string) => (raw.startsWith('media/') ? raw : null);

async function renderMedia(c: Ctx, extra: Partial<MediaPageProps> = {}, status = 200) {
  const db = await databaseFor(c.env);
  const { start, page } = timeStartOf((name) => c.req.query(name), mediaKeyOf);
  const { rows, total, older, newer } = await listMedia(db, start);
  const uses = await postsUsingMedia(
    db,
    rows.map((row) => row.key),
  );
  const notice = c.req.query('notice');
  return renderAdmin(
    <MediaPage
      csrf={c.get('session').csrf}
      origin={c.env.SITE_ORIGIN}
      items={rows.map((row) => ({ ...row, url: mediaUrl(row.key), usedIn: uses.get(row.key) ?? [] }))}
      total={total}
      page={page}
      older={older}
      newer={newer}
      notice={noticeFrom(MEDIA_NOTICES, notice)}
      {...extra}
    />,
    signedIn(c, 'Media', 'media'),
    status,
  );
}

mediaRoutes.get('/admin/media', (c) => renderMedia(c));

mediaRoutes.post('/admin/media', async (c) => {
  const body = await c.req.parseBody();
  const checked = await checkPicture(body.file, body.alt);
  if (!checked.ok) {
    return renderMedia(c, { uploadError: checked.message, alt: typeof body.alt === 'string' ? body.alt : '' }, checked.status);
  }
  const row = await storePicture(c.env.MEDIA, await databaseFor(c.env), checked.picture, new Date().toISOString());
  log.info('admin uploaded a picture', { key: row.key, bytes: row.bytes, use: 'library' });
  await audit(c, 'media-uploaded', 'media', row.key);
  return c.redirect('/admin/media?notice=uploaded', 303);
});

mediaRoutes.post('/admin/media/:name/delete', async (c) => {
  const picture = parseMediaName(c.req.param('name'));
  const db = await databaseFor(c.env);
  if (!picture || !(await getMediaRow(db, picture.key))) return errorResponse(asAppContext(c), 404);
  const usedIn = (await postsUsingMedia(db, [picture.key])).get(picture.key) ?? [];
  if (usedIn.length > 0) {
    const names = usedIn.map((post) => `“${post.title}”`).join(', ');
    return renderMedia(
      c,
      {
        deleteError: `That picture is used by ${names}: take it out of ${usedIn.length === 1 ? 'that post' : 'those posts'} first. Nothing was deleted.`,
      },
      409,
    );
  }
  // The object first: if that fails, the row still lists the picture and deleting can be tried again.
  await c.env.MEDIA.delete(picture.key);
  await deleteMediaRow(db, picture.key);
  log.info('admin deleted a picture', { key: picture.key });
  await audit(c, 'media-deleted', 'media', picture.key);
  return c.redirect('/admin/media?notice=deleted', 303);
});

/** The editor island's upload: one picture and its alt text, answered with its URL and the Markdown to insert. */
mediaRoutes.post('/admin/api/media', async (c) => {
  const body = await c.req.parseBody();
  const checked = await checkPicture(body.file, body.alt);
  if (!checked.ok) return c.json({ error: checked.message }, checked.status);
  const db = await databaseFor(c.env);
  // Whether this upload added the picture: the editor's Cancel, pressed while this answer was on
  // its way, deletes only a picture it added, never one already in the library.
  const created = (await getMediaRow(db, checked.picture.key)) === undefined;
  const row = await storePicture(c.env.MEDIA, db, checked.picture, new Date().toISOString());
  log.info('admin uploaded a picture', { key: row.key, bytes: row.bytes, use: 'text' });
  await audit(c, 'media-uploaded', 'media', row.key);
  const url = mediaUrl(row.key);
  return c.json(
    {
      created,
      url,
      width: row.width,
      height: row.height,
      markdown: pictureMarkdown(checked.picture.alt, url),
      html: pictureHtml(checked.picture.alt, url, row),
    },
    201,
  );
});
