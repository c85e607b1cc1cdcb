import { describe, expect, it } from 'vitest';
import { applyEdit, continueList, insertBlock, type TextState } from '../../client/admin/markdown-edits';

/** 'before [selected] after': the brackets mark the selection, '|' a cursor. */
function state(marked: string): TextState {
  const cursor = marked.indexOf('|');
  if (cursor !== -1) return { value: marked.replace('|', ''), start: cursor, end: cursor };
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { value: marked.replace('[', '').replace(']', ''), start, end };
}
const show = ({ value, start, end }: TextState) =>
  start === end
    ? `${value.slice(0, start)}|${value.slice(start)}`
    : `${value.slice(0, start)}[${value.slice(start, end)}]${value.slice(end)}`;

describe('the editor toolbar', () => {
  it.each([
    ['bold', 'a [word] here', 'a **[word]** here'],
    ['bold', 'a | here', 'a **[bold text]** here'],
    ['italic', '[word]', '_[word]_'],
    ['link', 'see [our prices]', 'see [our prices]([https://])'],
    ['link', '|', '[link text]([https://])'],
    ['heading', 'Intro\nWhy it sm|ells', 'Intro\n## Why it smells|'],
    ['heading', '|', '## |'],
    ['heading', '[### Old]', '[## Old]'],
    ['heading', '## Already|', 'Already|'],
    ['list', '[one\ntwo]\nthree', '[- one\n- two]\nthree'],
    ['list', '[- one\n- two]', '[one\ntwo]'],
    ['quote', 'said |this', '> said this|'],
    ['list', 'one\n|', 'one\n- |'],
  ] as const)('%s: %j -> %j', (kind, before, after) => {
    expect(show(applyEdit(kind, state(before)))).toBe(after);
  });

  it.each([
    ['at the end of a paragraph', 'Intro|', 'Intro\n\n![A van](/media/x.jpg)\n|'],
    ['in an empty text', '|', '![A van](/media/x.jpg)\n|'],
    ['between paragraphs', 'One\n\n|Two', 'One\n\n![A van](/media/x.jpg)\n\n|Two'],
    ['mid-line', 'One| two', 'One\n\n![A van](/media/x.jpg)\n\n| two'],
  ])('inserts a picture as its own paragraph %s', (_where, before, after) => {
    expect(show(insertBlock(state(before), '![A van](/media/x.jpg)'))).toBe(after);
  });
});

describe('Enter in a list', () => {
  it.each([
    ['a new bullet after an item', '- Run the tap|', '- Run the tap\n- |'],
    ['the same marker', '* one|\nlater', '* one\n* |\nlater'],
    ['the next number', '1. First|', '1. First\n2. |'],
    ['the next number, with its delimiter', '9) Ninth|', '9) Ninth\n10) |'],
    ['the indent of a nested item', '- a\n  - nested|', '- a\n  - nested\n  - |'],
    ['an empty task box', '- [x] done|', '- [x] done\n- [ ] |'],
    ['the text after the cursor into the new item', '- Run the| tap', '- Run the\n- | tap'],
    ['the end of the list on an empty bullet, with a blank line', '- one\n- |', '- one\n\n|'],
    ['the end of a numbered list on an empty item', '1. one\n2. |\nafter', '1. one\n\n|\nafter'],
  ])('%s', (_name, before, after) => {
    expect(show(continueList(state(before))!)).toBe(after);
  });

  it.each([
    ['outside a list', 'Just a paragraph|'],
    ['a heading', '## Title|'],
    ['a selection', '- [one]'],
    ['the cursor inside the marker', '|- one'],
    ['a dash with no space (a rule or a word)', '-word|'],
  ])('leaves Enter alone %s', (_name, before) => {
    expect(continueList(state(before))).toBeNull();
  });
});
