import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../src/components/button';
import { MAX_ALT_LENGTH } from '../../src/media/picture-rules';
import type { PendingPicture, UploadPhase } from './usePictureInsert';

export interface PictureDialogProps {
  pending: PendingPicture;
  alt: string;
  onAlt: (alt: string) => void;
  error?: string;
  phase: UploadPhase;
  /** Of the bytes to send, 0 to 1. */
  progress: number;
  onUpload: () => void;
  onCancel: () => void;
}

const PHASE_TEXT: Record<Exclude<UploadPhase, 'idle'>, (percent: number) => string> = {
  preparing: () => 'Making the photo smaller…',
  sending: (percent) => `Uploading… ${percent}%`,
  finishing: () => 'Uploaded 100%: saving the picture…',
};

/** The upload's progress: a real bar (bytes sent) with its percentage in words. */
function UploadProgress({ phase, progress }: { phase: Exclude<UploadPhase, 'idle'>; progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div className="picture-dialog__progress">
      <progress
        id="picture-dialog-progress"
        max={100}
        value={phase === 'preparing' ? undefined : percent}
        aria-labelledby="picture-dialog-status"
      />
      <p className="picture-dialog__status" id="picture-dialog-status" role="status">
        {PHASE_TEXT[phase](percent)}
      </p>
    </div>
  );
}

const kilobytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Asks for a picture's description before it is uploaded: a small panel under the text with the
 * picture itself, so the owner can see what they are describing, then shows the upload's progress
 * (Cancel stops it). Inside the editor's form, so
 * Enter in the field inserts the picture instead of submitting the post.
 */
export function PictureDialog({ pending, alt, onAlt, error, phase, progress, onUpload, onCancel }: PictureDialogProps) {
  const busy = phase !== 'idle';
  const [thumb, setThumb] = useState<string | undefined>();
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const url = URL.createObjectURL(pending.file);
    setThumb(url);
    field.current?.focus();
    return () => URL.revokeObjectURL(url);
  }, [pending.file]);
  // Asked to finish the picture before saving: the description field is where to act.
  useEffect(() => {
    if (error) field.current?.focus();
  }, [error]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onUpload();
    }
  };
  // Escape anywhere in the panel closes it, as it would a dialog.
  const onPanelKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };

  return (
    <section className="picture-dialog" aria-labelledby="picture-dialog-title" onKeyDown={onPanelKeyDown}>
      <h2 className="picture-dialog__title" id="picture-dialog-title">
        Add this picture to the text
      </h2>
      <div className="picture-dialog__body">
        {thumb && <img className="picture-dialog__thumb" src={thumb} alt="" width="160" height="120" />}
        <div className="picture-dialog__fields">
          <p className="admin-muted picture-dialog__file">{`${pending.file.name || 'Pasted picture'} · ${kilobytes(pending.file.size)}`}</p>
          <label className="lead-form__label" htmlFor="picture-dialog-alt">
            Describe the picture (alt text)
          </label>
          <input
            ref={field}
            id="picture-dialog-alt"
            className="lead-form__control"
            type="text"
            value={alt}
            maxLength={MAX_ALT_LENGTH}
            onChange={(event) => onAlt(event.target.value)}
            readOnly={busy}
            onKeyDown={onKeyDown}
            aria-describedby={error ? 'picture-dialog-error' : 'picture-dialog-hint'}
            aria-invalid={error ? true : undefined}
          />
          <p className="lead-form__hint" id="picture-dialog-hint">
            What it shows, for people who cannot see it: “Van parked outside a terraced house”.
          </p>
          {error && (
            <p className="lead-form__error" id="picture-dialog-error" role="alert">
              {error}
            </p>
          )}
          {phase !== 'idle' && <UploadProgress phase={phase} progress={progress} />}
          <div className="admin-form__actions">
            <button type="button" className={buttonClass('default', 'sm')} onClick={onUpload} disabled={busy}>
              Insert picture
            </button>
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={onCancel}>
              Cancel
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
