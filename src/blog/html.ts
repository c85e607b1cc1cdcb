// The default export: the only one every loader (esbuild, Node, the workerd test runner) resolves from this CommonJS package.
import filterXSS, { type IFilterXSSOptions, type IWhiteList } from 'xss';
import { markdownToHtml } from './markdown';

/**
 * Post content is Markdown or HTML written by the owner (the admin, or SQL). Either way the HTML
 * is sanitised against an allow-list every time it is shown, so a bad row can never put script,
 * event handlers, frames or `javascript:` links on the page. Pure functions, shared with the
 * admin preview.
 */

const ALLOWED: IWhiteList = {
  h2: ['id'],
  h3: ['id'],
  h4: ['id'],
  p: [],
  br: [],
  hr: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: ['cite'],
  strong: [],
  b: [],
  em: [],
  i: [],
  small: [],
  sub: [],
  sup: [],
  abbr: ['title'],
  code: [],
  pre: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height', 'loading', 'decoding', 'title', 'srcset', 'sizes'],
  figure: [],
  figcaption: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['scope'],
  td: [],
};

/** Tags removed together with everything inside them. */
const DROP_WITH_BODY = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'textarea',
  'select',
];

const SAFE_HREF = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
const SAFE_SRC = /^(?:https:\/\/|\/(?!\/))/i;
const NUMBER = /^\d{1,5}$/;
/** srcset candidates are our own paths with a width ('/cdn-cgi/image/width=640,.../media/x.jpg 640w'). */
const SRCSET_CANDIDATE = /^\/(?!\/)\S+ \d{1,5}w$/;
const SIZES = /^[a-z0-9().,:%\s+*/-]{1,200}$/i;
const KEYWORD: Record<string, RegExp> = { loading: /^(?:lazy|eager)$/, decoding: /^(?:async|sync|auto)$/ };
const ID = /^[a-z][a-z0-9-]{0,80}$/;

const OPTIONS: IFilterXSSOptions = {
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: DROP_WITH_BODY,
  allowCommentTag: false,
  css: false,
  onTagAttr(tag, name, value, isAllowed) {
    if (!isAllowed) return undefined;
    const v = value.trim();
    // Returning '' drops the attribute; undefined lets js-xss escape the value as usual.
    if (name === 'href') return SAFE_HREF.test(v) ? undefined : '';
    if (name === 'src') return SAFE_SRC.test(v) ? undefined : '';
    if (name === 'width' || name === 'height' || name === 'start') return NUMBER.test(v) ? undefined : '';
    if (name === 'id') return ID.test(v) ? undefined : '';
    if (name === 'srcset') return v.split(/,\s+/).every((candidate) => SRCSET_CANDIDATE.test(candidate)) ? undefined : '';
    if (name === 'sizes') return SIZES.test(v) ? undefined : '';
    const keyword = Object.hasOwn(KEYWORD, name) ? KEYWORD[name] : undefined;
    if (keyword) return keyword.test(v) ? undefined : '';
    if (tag === 'blockquote' && name === 'cite') return SAFE_HREF.test(v) ? undefined : '';
    return undefined;
  },
};

/** Allow-listed tags and attributes only; everything else is removed (its text kept). */
export function sanitizePostHtml(html: string): string {
  return filterXSS(html, OPTIONS);
}

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

export type PostFormat = 'html' | 'markdown';

/**
 * What the blog page (and the admin preview) shows for a post's content: Markdown becomes HTML
 * first; HTML posts go straight to the sanitiser, exactly as before Markdown existed.
 */
export function renderPostHtml(content: string, format: PostFormat = 'html', options: { imageResizing?: boolean } = {}): string {
  const html = format === 'markdown' ? markdownToHtml(content, options) : content;
  return curlyQuotes(sanitizePostHtml(html));
}
