import { MAX_SLUG_LENGTH } from '../../rules/slug';
import { Field } from '../shell/parts';
import { controlProps } from './control-props';
import type { EditorErrors } from './editor-errors';
import { KEYWORD_LIMITS, POST_LIMITS, type PostFormValues } from './post-form';

/** The fields most posts never need, folded away: the address, the author, keywords, the cover's address. */
const FOLDED = ['slug', 'author', 'keywords', 'image_url'] as const;

/**
 * "More settings": a closed <details> (open when one of its fields has an error, so the message
 * is seen). The slug is made from the title when left empty; the cover's address is filled by an
 * upload, or names a picture already on the site.
 */
export function MoreSettings({ values, errors }: { values: PostFormValues; errors: EditorErrors }) {
  const input = controlProps(values, errors);
  const open = FOLDED.some((name) => errors[name]);
  return (
    <details className="admin-more admin-field--wide" open={open}>
      <summary className="admin-more__summary">More settings</summary>
      <div className="admin-more__fields">
        <Field
          name="slug"
          label="Slug (the post's address)"
          error={errors.slug}
          hint="The address: /blog/<slug>. Left empty, it is made from the title."
        >
          <input
            {...input('slug', true)}
            type="text"
            maxLength={MAX_SLUG_LENGTH}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <Field name="author" label="Author" error={errors.author} required>
          <input {...input('author', false)} type="text" required maxLength={POST_LIMITS.author} autoComplete="name" />
        </Field>
        <Field
          name="keywords"
          label="Keywords"
          error={errors.keywords}
          hint={`Separated by commas, like blocked drain, CCTV survey (at most ${KEYWORD_LIMITS.count}).`}
          wide
        >
          <input {...input('keywords', true)} type="text" />
        </Field>
        <Field
          name="image_url"
          label="Cover picture address"
          error={errors.image_url}
          hint="Filled in when you upload a cover. Or the path of a picture already on this site, like /images/blog/blocked-drains.svg. Left empty, the first picture in the text is the cover."
          wide
        >
          <input
            {...input('image_url', true)}
            type="text"
            maxLength={POST_LIMITS.imageUrl}
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
      </div>
    </details>
  );
}
