/**
 * Straight double quotes in post text become curly ones (docs/spec.md §4), in HTML (outside tags, code
 * and attribute values) and in plain text. Kept apart from the sanitiser in ./html.ts, so pages
 * that only need quotes (the blog list) do not load the sanitiser's allow-lists.
 */

const TOKEN = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|<!--[\s\S]*?-->/g;
const STRAIGHT_QUOTE = /"|&quot;|&#34;|&#x22;/gi;
/** Text inside these keeps its straight quotes (code samples). */
const VERBATIM = new Set(['code', 'pre', 'kbd', 'samp']);
/** A quote right after one of these tags starts fresh: nothing precedes it on the line. */
const BLOCK = new Set([
  'p',
  'br',
  'hr',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'div',
  'figure',
  'figcaption',
  'table',
  'caption',
  'tr',
  'td',
  'th',
]);
/** After these characters a quote opens; after anything else it closes. */
const OPENS_AFTER = /[\s([{\u00a0\u2013\u2014\-/\u201c\u2018]/;
const ENTITY_AT_END = /&(#?[a-z0-9]+);$/i;
const SPACE_LIKE_ENTITIES = new Set(['nbsp', '#160', '#xa0', 'ndash', 'mdash', '#8211', '#8212', 'ldquo', 'lsquo']);

/** The character before position `end` of `text`, treating a trailing entity as one character. */
function charBefore(text: string, end: number, carried: string): string {
  if (end === 0) return carried;
  const head = text.slice(Math.max(0, end - 12), end);
  const entity = ENTITY_AT_END.exec(head);
  if (entity) return SPACE_LIKE_ENTITIES.has(entity[1]!.toLowerCase()) ? ' ' : 'x';
  return text[end - 1]!;
}

function curlText(text: string, carried: string, quotes = STRAIGHT_QUOTE): string {
  return text.replace(quotes, (_quote, offset: number, whole: string) => {
    const before = charBefore(whole, offset, carried);
    return before === '' || OPENS_AFTER.test(before) ? '\u201c' : '\u201d';
  });
}

/**
 * Turns straight double quotes in the text of an HTML fragment into curly ones (“ ”), never
 * touching tags, attribute values, comments or code. Expects well-formed markup, such as the
 * output of sanitizePostHtml.
 */
export function curlyQuotes(html: string): string {
  let out = '';
  let last = 0;
  let carried = '';
  let verbatimDepth = 0;
  const pushText = (text: string) => {
    if (!text) return;
    const result = verbatimDepth > 0 ? text : curlText(text, carried);
    out += result;
    carried = charBefore(result, result.length, carried);
  };
  for (const match of html.matchAll(TOKEN)) {
    pushText(html.slice(last, match.index));
    out += match[0];
    last = match.index + match[0].length;
    const name = match[1]?.toLowerCase();
    if (!name) continue;
    const closing = match[0].startsWith('</');
    if (VERBATIM.has(name)) verbatimDepth = Math.max(0, verbatimDepth + (closing ? -1 : 1));
    if (BLOCK.has(name)) carried = '';
  }
  pushText(html.slice(last));
  return out;
}

/** The same rule for plain text (a title or an excerpt), which React escapes afterwards. */
export function curlyQuotesInText(text: string): string {
  return curlText(text, '', /"/g);
}

/** What the blog page (and the admin preview) shows for a post's content. */
