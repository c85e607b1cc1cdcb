import { buttonClass } from '../../src/components/button';
import type { EditKind } from './markdown-edits';

const BUTTONS: { kind: EditKind; label: string; title: string }[] = [
  { kind: 'heading', label: 'Heading', title: 'Heading (## at the start of the line)' },
  { kind: 'bold', label: 'Bold', title: 'Bold (**text**)' },
  { kind: 'italic', label: 'Italic', title: 'Italic (_text_)' },
  { kind: 'link', label: 'Link', title: 'Link ([text](https://…))' },
  { kind: 'list', label: 'List', title: 'List (- at the start of each line)' },
  { kind: 'quote', label: 'Quote', title: 'Quote (> at the start of each line)' },
];

export interface ToolbarProps {
  onEdit: (kind: EditKind) => void;
  onPicture: () => void;
  /** Narrow screens show the text or the preview; wide ones show both and hide this button. */
  previewing: boolean;
  onTogglePreview: () => void;
  markdown: boolean;
}

/** The Markdown toolbar: each button writes the Markdown into the text, where the owner can see and learn it. */
export function Toolbar({ onEdit, onPicture, previewing, onTogglePreview, markdown }: ToolbarProps) {
  return (
    <div className="post-editor__toolbar" role="toolbar" aria-label="Formatting" aria-controls="content">
      {markdown &&
        BUTTONS.map((button) => (
          <button
            key={button.kind}
            type="button"
            className={buttonClass('outline', 'sm', `post-editor__tool post-editor__tool--${button.kind}`)}
            title={button.title}
            onClick={() => onEdit(button.kind)}
            disabled={previewing}
          >
            {button.label}
          </button>
        ))}
      <button
        type="button"
        className={buttonClass('outline', 'sm', 'post-editor__tool post-editor__tool--picture')}
        onClick={onPicture}
        disabled={previewing}
      >
        Picture
      </button>
      <button
        type="button"
        className={buttonClass('secondary', 'sm', 'post-editor__tool post-editor__preview-toggle')}
        aria-pressed={previewing}
        onClick={onTogglePreview}
      >
        {previewing ? 'Back to text' : 'Show preview'}
      </button>
    </div>
  );
}
