/**
 * A small, strict, non-validating XML parser for the feed and sitemap tests (no XML parser
 * runs in both workerd and Node without a dependency). It rejects what XML 1.0 calls not
 * well-formed: unescaped '<' or '&', unknown entities, mismatched or unclosed tags, duplicate
 * or unquoted attributes, forbidden control characters, text or a second element after the root.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = '[A-Za-z_][\\w.:-]*';
const ENTITY = /&(?:(lt|gt|amp|apos|quot)|#(\d+)|#x([0-9a-fA-F]+));/y;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };
// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

function decode(raw: string, where: string): string {
  if (raw.includes('<')) throw new Error(`unescaped '<' in ${where}`);
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] !== '&') {
      out += raw[i];
      continue;
    }
    ENTITY.lastIndex = i;
    const m = ENTITY.exec(raw);
    if (!m) throw new Error(`bad entity in ${where}: ${raw.slice(i, i + 12)}`);
    out += m[1] ? NAMED[m[1]] : String.fromCodePoint(m[2] ? Number(m[2]) : Number.parseInt(m[3]!, 16));
    i += m[0].length - 1;
  }
  return out;
}

export function parseXml(xml: string): XmlElement {
  if (FORBIDDEN.test(xml)) throw new Error('forbidden control character');
  let pos = 0;
  const prolog = /^<\?xml[^?]*\?>/.exec(xml);
  if (prolog) pos = prolog[0].length;
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const tag = new RegExp(`<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>`, 'y');
  const attr = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g');
  while (pos < xml.length) {
    const lt = xml.indexOf('<', pos);
    const text = xml.slice(pos, lt === -1 ? xml.length : lt);
    const parent = stack[stack.length - 1]!;
    if (text) {
      const decoded = decode(text, `text of <${parent.name}>`);
      if (parent === root && decoded.trim()) throw new Error('text outside the root element');
      parent.text += decoded;
    }
    if (lt === -1) break;
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end === -1) throw new Error('unclosed comment');
      pos = end + 3;
      continue;
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt);
      if (end === -1) throw new Error('unclosed CDATA');
      parent.text += xml.slice(lt + 9, end);
      pos = end + 3;
      continue;
    }
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (!m) throw new Error(`malformed tag at ${lt}: ${xml.slice(lt, lt + 40)}`);
    const [whole, closing, name, attrText, selfClosing] = m;
    pos = lt + whole.length;
    if (closing) {
      if (attrText || selfClosing) throw new Error(`malformed end tag </${name}>`);
      if (parent.name !== name) throw new Error(`</${name}> closes <${parent.name}>`);
      stack.pop();
      continue;
    }
    if (parent === root && root.children.length > 0) throw new Error('more than one root element');
    const element: XmlElement = { name: name!, attrs: {}, children: [], text: '' };
    for (const a of attrText!.matchAll(attr)) {
      if (a[1]! in element.attrs) throw new Error(`duplicate attribute ${a[1]} on <${name}>`);
      element.attrs[a[1]!] = decode(a[2] ?? a[3] ?? '', `attribute ${a[1]}`);
    }
    parent.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]!.name}>`);
  const [documentElement] = root.children;
  if (!documentElement) throw new Error('no root element');
  return documentElement;
}

/** Direct children named `name`. */
export const childrenNamed = (element: XmlElement, name: string) => element.children.filter((c) => c.name === name);
/** The text of the first child named `name`. */
export const childText = (element: XmlElement, name: string) => childrenNamed(element, name)[0]?.text;
