import { type ComponentType, useEffect, useState } from 'react';
import type { VisualEditorApi, VisualEditorProps } from './VisualEditor';

/**
 * What the visual editor cannot show as itself, so a post holding it stays in the Markdown text
 * box rather than lose it on the way through: tables and HTML.
 */
export const visualFits = (markdown: string) => !/^\s*\|/m.test(markdown) && !/<[a-z!/]/i.test(markdown);

type VisualEditorModule = { default: ComponentType<VisualEditorProps> };
let loadVisualEditor: (() => Promise<VisualEditorModule>) | null = null;

/**
 * Called by the browser's admin island registry (adminIslandLoaders) only: the Worker renders
 * this island too, and a dynamic import written here would put Tiptap and ProseMirror (about
 * 500 KB) into the Worker's bundle, compiled by every cold isolate (docs/decisions/039-the-post-editor-is-visual-markdown-stays-what-is-stored.md). On the
 * server no loader is given, so the editor renders its text box, as the browser's first paint does.
 */
export const provideVisualEditor = (load: () => Promise<VisualEditorModule>) => {
  loadVisualEditor = load;
};

/**
 * Loads the visual editor (its own chunk: Tiptap and ProseMirror, admin-only) once the editor is
 * running, for a Markdown post it can show. Until it arrives, or if it cannot load, the plain
 * text box stays, as without JavaScript.
 */
export function useVisualEditor(wanted: boolean) {
  const [Editor, setEditor] = useState<ComponentType<VisualEditorProps> | null>(null);
  const [api, setApi] = useState<VisualEditorApi | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || Editor || !loadVisualEditor) return;
    let live = true;
    loadVisualEditor()
      .then((module) => {
        if (live) setEditor(() => module.default);
      })
      .catch(() => {
        // The text box stays: a post can still be written and saved.
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [wanted, Editor]);
  return { Editor: wanted ? Editor : null, api: wanted ? api : null, setApi, failed };
}

/**
 * The help under "Content" names only what this screen has: the visual editor's buttons; the
 * Picture button (there is no dragging on a phone); or, without JavaScript, the picture field below.
 */
export function editorHint(serverHint: string, format: 'markdown' | 'html', running: boolean, visual: boolean): string {
  if (visual)
    return 'Write as you would a message. The buttons make headings, bold, italic, links, lists and quotes; Picture adds a photo, described in a few words.';
  if (format === 'markdown' && running) {
    return 'Markdown: ## Heading, **bold**, _italic_, [link text](https://…), - list items, > quote, | tables |. Pictures: add them with Picture, and describe each one.';
  }
  return serverHint;
}
