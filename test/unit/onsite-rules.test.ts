import { describe, expect, it } from 'vitest';
import { sniffVideoType } from '../../src/media/video-sniff';
import { checklistSource, parseChecklist, questionsFromJson } from '../../src/rules/checklist';
import { readAnswer, readSignature } from '../../src/rules/site-items';
import { durationWords } from '../../src/rules/site-times';

/** The engineer-on-site rules (issue 50) that need no Worker: the owner's checklist lines, answers, videos, durations. */

describe('the owner’s checklist lines', () => {
  it('read each type, the customer flag and stable ids, and write back the same lines', () => {
    const source = 'Pipe material | choice: Clay, PVC, Pitch fibre | customer\nRoots found? | yes-no\nAccess notes';
    const read = parseChecklist(source);
    expect(read).toEqual({
      ok: true,
      questions: [
        {
          id: 'pipe-material',
          text: 'Pipe material',
          type: 'choice',
          choices: ['Clay', 'PVC', 'Pitch fibre'],
          forCustomer: true,
        },
        { id: 'roots-found', text: 'Roots found?', type: 'yes-no', choices: [], forCustomer: false },
        { id: 'access-notes', text: 'Access notes', type: 'text', choices: [], forCustomer: false },
      ],
    });
    if (!read.ok) return;
    expect(checklistSource(read.questions)).toBe(
      'Pipe material | choice: Clay, PVC, Pitch fibre | customer\nRoots found? | yes-no\nAccess notes | text',
    );
    expect(questionsFromJson(JSON.stringify(read.questions))).toEqual(read.questions);
    expect(questionsFromJson('not json')).toEqual([]);
  });

  it('refuse an unknown type, a one-answer choice and a stray flag, naming the line', () => {
    expect(parseChecklist('A | number')).toEqual({
      ok: false,
      message: 'Line 1: the type must be text, yes-no or choice: A, B.',
    });
    expect(parseChecklist('A\nB | choice: Only')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Line 2: a choice needs 2/),
    });
    expect(parseChecklist('A | text | everyone')).toEqual({
      ok: false,
      message: 'Line 1: the third part can only be "customer".',
    });
  });
});

describe('answers and signatures', () => {
  const yesNo = { id: 'q', text: 'Q', type: 'yes-no' as const, choices: [], forCustomer: false };
  it('take only what the question offers', () => {
    expect(readAnswer({ answer: 'Yes' }, yesNo)).toEqual({ ok: true, value: 'Yes' });
    expect(readAnswer({ answer: 'yes please' }, yesNo)).toMatchObject({ ok: false, status: 422 });
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
