import { FieldLabel } from '../forms/fields';

/** The two formats a post is written in. */
export type PostFormat = 'markdown' | 'html';

/** The post's format: a choice only for a post already written in HTML; every new post is Markdown. */
export function FormatField(props: { choice: boolean; format: PostFormat; onFormat: (format: PostFormat) => void }) {
  if (!props.choice) return <input type="hidden" name="format" value="markdown" />;
  return (
    <div className="lead-form__field">
      <FieldLabel htmlFor="format" label="Written in" required />
      <select
        id="format"
        name="format"
        className="lead-form__control post-editor__format"
        value={props.format}
        onChange={(event) => props.onFormat(event.target.value === 'html' ? 'html' : 'markdown')}
      >
        <option value="markdown">Markdown (recommended)</option>
        <option value="html">HTML</option>
      </select>
    </div>
  );
}
