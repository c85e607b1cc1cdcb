import { type KeyboardEvent, useEffect, useRef } from 'react';
import { applyEdit, continueList, type EditKind, SHORTCUTS } from './markdown-edits';

/**
 * The post editor's text area as the toolbar and keyboard change it: a change puts the
 * selection where it says once the new text is in, Enter continues a list, and Ctrl/Cmd with
 * B, I or K are the toolbar's buttons (Markdown only).
 */
export function useTextEdits(content: string, setContent: (value: string) => void, markdown: boolean) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);

  // After a button changes the text, put the selection where the change says.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the new text is in the textarea
  useEffect(() => {
    const selection = pendingSelection.current;
    if (!selection || !textarea.current) return;
    pendingSelection.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(selection[0], selection[1]);
  }, [content]);

  function setText(value: string, start: number, end: number) {
    pendingSelection.current = [start, end];
    setContent(value);
  }

  const edit = (kind: EditKind) => {
    const el = textarea.current;
    if (!el) return;
    const next = applyEdit(kind, { value: content, start: el.selectionStart, end: el.selectionEnd });
    setText(next.value, next.start, next.end);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!markdown || event.nativeEvent.isComposing) return;
    const el = event.currentTarget;
    const shortcut = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && SHORTCUTS[event.key.toLowerCase()];
    if (shortcut) {
      event.preventDefault();
      edit(shortcut);
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return;
    const next = continueList({ value: el.value, start: el.selectionStart, end: el.selectionEnd });
    if (!next) return;
    event.preventDefault();
    setText(next.value, next.start, next.end);
  };

  return { textarea, setText, edit, onKeyDown };
}
