import { inflateSync } from 'node:zlib';

/**
 * What a PDF printed by Chromium (Skia's PDF writer) says: its pages and its text, for the browser
 * tests that print a page. Enough of PDF for Skia's output, not a general reader: objects written
 * plainly (no object streams), content and CMaps compressed with Flate, text shown as hex glyph
 * codes of Type0 fonts mapped back to Unicode by each font's ToUnicode CMap, ligatures carried as
 * ActualText.
 */

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  const text = pdf.toString('latin1');
  const pattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const body = match[2]!;
    const at = body.indexOf('stream');
    if (at < 0) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const start = body.indexOf('\n', at) + 1;
    const raw = Buffer.from(body.slice(start, body.lastIndexOf('endstream')), 'latin1');
    const dict = body.slice(0, at);
    objects.set(Number(match[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  return objects;
}

const PAGE = /\/Type\s*\/Page(?![A-Za-z])/g;

/** How many pages: the page objects (`/Type /Page`, not the `/Type /Pages` tree above them). */
export const pdfPageCount = (pdf: Buffer) => pdf.toString('latin1').match(PAGE)?.length ?? 0;

const utf16 = (hex: string) => {
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16));
  return out;
};

/** A ToUnicode CMap's glyph codes (4 hex digits) to text. */
function cmapOf(source: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      map.set(code!.toUpperCase(), utf16(text!));
  }
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, text] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const first = Number.parseInt(from!, 16);
      const base = Number.parseInt(text!, 16);
      for (let code = first; code <= Number.parseInt(to!, 16); code++)
        map.set(code.toString(16).toUpperCase().padStart(4, '0'), String.fromCharCode(base + code - first));
    }
  }
  return map;
}

const ref = (dict: string, key: string) => {
  const match = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
  return match ? Number(match[1]) : null;
};

/** The text of every page in order, each text object (BT … ET) on a line of its own. */
export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf);
  const cmaps = new Map<number, Map<string, string>>();
  for (const [num, object] of objects) {
    const unicode = /\/Type\s*\/Font\b/.test(object.dict) ? ref(object.dict, 'ToUnicode') : null;
    const source = unicode === null ? null : objects.get(unicode)?.stream;
    if (source) cmaps.set(num, cmapOf(source.toString('latin1')));
  }
  const lines: string[] = [];
  for (const object of objects.values()) {
    if (!/\/Type\s*\/Page(?![A-Za-z])/.test(object.dict)) continue;
    const fonts = new Map<string, Map<string, string>>();
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(object.dict)?.[1] ?? '';
    for (const [, name, num] of fontDict.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) fonts.set(name!, cmaps.get(Number(num)) ?? new Map());
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(object.dict)?.[1] ?? '';
    for (const [, num] of contents.matchAll(/(\d+) 0 R/g)) {
      const stream = objects.get(Number(num))?.stream?.toString('latin1') ?? '';
      let font = new Map<string, string>();
      let line = '';
      let actual: string | null = null;
      const tokens = /\/(\w+)\s+[\d.]+\s+Tf|\/ActualText\s*<([0-9A-Fa-f]*)>|\bEMC\b|<([0-9A-Fa-f]*)>|\bET\b/g;
      for (const token of stream.matchAll(tokens)) {
        if (token[1] !== undefined) font = fonts.get(token[1]) ?? new Map();
        else if (token[2] !== undefined) actual = utf16(token[2].replace(/^FEFF/i, ''));
        else if (token[0] === 'EMC') {
          line += actual ?? '';
          actual = null;
        } else if (token[3] !== undefined) {
          if (actual !== null) continue;
          for (let i = 0; i + 4 <= token[3].length; i += 4) line += font.get(token[3].slice(i, i + 4).toUpperCase()) ?? '';
        } else {
          lines.push(line);
          line = '';
        }
      }
    }
  }
  return lines.join('\n');
}
