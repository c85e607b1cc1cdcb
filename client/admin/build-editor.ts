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
 * The extensions' code (the kit's nodes and marks, pictures, the Markdown bridge: about a third of
 * the editor's code), a chunk of its own, so evaluating it is a task apart from the editor's core.
 */
const loadKit = () =>
  Promise.all([import('@tiptap/starter-kit'), import('@tiptap/extension-image'), import('@tiptap/markdown')]).then(
    ([starterKit, image, markdown]) => ({ StarterKit: starterKit.StarterKit, Image: image.Image, Markdown: markdown.Markdown }),
  );

/** What the editor's options are made from. */
type EditorKit = Awaited<ReturnType<typeof loadKit>>;

/**
 * Builds a Tiptap editor one step at a time instead of in one go (useEditor's `new Editor`): the
 * extensions' code; the extensions and schema with the post's text; then the view (ProseMirror's
 * DOM and plugins), on a detached element that EditorContent takes over. Built in one task, the
 * editor held the main thread for 120 to 180 ms on a phone-speed CPU, right after its code's
 * evaluation; in steps, no step blocks for long, and the plain text box answers meanwhile.
 * Resolves to null, with nothing left behind, once `cancelled()` says the editor is no longer wanted.
 */
export async function buildEditorInSteps(
  options: (kit: EditorKit) => Partial<EditorOptions>,
  cancelled: () => boolean,
): Promise<Editor | null> {
  const kit = await loadKit();
  await idle(500);
  if (cancelled()) return null;
  const editor = new Editor({ ...options(kit), element: null });
  await idle(200);
  if (cancelled()) {
    editor.destroy();
    return null;
  }
  editor.mount(document.createElement('div'));
  return editor;
}
