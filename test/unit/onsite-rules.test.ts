import { describe, expect, it } from 'vitest';
import { sniffVideoType } from '../../src/media/video-sniff';
import { type ChecklistRow, emptyRow, questionsFromJson, readChecklistRows, rowsOf } from '../../src/rules/checklist';
import { answerFields } from '../../src/rules/checklist-answers';
import { readAnswer, readSignature } from '../../src/rules/site-items';
import { durationWords } from '../../src/rules/site-times';

/** The engineer-on-site rules (issue 50) that need no Worker: the owner's checklist rows (issue 57), answers, videos, durations. */

/** A checklist exactly as issue 50's line syntax stored it (`Pipe material | choice: Clay, PVC, Pitch fibre | customer` …). */
const ISSUE_50_JSON =
  '[{"id":"pipe-material","text":"Pipe material","type":"choice","choices":["Clay","PVC","Pitch fibre"],"forCustomer":true},' +
  '{"id":"roots-found","text":"Roots found?","type":"yes-no","choices":[],"forCustomer":false},' +
  '{"id":"access-notes","text":"Access notes","type":"text","choices":[],"forCustomer":false}]';

const row = (fields: Partial<ChecklistRow>): ChecklistRow => ({ ...emptyRow(), ...fields });

describe('the owner’s checklist rows', () => {
  it('read the checklists stored before rows as rows, and save them back unchanged', () => {
    const questions = questionsFromJson(ISSUE_50_JSON);
    expect(questions.map((question) => question.id)).toEqual(['pipe-material', 'roots-found', 'access-notes']);
    const rows = rowsOf(questions);
    expect(rows[0]).toEqual({
      id: 'pipe-material',
      text: 'Pipe material',
      kind: 'choice',
      choices: 'Clay\nPVC\nPitch fibre',
      unit: '',
      customer: true,
    });
    const again = readChecklistRows([...rows, emptyRow()]);
    expect(again).toEqual({ ok: true, questions: JSON.parse(ISSUE_50_JSON) });
    expect(questionsFromJson('not json')).toEqual([]);
    // A hand-written row that breaks the rules is left out; the rest stay.
    expect(questionsFromJson('[{"id":"x","text":"","type":"text","choices":[]},{"id":"y","text":"Y","type":"odd"}]')).toEqual([]);
  });

  it('take every kind of answer, keep a row’s id when its words change, and give a new row one of its own', () => {
    const read = readChecklistRows([
      row({ id: 'roots-found', text: 'Roots seen?', kind: 'yes-no', choices: 'left over', unit: 'mm' }),
      row({ text: 'Pipe diameter', kind: 'number', unit: 'mm', customer: true }),
      row({ text: 'Defect', kind: 'distance', choices: 'Crack\r\nRoot ingress\n\nCrack' }),
      row({ text: 'Roots found?', kind: 'text' }),
      row({ text: '   ' }),
    ]);
    expect(read).toEqual({
      ok: true,
      questions: [
        { id: 'roots-found', text: 'Roots seen?', type: 'yes-no', choices: [], forCustomer: false },
        { id: 'pipe-diameter', text: 'Pipe diameter', type: 'number', choices: [], unit: 'mm', forCustomer: true },
        { id: 'defect', text: 'Defect', type: 'distance', choices: ['Crack', 'Root ingress'], forCustomer: false },
        { id: 'roots-found-2', text: 'Roots found?', type: 'text', choices: [], forCustomer: false },
      ],
    });
  });

  it('say what is wrong beside each field, and refuse more than 40 questions', () => {
    const read = readChecklistRows([
      row({ text: 'Fine', kind: 'yes-no' }),
      row({ text: 'x'.repeat(201), kind: 'choice', choices: 'Only' }),
      row({ kind: 'number', unit: 'u'.repeat(21) }),
      row({ text: 'Kind?', kind: 'sometimes' }),
    ]);
    expect(read).toEqual({
      ok: false,
      message: 'The checklist was not saved: 3 questions need a look (marked below).',
      problems: [
        {},
        {
          text: 'A question can be at most 200 characters (this one has 201).',
          choices: 'Write at least two choices, one a line.',
        },
        { text: 'Write the question, or remove this row.', unit: 'A unit can be at most 20 characters.' },
        { kind: 'Choose the kind of answer.' },
      ],
    });
    const many = Array.from({ length: 13 }, (_, n) => `Choice ${n}`).join('\n');
    expect(readChecklistRows([row({ text: 'Q', kind: 'choice', choices: many })])).toMatchObject({
      problems: [{ choices: 'At most 12 choices (there are 13).' }],
    });
    const tooMany = Array.from({ length: 41 }, (_, n) => row({ text: `Question ${n}` }));
    expect(readChecklistRows(tooMany)).toMatchObject({ ok: false, message: 'A checklist can have at most 40 questions.' });
  });
});

