import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../src/components/button';
import { MAX_ALT_LENGTH } from '../../src/media/picture-rules';
import type { PendingPicture } from './usePictureInsert';

export interface PictureDialogProps {
  pending: PendingPicture;
  error?: string;
  busy: boolean;
  onUpload: (alt: string) => void;
  onCancel: () => void;
}

const kilobytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Asks for a picture's description before it is uploaded: a small panel under the text with the
 * picture itself, so the owner can see what they are describing. Inside the editor's form, so
 * Enter in the field inserts the picture instead of submitting the post.
 */
export function PictureDialog({ pending, error, busy, onUpload, onCancel }: PictureDialogProps) {
  const [alt, setAlt] = useState('');
  const [thumb, setThumb] = useState<string | undefined>();
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const url = URL.createObjectURL(pending.file);
    setThumb(url);
    field.current?.focus();
    return () => URL.revokeObjectURL(url);
  }, [pending.file]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onUpload(alt);
    } else if (event.key === 'Escape') {
      onCancel();
    }
  };

  return (
    <section className="picture-dialog" aria-labelledby="picture-dialog-title">
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
            onChange={(event) => setAlt(event.target.value)}
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
          <div className="admin-form__actions">
            <button type="button" className={buttonClass('default', 'sm')} onClick={() => onUpload(alt)} disabled={busy}>
              {busy ? 'Uploading…' : 'Insert picture'}
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
