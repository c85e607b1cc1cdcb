/**
 * The Markdown the visual editor hands out, tidied: an empty paragraph (Enter pressed twice, as
 * anyone used to a text box does) comes out of the serialiser as extra blank lines or a lone
 * `&nbsp;`; neither is anybody's text, and the blog would not show them. Fenced code is left as it is.
 */
export function tidyVisualMarkdown(markdown: string): string {
  return markdown
    .split(/(^```[^\n]*\n[\s\S]*?^```$)/m)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/^(?:&nbsp;|\u00a0)[ \t]*$/gm, '').replace(/\n{3,}/g, '\n\n')))
    .join('')
    .replace(/^\s+/, '')
    .replace(/\s+$/, '');
}
