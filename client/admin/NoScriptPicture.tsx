import { buttonClass } from '../../src/components/button';
import { MAX_ALT_LENGTH, PICTURE_ACCEPT } from '../../src/media/picture-rules';
import { FieldLabel } from '../forms/fields';

/**
 * Adding a picture to the text without JavaScript: a plain file input and its description, sent
 * with the whole form by 'Add picture to the text' (or by Save or Preview: a chosen picture is
 * never dropped). The server stores it and puts its Markdown at the end of the text. Replaced by
 * the toolbar, drag-and-drop and paste once the editor's script runs.
 */
export function NoScriptPicture({ alt, error }: { alt: string; error?: string }) {
  return (
    <fieldset className="post-editor__add-picture">
      <legend className="lead-form__label">Add a picture to the text</legend>
      <div className={`lead-form__field${error ? ' lead-form__field--invalid' : ''}`}>
        <FieldLabel htmlFor="picture" label="Picture" required={false} />
        <input
          id="picture"
          name="picture"
          type="file"
          accept={PICTURE_ACCEPT}
          className="lead-form__control"
          aria-describedby={error ? 'picture-hint picture-error' : 'picture-hint'}
          aria-invalid={error ? true : undefined}
        />
        <p className="lead-form__hint" id="picture-hint">
          JPEG, PNG, WebP or AVIF, up to 10 MB: a photo from your phone is fine.
        </p>
        {error && (
          <p className="lead-form__error" id="picture-error">
            {error}
          </p>
        )}
      </div>
      <div className="lead-form__field">
        {/* Required with a picture (the star), but not by the browser: the form's other buttons send without one. */}
        <FieldLabel htmlFor="picture_alt" label="Describe the picture (alt text)" required />
        <input
          id="picture_alt"
          name="picture_alt"
          type="text"
          defaultValue={alt}
          maxLength={MAX_ALT_LENGTH}
          className="lead-form__control"
          aria-describedby="picture_alt-hint"
        />
        <p className="lead-form__hint" id="picture_alt-hint">
          What it shows, for people who cannot see it. Needed for every picture.
        </p>
      </div>
      <button type="submit" name="intent" value="picture" className={buttonClass('outline', 'sm')} formNoValidate>
        Add picture to the text
      </button>
    </fieldset>
  );
}
