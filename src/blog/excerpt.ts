import { Lexer, type Token } from 'marked';

/**
 * A post's excerpt when the owner writes none: the text of its first paragraph, as plain words
 * (no Markdown marks, tags or pictures), cut at a word near EXCERPT_LENGTH. Used when a post is
 * saved, and by the page's description and the feed for any post stored without one.
 */

/** Long enough for the blog card's three lines and a search result's description. */
const EXCERPT_LENGTH = 300;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
const decodeEntities = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!);

function inlineText(tokens: readonly Token[] | undefined): string {
  let text = '';
  for (const token of tokens ?? []) {
    if (token.type === 'image' || token.type === 'html') continue;
    if (token.type === 'br') text += ' ';
    else if ('tokens' in token && token.tokens && token.tokens.length > 0) text += inlineText(token.tokens);
    else if ('text' in token && typeof token.text === 'string') text += token.text;
  }
  return text;
}

function firstMarkdownParagraph(markdown: string): string {
  for (const token of new Lexer().lex(markdown)) {
    if (token.type !== 'paragraph') continue;
    const text = decodeEntities(inlineText(token.tokens));
    if (text.trim()) return text;
  }
  return '';
}

function firstHtmlParagraph(html: string): string {
  for (const match of html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/gi)) {
    const text = decodeEntities(match[1]!.replace(/<[^>]*>/g, ''));
    if (text.trim()) return text;
  }
  return '';
}

/** Cuts at the last word break before `max`, with an ellipsis, so no word is halved. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** The first paragraph of a post's text as its excerpt; '' when the text has no paragraph. */
export function excerptFromContent(content: string, format: 'markdown' | 'html', max = EXCERPT_LENGTH): string {
  const paragraph = format === 'html' ? firstHtmlParagraph(content) : firstMarkdownParagraph(content);
  return shorten(paragraph.replace(/\s+/g, ' ').trim(), max);
}
