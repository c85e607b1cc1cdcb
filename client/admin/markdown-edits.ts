/**
 * The editor toolbar's changes to a Markdown text: pure functions from the text and its
 * selection to the new text and selection, so they are unit-tested without a browser.
 */

export interface TextState {
  value: string;
  /** Selection start and end (equal when nothing is selected). */
  start: number;
  end: number;
}

export type EditKind = 'heading' | 'bold' | 'italic' | 'link' | 'list' | 'quote';

const LINE_PREFIX = { heading: '## ', list: '- ', quote: '> ' } as const;
const WRAP = { bold: ['**', 'bold text'], italic: ['_', 'italic text'] } as const;

/** Wraps the selection (or a placeholder, then selected) in a marker: **bold**, _italic_. */
function wrap(state: TextState, marker: string, placeholder: string): TextState {
  const selected = state.value.slice(state.start, state.end);
  const inner = selected || placeholder;
  const value = `${state.value.slice(0, state.start)}${marker}${inner}${marker}${state.value.slice(state.end)}`;
  const start = state.start + marker.length;
  return { value, start, end: start + inner.length };
}

/** [selection](https://) with the address selected, ready to be typed over. */
function link(state: TextState): TextState {
  const text = state.value.slice(state.start, state.end) || 'link text';
  const address = 'https://';
  const value = `${state.value.slice(0, state.start)}[${text}](${address})${state.value.slice(state.end)}`;
  const start = state.start + text.length + 3;
  return { value, start, end: start + address.length };
}

/** Adds a prefix to every line the selection touches, or removes it when all of them have it already. */
function prefixLines(state: TextState, prefix: string): TextState {
  const from = state.value.lastIndexOf('\n', state.start - 1) + 1;
  const lineEnd = state.value.indexOf('\n', Math.max(state.end - (state.end > state.start ? 1 : 0), state.start));
  const to = lineEnd === -1 ? state.value.length : lineEnd;
  const lines = state.value.slice(from, to).split('\n');
  const all = lines.every((line) => line.startsWith(prefix));
  // A heading replaces any heading marks already there (### becomes ##).
  const strip = (line: string) => (prefix === LINE_PREFIX.heading ? line.replace(/^#{1,6}\s+/, '') : line);
  const changed = lines.map((line) => (all ? line.slice(prefix.length) : `${prefix}${strip(line)}`)).join('\n');
  const value = `${state.value.slice(0, from)}${changed}${state.value.slice(to)}`;
  // A cursor (nothing selected) goes to the end of its line, ready to type: "## |".
  if (state.start === state.end) return { value, start: from + changed.length, end: from + changed.length };
  return { value, start: from, end: from + changed.length };
}

export function applyEdit(kind: EditKind, state: TextState): TextState {
  if (kind === 'link') return link(state);
  if (kind === 'bold' || kind === 'italic') return wrap(state, WRAP[kind][0], WRAP[kind][1]);
  return prefixLines(state, LINE_PREFIX[kind]);
}

/** Inserts a block (a picture's Markdown) at the cursor as its own paragraph; the cursor goes after it. */
export function insertBlock(state: TextState, block: string): TextState {
  const before = state.value.slice(0, state.start);
  const after = state.value.slice(state.end);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const value = `${before}${lead}${block}${trail}${after}`;
  const cursor = before.length + lead.length + block.length + trail.length;
  return { value, start: cursor, end: cursor };
}

/** A Markdown list item: its indent, its marker (-, *, + or 1. / 1)) and a task box, then its text. */
const LIST_ITEM = /^(\s*)([-*+]|(\d{1,9})([.)]))(\s+)(\[[ xX]\]\s+)?(.*)$/;

/**
 * Enter in a list, as word processors do it: a new item with the same marker (the next number
 * for a numbered list); Enter on an empty item ends the list, leaving a blank line so the next
 * paragraph is not read as part of the last item. Null when the cursor is not in a list item
 * (or text is selected): the textarea then does its own Enter.
 */
export function continueList(state: TextState): TextState | null {
  if (state.start !== state.end) return null;
  const lineStart = state.value.lastIndexOf('\n', state.start - 1) + 1;
  const nextBreak = state.value.indexOf('\n', state.start);
  const lineEnd = nextBreak === -1 ? state.value.length : nextBreak;
  const match = LIST_ITEM.exec(state.value.slice(lineStart, lineEnd));
  if (!match) return null;
  const [, indent, bullet, number, delimiter, space, task, text] = match as unknown as (string | undefined)[];
  const markerEnd = lineStart + (indent ?? '').length + (bullet ?? '').length + (space ?? '').length + (task ?? '').length;
  // The cursor inside the marker itself: an ordinary Enter.
  if (state.start < markerEnd) return null;
  if (!text?.trim()) {
    const value = `${state.value.slice(0, lineStart)}\n${state.value.slice(lineEnd)}`;
    return { value, start: lineStart + 1, end: lineStart + 1 };
  }
  const marker = number !== undefined ? `${Number(number) + 1}${delimiter}` : bullet;
  const insert = `\n${indent}${marker}${space}${task ? '[ ] ' : ''}`;
  const value = `${state.value.slice(0, state.start)}${insert}${state.value.slice(state.end)}`;
  const cursor = state.start + insert.length;
  return { value, start: cursor, end: cursor };
}

/** The toolbar's shortcuts, as in every editor: Ctrl (Cmd on a Mac) with B, I or K. */
export const SHORTCUTS: Readonly<Record<string, EditKind>> = { b: 'bold', i: 'italic', k: 'link' };
