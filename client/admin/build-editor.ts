import { Editor, type EditorOptions } from '@tiptap/core';

/**
 * Waits for a moment the browser has nothing else to do (or at most `timeout` ms), so each step
 * below is a task of its own: the page stays able to paint and answer a tap between them.
 */
const idle = (timeout: number) =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, 0);
  });

/**
 * Builds a Tiptap editor one step at a time instead of in one go (useEditor's `new Editor`):
 * its extensions and schema with the post's text; then its view (ProseMirror's DOM and plugins),
 * on a detached element that EditorContent takes over. Built in one task, the editor held the
 * main thread for about 200 ms on a throttled phone, after the island's own start; in steps, no
 * step blocks for long, and the plain text box answers meanwhile. Resolves to null, with nothing
 * left behind, once `cancelled()` says the editor is no longer wanted.
 */
export async function buildEditorInSteps(options: Partial<EditorOptions>, cancelled: () => boolean): Promise<Editor | null> {
  await idle(500);
  if (cancelled()) return null;
  const editor = new Editor({ ...options, element: null });
  await idle(200);
  if (cancelled()) {
    editor.destroy();
    return null;
  }
  editor.mount(document.createElement('div'));
  return editor;
}
