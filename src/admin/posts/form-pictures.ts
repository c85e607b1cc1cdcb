import { databaseFor } from '../../db/client';
import type { Bindings } from '../../env';
import { log } from '../../log';
import { mediaUrl } from '../../media/keys';
import { pictureMarkdown } from '../../media/picture-rules';
import { checkPicture, isChosenFile, storePicture } from '../../media/picture-upload';
import type { PostFormValues } from './post-form';

/**
 * The editor form's picture files, sent without JavaScript (with it, pictures for the text go
 * through the upload API and the cover file input is the same input): 'cover' replaces the
 * cover picture, 'picture' (with 'picture_alt') is added at the end of the text. A chosen file is
 * stored whatever button was pressed, so it is never silently dropped, and each is judged on its
 * own: one refused picture stores nothing of itself, and the post is not saved.
 */

export interface FormPictureErrors {
  cover?: string;
  picture?: string;
}

export interface FormPictures {
  values: PostFormValues;
  errors: FormPictureErrors;
  /** The status of the first refusal (400, 413 or 415), for the re-shown editor. */
  status?: number;
  /** A picture was added to the text. */
  added: boolean;
}

export async function takeFormPictures(
  env: Bindings,
  body: Record<string, unknown>,
  given: PostFormValues,
  now: string,
): Promise<FormPictures> {
  const values = { ...given };
  const errors: FormPictureErrors = {};
  let status: number | undefined;
  let added = false;
  if (isChosenFile(body.cover)) {
    const checked = await checkPicture(body.cover, values.image_alt);
    if (checked.ok) {
      const row = await storePicture(env.MEDIA, await databaseFor(env), checked.picture, now);
      values.image_url = mediaUrl(row.key);
      log.info('admin uploaded a picture', { key: row.key, bytes: row.bytes, use: 'cover' });
    } else {
      errors.cover = checked.message;
      status ??= checked.status;
    }
  }
  if (isChosenFile(body.picture)) {
    const checked = await checkPicture(body.picture, body.picture_alt);
    if (checked.ok) {
      const row = await storePicture(env.MEDIA, await databaseFor(env), checked.picture, now);
      const url = mediaUrl(row.key);
      const block =
        values.format === 'html' ? pictureHtml(checked.picture.alt, url, row) : pictureMarkdown(checked.picture.alt, url);
      values.content = `${values.content.trimEnd()}\n\n${block}\n`;
      added = true;
      log.info('admin uploaded a picture', { key: row.key, bytes: row.bytes, use: 'text' });
    } else {
      errors.picture = checked.message;
      status ??= checked.status;
    }
  }
  return { values, errors, status, added };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A picture for a post written in HTML: with its size, like Markdown pictures get from the renderer. */
export const pictureHtml = (alt: string, url: string, size: { width: number; height: number }) =>
  `<img src="${url}" alt="${escapeAttribute(alt)}" width="${size.width}" height="${size.height}" loading="lazy">`;
