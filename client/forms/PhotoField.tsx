import { formatBytes, MAX_PHOTOS, PHOTO_ACCEPT, PHOTO_FIELD } from '../../src/rules/photo-fields';
import { FieldLabel } from './fields';
import type { PhotoPicker } from './usePhotoPicker';

const HINT = `Up to ${MAX_PHOTOS} photos of the problem, from your camera or your files: JPEG, PNG, WebP or iPhone (HEIC), 10 MB each.`;

/** Browsers other than Safari cannot draw HEIC/HEIF: those show a tile instead of a thumbnail. */
const drawable = (type: string) => type !== 'image/heic' && type !== 'image/heif';

/**
 * Photos of the problem. Without JavaScript: a plain file input in the form's multipart post.
 * Once hydrated: the input hides behind an "Add photos" button, and the picked photos show as
 * thumbnails, each with its own Remove.
 */
export function PhotoField({
  id,
  picker,
  error,
  hydrated,
}: {
  id: string;
  picker: PhotoPicker;
  error?: string;
  hydrated: boolean;
}) {
  const message = picker.error || error;
  const describedBy = [`${id}-hint`, message ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={message ? 'lead-form__field lead-form__field--invalid' : 'lead-form__field'}>
      <FieldLabel htmlFor={id} label="Photos" />
      <p className="lead-form__hint" id={`${id}-hint`}>
        {HINT}
      </p>
      <input
        ref={picker.input}
        id={id}
        name={PHOTO_FIELD}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple
        className={hydrated ? 'lead-form__file lead-form__file--behind' : 'lead-form__file'}
        tabIndex={hydrated ? -1 : undefined}
        aria-describedby={describedBy}
        aria-invalid={message ? true : undefined}
        onChange={picker.onPick}
      />
      {hydrated && (
        <button
          type="button"
          className="btn btn--outline lead-form__add-photos"
          onClick={() => picker.input.current?.click()}
          disabled={picker.full}
          aria-describedby={describedBy}
        >
          {picker.adding
            ? 'Adding photos…'
            : picker.full
              ? `${MAX_PHOTOS} photos added`
              : picker.photos.length > 0
                ? 'Add another photo'
                : 'Add photos'}
        </button>
      )}
      {picker.photos.length > 0 && (
        <ul className="lead-form__photos" aria-label="Photos to send">
          {picker.photos.map((photo, index) => (
            <li key={photo.url} className="lead-form__photo">
              {drawable(photo.type) ? (
                <img src={photo.url} alt="" width={64} height={64} />
              ) : (
                <span className="lead-form__photo-tile">HEIC</span>
              )}
              <span className="lead-form__photo-name">
                {photo.file.name || `Photo ${index + 1}`}
                <span className="lead-form__photo-size">{formatBytes(photo.file.size)}</span>
              </span>
              <button
                type="button"
                className="lead-form__photo-remove"
                onClick={() => picker.remove(index)}
                aria-label={`Remove ${photo.file.name || `photo ${index + 1}`}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {message && (
        <p className="lead-form__error" id={`${id}-error`} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
