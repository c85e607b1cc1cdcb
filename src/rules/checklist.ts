import type { ChecklistQuestion } from './site-items';
import { isCleanText } from './text';

/**
 * The owner's checklist for a service, written as plain lines (a page that works without
 * JavaScript): one question a line, `question | type | customer`, where type is `text`,
 * `yes-no` or `choice: A, B, C`, and `customer` (optional) shows the answer in the customer's
 * report. For example: `Pipe material | choice: Clay, PVC, Pitch fibre | customer`.
 */

export const MAX_QUESTIONS = 40;
const QUESTION_MAX = 200;
const CHOICE_MAX = 60;
const MAX_CHOICES = 12;
export const CHECKLIST_TEXT_MAX = 12_000;

export type ChecklistRead = { ok: true; questions: ChecklistQuestion[] } | { ok: false; message: string };

/** The question's id: its words as a slug, so an edit that keeps the words keeps its answers together. */
const idOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'question';

export function parseChecklist(source: string): ChecklistRead {
  if (source.length > CHECKLIST_TEXT_MAX)
    return { ok: false, message: `The checklist can be at most ${CHECKLIST_TEXT_MAX} characters.` };
  if (!isCleanText(source)) return { ok: false, message: 'The checklist has characters we cannot store.' };
  const lines = source
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > MAX_QUESTIONS) return { ok: false, message: `A checklist can have at most ${MAX_QUESTIONS} questions.` };
  const questions: ChecklistQuestion[] = [];
  const ids = new Set<string>();
  for (const [index, line] of lines.entries()) {
    const where = `Line ${index + 1}`;
    const [text = '', typePart = 'text', flag = ''] = line.split('|').map((part) => part.trim());
    if (!text || text.length > QUESTION_MAX)
      return { ok: false, message: `${where}: a question needs 1 to ${QUESTION_MAX} characters.` };
    if (flag && flag.toLowerCase() !== 'customer')
      return { ok: false, message: `${where}: the third part can only be "customer".` };
    let type: ChecklistQuestion['type'];
    let choices: string[] = [];
    const lower = typePart.toLowerCase();
    if (lower === 'text' || lower === '') type = 'text';
    else if (lower === 'yes-no') type = 'yes-no';
    else if (lower.startsWith('choice:')) {
      type = 'choice';
      choices = typePart
        .slice('choice:'.length)
        .split(',')
        .map((choice) => choice.trim())
        .filter(Boolean);
      if (choices.length < 2 || choices.length > MAX_CHOICES || choices.some((choice) => choice.length > CHOICE_MAX)) {
        return {
          ok: false,
          message: `${where}: a choice needs 2 to ${MAX_CHOICES} answers of at most ${CHOICE_MAX} characters.`,
        };
      }
    } else return { ok: false, message: `${where}: the type must be text, yes-no or choice: A, B.` };
    let id = idOf(text);
    while (ids.has(id)) id = `${id}-2`;
    ids.add(id);
    questions.push({ id, text, type, choices, forCustomer: flag !== '' });
  }
  return { ok: true, questions };
}

/** The questions back as the lines the owner writes. */
export function checklistSource(questions: readonly ChecklistQuestion[]): string {
  return questions
    .map((question) => {
      const type = question.type === 'choice' ? `choice: ${question.choices.join(', ')}` : question.type;
      return [question.text, type, ...(question.forCustomer ? ['customer'] : [])].join(' | ');
    })
    .join('\n');
}

/** Questions stored as JSON, read back defensively (a row written by hand is not trusted). */
export function questionsFromJson(json: string): ChecklistQuestion[] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    const read = parseChecklist(checklistSource(parsed as ChecklistQuestion[]));
    return read.ok ? read.questions : [];
  } catch {
    return [];
  }
}
