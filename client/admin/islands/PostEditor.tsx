import { type ClipboardEvent, type DragEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { PICTURE_ACCEPT } from '../../../src/media/picture-rules';
import { FieldLabel } from '../../forms/fields';
import type { KeptValues } from '../autosave';
import { FormatField, type PostFormat } from '../FormatField';
import { insertBlock } from '../markdown-edits';
import { NoScriptPicture } from '../NoScriptPicture';
import { PictureDialog } from '../PictureDialog';
import { PreviewPane } from '../PreviewPane';
import { RestoreOffer } from '../RestoreOffer';
import { Toolbar } from '../Toolbar';
import { useKeptText } from '../useKeptText';
import { useLivePreview } from '../useLivePreview';
import { usePendingPictureGuard } from '../usePendingPictureGuard';
import { usePictureInsert } from '../usePictureInsert';
import { useTextEdits } from '../useTextEdits';
import { editorHint, useVisualEditor, visualFits } from '../useVisualEditor';

export { provideVisualEditor } from '../useVisualEditor';
export type { PostFormat };

/** Where the editor page leaves room for the offer to restore kept text: at its top. */
export const RESTORE_SLOT_ID = 'post-editor-restore';

export interface PostEditorProps {
  content: string;
  format: PostFormat;
  /** Shown only for a post already written in HTML: every new post is Markdown. */
  formatChoice: boolean;
  contentError?: string;
  contentHint: Record<PostFormat, string>;
  contentMaxLength: number;
  /** The picture adder without JavaScript: its description, kept after a refusal, and the refusal. */
  pictureAlt: string;
  pictureError?: string;
  csrf: string;
  /** Whose unsaved text this browser keeps: the post's id, or 'new'. */
  draftKey: string;
  /** This page follows the first save of a new post: what this browser kept for 'new' is saved now. */
  justCreated: boolean;
  typedBeforeStart?: Record<string, string>;
}

const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/**
 * The post's text (an admin-only island, loaded by the admin document only). On the server and
 * without JavaScript: the format, the text and a plain picture upload. With it: a Markdown
 * toolbar, a live preview rendered by the server (beside the text on wide screens), pictures by
 * button, drag-and-drop or paste (each described before it is uploaded), and the unsaved text
 * kept in this browser with an offer to restore it.
 */
export default function PostEditor(props: PostEditorProps) {
  const [mounted, setMounted] = useState(false);
  const [content, setContent] = useState(props.typedBeforeStart?.content ?? props.content);
  const [format, setFormat] = useState<PostFormat>(props.typedBeforeStart?.format === 'html' ? 'html' : props.format);
  const [previewing, setPreviewing] = useState(false);
  const [dragging, setDragging] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pictureButton = useRef<HTMLButtonElement>(null);
  const { textarea, setText, edit, onKeyDown } = useTextEdits(content, setContent, format === 'markdown');

  const applyKept = (values: KeptValues) => {
    if (values.content !== undefined) setContent(values.content);
    if (values.format === 'html' || values.format === 'markdown') setFormat(values.format);
  };
  const kept = useKeptText(root, props.draftKey, props.justCreated, applyKept);
  // A Markdown post is written in the visual editor once it has loaded; one with a table or HTML stays text.
  const [fits] = useState(() => visualFits(props.typedBeforeStart?.content ?? props.content));
  const visual = useVisualEditor(mounted && format === 'markdown' && fits);
  // The text box gives way once the visual editor has drawn itself, in one frame, so nothing below moves twice.
  const visualOn = !!visual.Editor && !!visual.api;
  // The help as it will read once the editor runs: the visual editor's, unless this post stays text.
  const runningHint = () => editorHint(props.contentHint[format], format, true, format === 'markdown' && fits && !visual.failed);
  const preview = useLivePreview(content, format, props.csrf, mounted);
  const picture = usePictureInsert(props.csrf, (markdown, at) => {
    if (visual.api) return visual.api.insertMarkdown(markdown);
    const next = insertBlock(
      { value: content, start: Math.min(at, content.length), end: Math.min(at, content.length) },
      markdown,
    );
    setText(next.value, next.start, next.end);
  });

  useEffect(() => setMounted(true), []);
  // Every change of the text, typed or made by a button, is kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of the text; schedule is stable
  useEffect(() => {
    if (mounted) kept.schedule();
  }, [content, format]);

  // A file dropped beside the drop zones would open in the tab, leaving the editor.
  useEffect(() => {
    const stay = (event: globalThis.DragEvent) => {
      if (event.dataTransfer && [...event.dataTransfer.types].includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', stay);
    window.addEventListener('drop', stay);
    return () => {
      window.removeEventListener('dragover', stay);
      window.removeEventListener('drop', stay);
    };
  }, []);

  usePendingPictureGuard(root, picture, format);

  // Closing the picture panel (Cancel or Escape) gives the focus back to the button that opened it.
  const closePicture = () => {
    picture.cancel();
    pictureButton.current?.focus();
  };

  const choose = (file: File | undefined) => {
    if (file) picture.choose(file, textarea.current?.selectionStart ?? content.length);
  };
  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    setDragging(false);
    if (!hasFiles(event)) return;
    event.preventDefault();
    choose(event.dataTransfer.files[0]);
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const file = event.clipboardData.files[0];
    if (!file) return;
    event.preventDefault();
    choose(file);
  };
  const insertUploaded = () => void picture.upload(format);

  // The offer shows at the top of the page (a slot the server leaves there), where the owner lands.
  const restoreSlot = mounted ? document.getElementById(RESTORE_SLOT_ID) : null;
  const offer = kept.offer && <RestoreOffer savedAt={kept.offer.savedAt} onRestore={kept.restore} onDiscard={kept.discard} />;
  const hintId = 'content-hint';
  const errorId = 'content-error';
  return (
    <div className={`post-editor${previewing ? ' post-editor--previewing' : ''}`} ref={root}>
      {offer && (restoreSlot ? createPortal(offer, restoreSlot) : offer)}
      <FormatField choice={props.formatChoice} format={format} onFormat={setFormat} />
      <div className={`lead-form__field${props.contentError ? ' lead-form__field--invalid' : ''}`}>
        <FieldLabel htmlFor="content" label="Content" required />
        <p className="lead-form__hint" id={hintId}>
          {mounted ? (
            runningHint()
          ) : (
            // Before the script starts, the help it will show keeps its place; without scripting, the form's own.
            <>
              <span className="post-editor__with-script">{runningHint()}</span>
              <span className="post-editor__without-script">{props.contentHint[format]}</span>
            </>
          )}
        </p>
        {!mounted && (
          // The toolbar's place, kept while the script starts (CSS hides it where there is no scripting).
          <div className="post-editor__toolbar-waiting" aria-hidden="true" inert>
            <Toolbar
              onEdit={() => {}}
              onPicture={() => {}}
              previewing={false}
              onTogglePreview={() => {}}
              pictureButton={{ current: null }}
              markdown={format === 'markdown'}
            />
          </div>
        )}
        {mounted && (
          <Toolbar
            onEdit={visual.api ? visual.api.run : edit}
            onPicture={() => fileInput.current?.click()}
            previewing={previewing}
            onTogglePreview={() => setPreviewing((on) => !on)}
            pictureButton={pictureButton}
            markdown={format === 'markdown'}
          />
        )}
        <div className="post-editor__panes">
          {visual.Editor && (
            <div hidden={!visualOn}>
              <visual.Editor
                value={content}
                onChange={setContent}
                onReady={visual.setApi}
                onFile={(file) => picture.choose(file, content.length)}
                describedBy={props.contentError ? `${hintId} ${errorId}` : hintId}
                invalid={!!props.contentError}
              />
            </div>
          )}
          <textarea
            hidden={visualOn}
            ref={textarea}
            id="content"
            name="content"
            className={`lead-form__control admin-code post-editor__text${dragging ? ' post-editor__text--drop' : ''}`}
            rows={18}
            required={!visualOn}
            maxLength={props.contentMaxLength}
            spellCheck
            value={content}
            onChange={(event) => setContent(event.target.value)}
            onDragOver={(event) => {
              if (!hasFiles(event)) return;
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            onPaste={onPaste}
            onKeyDown={onKeyDown}
            aria-invalid={props.contentError ? true : undefined}
            aria-describedby={props.contentError ? `${hintId} ${errorId}` : hintId}
          />
          {mounted && <PreviewPane html={preview.html} busy={preview.busy} error={preview.error} />}
        </div>
        {props.contentError && (
          <p className="lead-form__error" id={errorId}>
            {props.contentError}
          </p>
        )}
      </div>
      {mounted && (
        <input
          ref={fileInput}
          type="file"
          accept={PICTURE_ACCEPT}
          hidden
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      )}
      {picture.pending && (
        <PictureDialog
          pending={picture.pending}
          alt={picture.alt}
          onAlt={picture.setAlt}
          error={picture.error}
          phase={picture.phase}
          progress={picture.progress}
          onUpload={insertUploaded}
          onCancel={closePicture}
        />
      )}
      {!mounted && <NoScriptPicture alt={props.pictureAlt} error={props.pictureError} />}
    </div>
  );
}
