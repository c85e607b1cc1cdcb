import { Extension } from '@tiptap/core';
import { type Editor, EditorContent } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { buildEditorInSteps } from './build-editor';
import type { EditKind } from './markdown-edits';
import { tidyVisualMarkdown } from './visual-markdown';

/**
 * The post's text as the owner sees it on the blog: headings, bold, lists, links and pictures as
 * themselves, no syntax (Tiptap, a ProseMirror editor, with its official Markdown bridge). What it
 * keeps is still Markdown: every change is handed to `onChange` as Markdown, which the form's
 * (hidden) textarea posts as `body` exactly as before. Loaded on its own by the editor island once
 * the page is running, so neither a public page nor the first paint of the editor waits for it.
 */

export interface VisualEditorApi {
  run: (kind: EditKind) => void;
  /** A picture's Markdown (from the upload), put where the cursor is. */
  insertMarkdown: (markdown: string) => void;
}

export interface VisualEditorProps {
  value: string;
  onChange: (markdown: string) => void;
  onReady: (api: VisualEditorApi | null) => void;
  /** A file dropped or pasted into the text: the picture panel takes it. */
  onFile: (file: File) => void;
  describedBy: string;
  invalid: boolean;
}

/** Asks for the address of a link (Link button, Ctrl/Cmd+K); an empty answer takes the link off. */
function promptLink(editor: Editor) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
  const href = window.prompt('Link to (a page of this site like /contact, or a full https:// address)', current);
  if (href === null) return;
  const chain = editor.chain().focus().extendMarkRange('link');
  if (href.trim() === '' || href.trim() === 'https://') chain.unsetLink().run();
  else if (editor.state.selection.empty && !editor.isActive('link')) {
    chain.insertContent({ type: 'text', text: href.trim(), marks: [{ type: 'link', attrs: { href: href.trim() } }] }).run();
  } else chain.setLink({ href: href.trim() }).run();
}

const RUN: Record<EditKind, (editor: Editor) => void> = {
  heading: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
  bold: (editor) => editor.chain().focus().toggleBold().run(),
  italic: (editor) => editor.chain().focus().toggleItalic().run(),
  link: promptLink,
  list: (editor) => editor.chain().focus().toggleBulletList().run(),
  quote: (editor) => editor.chain().focus().toggleBlockquote().run(),
};

/** Ctrl/Cmd+K asks for a link, as the toolbar's Link does (B and I come with the kit). */
const LinkShortcut = Extension.create({
  name: 'linkShortcut',
  addKeyboardShortcuts() {
    return {
      'Mod-k': () => {
        promptLink(this.editor);
        return true;
      },
    };
  },
});

const firstFile = (list: FileList | null | undefined) => (list && list.length > 0 ? list[0] : undefined);

/** The text's element: its label, hint and error state (aria-invalid only while the server refuses the text). */
const editorAttributes = (describedBy: string, invalid: boolean) => ({
  id: 'content-visual',
  class: 'post-content post-editor__visual-text',
  role: 'textbox',
  'aria-multiline': 'true',
  'aria-label': 'Content',
  'aria-describedby': describedBy,
  ...(invalid ? { 'aria-invalid': 'true' } : {}),
  spellcheck: 'true',
});

export default function VisualEditor({ value, onChange, onReady, onFile, describedBy, invalid }: VisualEditorProps) {
  // The Markdown this editor last handed out: a value that differs came from outside (kept text restored).
  const emitted = useRef(value);
  // The newest props, read by the editor's handlers, which are given to it once.
  const latest = useRef({ value, onChange, onFile, describedBy, invalid });
  latest.current = { value, onChange, onFile, describedBy, invalid };
  const [editor, setEditor] = useState<Editor | null>(null);

  useEffect(() => {
    let cancelled = false;
    let built: Editor | null = null;
    const start = latest.current;
    emitted.current = start.value;
    void buildEditorInSteps(
      ({ StarterKit, Image, Markdown }) => ({
        extensions: [
          StarterKit.configure({
            heading: { levels: [2, 3, 4] },
            // Not autolink: it makes a link "inclusive", so the full stop typed after it joined the link.
            link: { openOnClick: false, autolink: false, defaultProtocol: 'https' },
            underline: false,
          }),
          Image.configure({ inline: false }),
          Markdown,
          LinkShortcut,
        ],
        content: start.value,
        contentType: 'markdown',
        // Tiptap would add a <style> element, which the admin's CSP forbids: its few rules are in admin-editor.css.
        injectCSS: false,
        editorProps: {
          attributes: editorAttributes(start.describedBy, start.invalid),
          handlePaste: (_view, event) => {
            const file = firstFile(event.clipboardData?.files);
            if (!file) return false;
            latest.current.onFile(file);
            return true;
          },
          handleDrop: (_view, event) => {
            const file = firstFile((event as DragEvent).dataTransfer?.files);
            if (!file) return false;
            event.preventDefault();
            latest.current.onFile(file);
            return true;
          },
        },
        onUpdate: ({ editor: changed }) => {
          emitted.current = tidyVisualMarkdown(changed.getMarkdown());
          latest.current.onChange(emitted.current);
        },
      }),
      () => cancelled,
    ).then((ready) => {
      built = ready;
      if (ready) setEditor(ready);
    });
    return () => {
      cancelled = true;
      built?.destroy();
    };
  }, []);

  useEffect(() => {
    if (!editor) return;
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes: editorAttributes(describedBy, invalid) } });
  }, [editor, describedBy, invalid]);

  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { contentType: 'markdown', emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!editor) return;
    onReady({
      run: (kind) => RUN[kind](editor),
      insertMarkdown: (markdown) => {
        editor.chain().focus().insertContent(markdown, { contentType: 'markdown' }).run();
      },
    });
    return () => onReady(null);
  }, [editor, onReady]);

  return <EditorContent editor={editor} className="post-editor__visual" />;
}
