import PictureDrop from '../../../client/admin/islands/PictureDrop';
import { Island } from '../../components/Island';
import { parseMediaUrl } from '../../media/keys';
import { MAX_ALT_LENGTH } from '../../media/picture-rules';
import { describedBy, Field } from '../shell/parts';
import { controlProps } from './control-props';
import type { EditorErrors } from './editor-errors';
import { isSiteImagePath, type PostFormValues } from './post-form';

/**
 * The cover picture: the current one, a file input to upload a new one (drag-and-drop and paste
 * with JavaScript) and its description. Its address, which an upload fills in, is under "More
 * settings" (./MoreSettings.tsx). Without a cover the post takes the first picture in its text.
 */
export function CoverField({ values, errors }: { values: PostFormValues; errors: EditorErrors }) {
  const current = isSiteImagePath(values.image_url) ? values.image_url : undefined;
  const size = current ? parseMediaUrl(current) : null;
  const text = controlProps(values, errors);
  return (
    <fieldset className="admin-fieldset admin-field--wide">
      <legend className="admin-fieldset__legend">Cover picture (optional)</legend>
      {current && (
        <img
          className="admin-cover"
          src={current}
          alt={values.image_alt}
          width={size?.width ?? 1200}
          height={size?.height ?? 675}
          decoding="async"
        />
      )}
      <Field
        name="cover"
        label={current ? 'Upload a new one' : 'Upload a picture'}
        error={errors.cover}
        hint="A photo from your phone is fine: JPEG, PNG, WebP or AVIF, up to 10 MB. The blog and a shared link show the same picture, as it shows here."
      >
        <Island
          name="PictureDrop"
          component={PictureDrop}
          props={{
            id: 'cover',
            name: 'cover',
            describedBy: describedBy('cover', true, Boolean(errors.cover)),
            invalid: Boolean(errors.cover),
            aspect: 16 / 9,
          }}
        />
      </Field>
      <Field
        name="image_alt"
        label="Describe the cover picture (alt text)"
        error={errors.image_alt}
        hint="What it shows, for people who cannot see it: “Engineer lifting a manhole cover in a back garden”. Needed with a cover."
      >
        <input {...text('image_alt', true)} type="text" maxLength={MAX_ALT_LENGTH} />
      </Field>
    </fieldset>
  );
}