describe('answers and signatures', () => {
  const yesNo = { id: 'q', text: 'Q', type: 'yes-no' as const, choices: [], forCustomer: false };
  it('take only what the question offers', () => {
    expect(readAnswer({ answer: 'Yes' }, yesNo)).toEqual({ ok: true, value: 'Yes' });
    expect(readAnswer({ answer: 'yes please' }, yesNo)).toMatchObject({ ok: false, status: 422 });
    const diameter = { id: 'd', text: 'Diameter', type: 'number' as const, choices: [], unit: 'mm', forCustomer: true };
    expect(readAnswer({ answer: ' 100,50 ' }, diameter)).toEqual({ ok: true, value: '100.5 mm' });
    expect(readAnswer({ answer: 'about 100' }, diameter)).toEqual({
      ok: false,
      status: 422,
      message: 'Type a number, like 100 or 1.5.',
    });
    expect(answerFields('number', 'mm', '100.5 mm')).toEqual({ answer: '100.5', at: '' });
    const defect = { id: 'f', text: 'Defect', type: 'distance' as const, choices: ['Crack', 'Root ingress'], forCustomer: true };
    expect(readAnswer({ answer: 'Crack', at: '4.5' }, defect)).toEqual({ ok: true, value: 'Crack at 4.5 m' });
    expect(readAnswer({ answer: 'Crack', at: '' }, defect)).toMatchObject({
      ok: false,
      message: 'Type how many metres along it was, like 4.5.',
    });
    expect(readAnswer({ answer: 'Dent', at: '3' }, defect)).toMatchObject({ message: 'Choose one of the answers offered.' });
    expect(readAnswer({ answer: 'Dent', at: '3' }, { ...defect, choices: [] })).toEqual({ ok: true, value: 'Dent at 3 m' });
    expect(answerFields('distance', undefined, 'Root ingress at 12 m')).toEqual({ answer: 'Root ingress', at: '12' });
    expect(readSignature({ not_present: 'yes' })).toEqual({ ok: true, value: { notPresent: true } });
    expect(readSignature({ typed_name: 'x'.repeat(101) })).toMatchObject({ ok: false, status: 413 });
  });
});

describe('videos and durations', () => {
  it('tell MP4, QuickTime and WebM by their first bytes, and nothing else', () => {
    const ftyp = (brand: string) => new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode(`ftyp${brand}`)]);
    expect(sniffVideoType(ftyp('isom'))).toBe('video/mp4');
    expect(sniffVideoType(ftyp('qt  '))).toBe('video/quicktime');
    expect(sniffVideoType(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]))).toBe('video/webm');
    expect(sniffVideoType(ftyp('heic'))).toBeNull();
    expect(sniffVideoType(new TextEncoder().encode('<html><script>'))).toBeNull();
  });

  it('say how long was spent on site in words', () => {
    expect(durationWords(40 * 60_000)).toBe('40 minutes');
    expect(durationWords(85 * 60_000)).toBe('1 hour 25 minutes');
    expect(durationWords(120 * 60_000)).toBe('2 hours');
    expect(durationWords(30_000)).toBe('1 minute');
  });
});
