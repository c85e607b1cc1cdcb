import { useRef, useState } from 'react';
import { CSRF_FIELD } from '../../src/admin/auth/session-fields';
import { checkAlt, MAX_PICTURE_BYTES, PICTURE_ACCEPT, PICTURES_ACCEPTED } from '../../src/media/picture-rules';
import { shrinkPhoto } from '../shrink-photo';
import { ADMIN_API, type Upload, type UploadedPicture, uploadToAdmin } from './api';

export interface PendingPicture {
  file: File;
  /** Where the cursor was when the picture was chosen: it goes there. */
  at: number;
}

/** What the panel shows while a picture goes up: the photo made smaller, then the bytes sent, then the server's answer. */
export type UploadPhase = 'idle' | 'preparing' | 'sending' | 'finishing';

const ACCEPTED = PICTURE_ACCEPT.split(',');

/** A quick look at what the browser says about the file; the server judges the bytes themselves. */
function obviousProblem(file: File): string | undefined {
  if (file.size === 0) return `That file is empty. ${PICTURES_ACCEPTED}`;
  if (file.type && !ACCEPTED.includes(file.type)) return `That file is not a picture we can show. ${PICTURES_ACCEPTED}`;
  return undefined;
}

/** Takes back a picture whose upload finished after Cancel: only one this upload added, and the server refuses if a post uses it. */
function removeUploaded(csrf: string, picture: UploadedPicture) {
  if (!picture.created) return;
  const body = new FormData();
  body.set(CSRF_FIELD, csrf);
  const name = picture.url.slice('/media/'.length);
  void fetch(`/admin/media/${encodeURIComponent(name)}/delete`, { method: 'POST', body, redirect: 'manual' }).catch(() => {});
}

/**
 * A picture for the text, chosen with the toolbar, dropped or pasted: held until the owner has
 * described it (alt text is required), made smaller when it is a large photo, uploaded with its
 * progress shown, and its Markdown (or HTML, for a post written in HTML) handed to `insert`.
 * Cancel stops the upload and inserts nothing.
 */
export function usePictureInsert(csrf: string, insert: (markdown: string, at: number) => void) {
  const [pending, setPending] = useState<PendingPicture | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [progress, setProgress] = useState(0);
  const active = useRef<{ upload?: Upload<UploadedPicture>; cancelled: boolean } | null>(null);

  const reset = () => {
    setPending(null);
    setAlt('');
    setError(undefined);
    setPhase('idle');
    setProgress(0);
  };

  const choose = (file: File, at: number) => {
    if (active.current) return;
    setPending({ file, at });
    setAlt('');
    setError(obviousProblem(file));
  };

  /** Uploads the pending picture and inserts it; true once it is in the text. */
  const upload = async (format: 'markdown' | 'html'): Promise<boolean> => {
    if (!pending || active.current) return false;
    const checked = checkAlt(alt);
    if (!checked.ok) {
      setError(checked.message);
      return false;
    }
    if (obviousProblem(pending.file)) return false;
    const job: { upload?: Upload<UploadedPicture>; cancelled: boolean } = { cancelled: false };
    active.current = job;
    setError(undefined);
    setPhase('preparing');
    const file = await shrinkPhoto(pending.file);
    if (job.cancelled) return false;
    if (file.size > MAX_PICTURE_BYTES) {
      active.current = null;
      setPhase('idle');
      setError(`That file is too large. ${PICTURES_ACCEPTED}`);
      return false;
    }
    setPhase('sending');
    setProgress(0);
    job.upload = uploadToAdmin<UploadedPicture>(ADMIN_API.media, csrf, { file, alt: checked.alt }, (fraction) => {
      setProgress(fraction);
      if (fraction >= 1) setPhase('finishing');
    });
    const result = await job.upload.result;
    if (active.current === job) active.current = null;
    if (job.cancelled) {
      if (result.ok) removeUploaded(csrf, result.data);
      return false;
    }
    if (!result.ok) {
      setPhase('idle');
      setError(result.error);
      return false;
    }
    insert(format === 'html' ? result.data.html : result.data.markdown, pending.at);
    reset();
    return true;
  };

  /** Cancel: stops sending at once; a picture whose bytes had all gone is taken back when its answer comes. */
  const cancel = () => {
    const job = active.current;
    if (job) {
      job.cancelled = true;
      active.current = null;
      if (job.upload && !job.upload.sent()) job.upload.abort();
    }
    reset();
  };

  /** Asks the owner, in the panel, to finish a chosen picture before the post is saved. */
  const ask = (message: string) => setError(message);

  return { pending, alt, setAlt, error, phase, progress, busy: phase !== 'idle', choose, upload, cancel, ask };
}
