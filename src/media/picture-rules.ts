import { isCleanText, isOneLine } from '../rules/text';

/**
 * The rules for a post picture that the browser can check too (the admin's editor island):
 * browser-safe, no imports beyond the shared text rules. The server judges every file again.
 */

export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
export const MAX_ALT_LENGTH = 250;
/** What every refusal ends with, so the owner knows what will work. */
export const PICTURES_ACCEPTED = 'We accept JPEG, PNG, WebP and AVIF pictures up to 10 MB.';
/** The file chooser's filter. Without HEIC in it, an iPhone hands over its photos as JPEG. */
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** An alt text, or the message saying what is wrong with it. */
export function checkAlt(value: unknown): { ok: true; alt: string } | { ok: false; message: string } {
  const alt = typeof value === 'string' ? value.trim() : '';
  if (!alt) return { ok: false, message: 'Describe the picture in a few words (alt text), for people who cannot see it.' };
  if (!isOneLine(alt) || !isCleanText(alt)) return { ok: false, message: 'Keep the picture description on one plain line.' };
  if (alt.length > MAX_ALT_LENGTH)
    return { ok: false, message: `Keep the picture description under ${MAX_ALT_LENGTH} characters.` };
  return { ok: true, alt };
}

/** Markdown for a picture: brackets in the alt text would end it early, so they become parentheses. */
export const pictureMarkdown = (alt: string, url: string) => `![${alt.replace(/\[/g, '(').replace(/\]/g, ')')}](${url})`;
