/** The live preview beside (or instead of) the text: the server's rendering, as /blog shows it. */
export function PreviewPane(props: { html: string; busy: boolean; error: string | undefined }) {
  return (
    <section className="post-editor__preview" aria-label="Preview" aria-busy={props.busy}>
      <p className="post-editor__preview-label">Preview</p>
      {props.error && <p className="lead-form__error">{props.error}</p>}
      <div
        className="post-content"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the server, as /blog shows it
        dangerouslySetInnerHTML={{ __html: props.html }}
      />
    </section>
  );
}
