import { useState } from 'react';
import { checkAlt, MAX_PICTURE_BYTES, PICTURE_ACCEPT, PICTURES_ACCEPTED } from '../../src/media/picture-rules';
import { ADMIN_API, postToAdmin, type UploadedPicture } from './api';

export interface PendingPicture {
  file: File;
  /** Where the cursor was when the picture was chosen: it goes there. */
  at: number;
}

const ACCEPTED = PICTURE_ACCEPT.split(',');

/** A quick look at what the browser says about the file; the server judges the bytes themselves. */
function obviousProblem(file: File): string | undefined {
  if (file.size === 0) return `That file is empty. ${PICTURES_ACCEPTED}`;
  if (file.size > MAX_PICTURE_BYTES) return `That file is too large. ${PICTURES_ACCEPTED}`;
  if (file.type && !ACCEPTED.includes(file.type)) return `That file is not a picture we can show. ${PICTURES_ACCEPTED}`;
  return undefined;
}

/**
 * A picture for the text, chosen with the toolbar, dropped or pasted: held until the owner has
 * described it (alt text is required), then uploaded, and its Markdown (or HTML, for a post
 * written in HTML) handed to `insert`.
 */
export function usePictureInsert(csrf: string, insert: (markdown: string, at: number) => void) {
  const [pending, setPending] = useState<PendingPicture | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const choose = (file: File, at: number) => {
    setPending({ file, at });
    setError(obviousProblem(file));
  };

  const upload = async (altText: string, format: 'markdown' | 'html') => {
    if (!pending || busy) return;
    const alt = checkAlt(altText);
    if (!alt.ok) return setError(alt.message);
    if (obviousProblem(pending.file)) return;
    setBusy(true);
    setError(undefined);
    const result = await postToAdmin<UploadedPicture>(ADMIN_API.media, csrf, { file: pending.file, alt: alt.alt });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    insert(format === 'html' ? result.data.html : result.data.markdown, pending.at);
    setPending(null);
  };

  const cancel = () => {
    setPending(null);
    setError(undefined);
  };

  return { pending, error, busy, choose, upload, cancel };
}
