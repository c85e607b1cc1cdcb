import { type KeyboardEvent, type RefObject, useRef, useState } from 'react';
import { buttonClass } from '../../src/components/button';
import type { EditKind } from './markdown-edits';

const BUTTONS: { kind: EditKind; label: string; title: string }[] = [
  { kind: 'heading', label: 'Heading', title: 'Heading (## at the start of the line)' },
  { kind: 'bold', label: 'Bold', title: 'Bold (**text**), Ctrl+B' },
  { kind: 'italic', label: 'Italic', title: 'Italic (_text_), Ctrl+I' },
  { kind: 'link', label: 'Link', title: 'Link ([text](https://…)), Ctrl+K' },
  { kind: 'list', label: 'List', title: 'List (- at the start of each line)' },
  { kind: 'quote', label: 'Quote', title: 'Quote (> at the start of each line)' },
];

export interface ToolbarProps {
  onEdit: (kind: EditKind) => void;
  onPicture: () => void;
  /** The Picture button, which gets the focus back when the picture panel closes. */
  pictureButton: RefObject<HTMLButtonElement | null>;
  /** Narrow screens show the text or the preview; wide ones show both and hide this button. */
  previewing: boolean;
  onTogglePreview: () => void;
  markdown: boolean;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * The Markdown toolbar: each button writes the Markdown into the text, where the owner can see
 * and learn it. One Tab stop (a roving tabindex): the arrow keys, Home and End move along it.
 */
export function Toolbar({ onEdit, onPicture, pictureButton, previewing, onTogglePreview, markdown }: ToolbarProps) {
  const bar = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move || !bar.current) return;
    // Enabled and shown (wide screens hide the preview toggle).
    const buttons = [...bar.current.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')].filter(
      (button) => button.offsetParent !== null,
    );
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1 || buttons.length === 0) return;
    event.preventDefault();
    const next = buttons[move(at, buttons.length)]!;
    setCurrent(Number(next.dataset.index));
    next.focus();
  };
  // The tab stop follows the last button used (or focused), and never rests on a disabled one.
  const stop = (index: number) => ({
    'data-index': index,
    tabIndex: index === (previewing ? LAST : current) ? 0 : -1,
    onFocus: () => setCurrent(index),
  });

  return (
    <div
      className="post-editor__toolbar"
      role="toolbar"
      aria-label="Formatting"
      aria-controls="content"
      ref={bar}
      onKeyDown={onKeyDown}
    >
      {markdown &&
        BUTTONS.map((button, index) => (
          <button
            key={button.kind}
            type="button"
            className={buttonClass('outline', 'sm', `post-editor__tool post-editor__tool--${button.kind}`)}
            title={button.title}
            onClick={() => onEdit(button.kind)}
            // A tap on a button leaves the cursor in the text, so what is typed next goes there.
            onMouseDown={(event) => event.preventDefault()}
            disabled={previewing}
            {...stop(index)}
          >
            {button.label}
          </button>
        ))}
      <button
        ref={pictureButton}
        type="button"
        className={buttonClass('outline', 'sm', 'post-editor__tool post-editor__tool--picture')}
        onClick={onPicture}
        disabled={previewing}
        aria-haspopup="dialog"
        {...stop(markdown ? BUTTONS.length : 0)}
      >
        Picture
      </button>
      <button
        type="button"
        className={buttonClass('secondary', 'sm', 'post-editor__tool post-editor__preview-toggle')}
        aria-pressed={previewing}
        onClick={onTogglePreview}
        {...stop(LAST)}
      >
        {previewing ? 'Back to text' : 'Show preview'}
      </button>
    </div>
  );
}

/** The preview toggle's index: the one button never disabled. */
const LAST = 99;
