import { Hono } from 'hono';
import { renderPostHtml } from '../../blog/html';
import { isImageResizingOn } from '../../blog/pictures';
import { declareAccess } from '../auth/access';
import type { AdminEnv } from '../shell/render';
import { POST_LIMITS } from './post-form';

/**
 * The editor island's live preview: the text rendered by the same Markdown renderer and
 * sanitiser as /blog, so the browser needs no Markdown library and shows exactly what the blog will.
 */
export const previewApi = new Hono<AdminEnv>();
/** The live preview sends the editor's whole text: more than 64 KB once it is not all ASCII. */
declareAccess(previewApi, { who: 'staff', uploads: ['/admin/api/preview'] });

previewApi.post('/admin/api/preview', async (c) => {
  const body = await c.req.parseBody();
  const content = typeof body.content === 'string' ? body.content.replace(/\r\n?/g, '\n') : '';
  if (content.length > POST_LIMITS.content) {
    return c.json({ error: `The text is longer than ${POST_LIMITS.content.toLocaleString('en-GB')} characters.` }, 413);
  }
  const format = body.format === 'html' ? 'html' : 'markdown';
  return c.json({ html: renderPostHtml(content, format, { imageResizing: isImageResizingOn(c.env.IMAGE_RESIZING) }) });
});
