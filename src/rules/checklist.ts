import type { AnswerKind, ChecklistQuestion } from './site-items';
import { isCleanText, isOneLine } from './text';

/**
 * The owner's checklist for a service, written as rows (issue 57): each row a question, the kind
 * of answer, its choices or unit where the kind needs them, and whether the customer's report
 * shows the answer. No syntax to learn: the form's fields are the rows. Pure: no I/O, so the
 * stored JSON is read back through the same rules as the form.
 */

export const CHECKLIST_LIMITS = { questions: 40, question: 200, choices: 12, choice: 60, unit: 20, id: 64 } as const;
/** The choices box's length: every choice at its longest, one a line. */
export const CHOICES_TEXT_MAX = CHECKLIST_LIMITS.choices * (CHECKLIST_LIMITS.choice + 1);

/** The kinds of answer, in the order the form offers them, with the words it offers them in. */
export const ANSWER_KINDS: readonly { kind: AnswerKind; label: string }[] = [
  { kind: 'yes-no', label: 'Yes or no' },
  { kind: 'choice', label: 'One of a few choices' },
  { kind: 'number', label: 'A number, with its unit' },
  { kind: 'distance', label: 'Something found, at so many metres' },
  { kind: 'text', label: 'Written answer' },
];

/** One row as the form carries it: what was typed, before it is judged. */
export interface ChecklistRow {
  /** The question's id once saved (hidden in the form), so a reworded question keeps its answers; '' for a new row. */
  id: string;
  text: string;
  kind: string;
  /** One choice a line. */
  choices: string;
  unit: string;
  customer: boolean;
}

export type RowField = 'text' | 'kind' | 'choices' | 'unit';
export type RowProblems = Partial<Record<RowField, string>>;

export type ChecklistRead =
  | { ok: true; questions: ChecklistQuestion[] }
  | { ok: false; message: string; problems: RowProblems[] };

export const emptyRow = (): ChecklistRow => ({ id: '', text: '', kind: 'yes-no', choices: '', unit: '', customer: false });

/** A row nothing was typed into: left out when saving. */
const isBlankRow = (row: ChecklistRow) => !row.text.trim() && !row.choices.trim() && !row.unit.trim();

const ID = /^[a-z0-9-]{1,64}$/;

/** A new question's id: its words as a slug. */
const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'question';

const choicesOf = (source: string) => [...new Set(source.split(/\r?\n/).map((choice) => choice.trim()))].filter(Boolean);

const isKind = (kind: string): kind is AnswerKind => ANSWER_KINDS.some((one) => one.kind === kind);

/** One row judged: its problems by field, or the question it makes (without its id yet). */
function readRow(row: ChecklistRow): { problems: RowProblems } | { question: Omit<ChecklistQuestion, 'id'> } {
  const { question: max, choices: maxChoices, choice: maxChoice, unit: maxUnit } = CHECKLIST_LIMITS;
  const problems: RowProblems = {};
  const text = row.text.trim();
  if (!text) problems.text = 'Write the question, or remove this row.';
  else if (text.length > max) problems.text = `A question can be at most ${max} characters (this one has ${text.length}).`;
  else if (!isCleanText(text) || !isOneLine(text)) problems.text = 'The question has characters we cannot store.';
  if (!isKind(row.kind)) problems.kind = 'Choose the kind of answer.';
  const kind = isKind(row.kind) ? row.kind : 'text';
  let choices: string[] = [];
  if (kind === 'choice' || kind === 'distance') {
    choices = choicesOf(row.choices);
    const fewest = kind === 'choice' ? 2 : 0;
    if (choices.length < fewest) problems.choices = 'Write at least two choices, one a line.';
    else if (choices.length > maxChoices) problems.choices = `At most ${maxChoices} choices (there are ${choices.length}).`;
    else if (choices.some((choice) => choice.length > maxChoice))
      problems.choices = `A choice can be at most ${maxChoice} characters.`;
    else if (!choices.every(isCleanText)) problems.choices = 'The choices have characters we cannot store.';
  }
  const unit = kind === 'number' ? row.unit.trim() : '';
  if (unit.length > maxUnit) problems.unit = `A unit can be at most ${maxUnit} characters.`;
  else if (!isCleanText(unit) || !isOneLine(unit)) problems.unit = 'The unit has characters we cannot store.';
  if (Object.keys(problems).length > 0) return { problems };
  return { question: { text, type: kind, choices, ...(unit ? { unit } : {}), forCustomer: row.customer } };
}

/**
 * The rows judged together: blank rows left out, at most CHECKLIST_LIMITS.questions, each
 * question with an id of its own (the one it had, or one made from its words). `problems` has
 * one entry per row given, blank rows included, so the form can put each beside its field.
 */
export function readChecklistRows(rows: readonly ChecklistRow[]): ChecklistRead {
  const problems: RowProblems[] = rows.map(() => ({}));
  const filled = rows.map((row, index) => ({ row, index })).filter(({ row }) => !isBlankRow(row));
  if (filled.length > CHECKLIST_LIMITS.questions) {
    return { ok: false, message: `A checklist can have at most ${CHECKLIST_LIMITS.questions} questions.`, problems };
  }
  const questions: ChecklistQuestion[] = [];
  const read = filled.map(({ row, index }) => ({ row, index, result: readRow(row) }));
  for (const { index, result } of read) if ('problems' in result) problems[index] = result.problems;
  const wrong = problems.filter((one) => Object.keys(one).length > 0).length;
  if (wrong > 0) {
    const rowsWord = wrong === 1 ? 'One question needs' : `${wrong} questions need`;
    return { ok: false, message: `The checklist was not saved: ${rowsWord} a look (marked below).`, problems };
  }
  // Ids kept first, so a new question whose words match a kept id gets the next free one.
  const ids = new Set<string>();
  const kept = read.map(({ row }) => {
    if (!ID.test(row.id) || ids.has(row.id)) return '';
    ids.add(row.id);
    return row.id;
  });
  for (const [position, { row, result }] of read.entries()) {
    if (!('question' in result)) continue;
    let id = kept[position] || slugOf(row.text.trim());
    if (!kept[position]) {
      const base = id;
      for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
      ids.add(id);
    }
    questions.push({ id, ...result.question });
  }
  return { ok: true, questions };
}

/** The stored questions as the form's rows. */
export const rowsOf = (questions: readonly ChecklistQuestion[]): ChecklistRow[] =>
  questions.map((question) => ({
    id: question.id,
    text: question.text,
    kind: question.type,
    choices: question.choices.join('\n'),
    unit: question.unit ?? '',
    customer: question.forCustomer,
  }));

/**
 * Questions stored as JSON, read back defensively (a row written by hand is not trusted): each
 * through the form's own rules, a question that fails them left out. Reads every format stored
 * so far: issue 50's `{ id, text, type: text|yes-no|choice, choices, forCustomer }` as it is.
 */
export function questionsFromJson(json: string): ChecklistQuestion[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const questions: ChecklistQuestion[] = [];
  const ids = new Set<string>();
  for (const item of parsed.slice(0, CHECKLIST_LIMITS.questions)) {
    if (typeof item !== 'object' || item === null) continue;
    const stored = item as Record<string, unknown>;
    const text = (name: string) => (typeof stored[name] === 'string' ? (stored[name] as string) : '');
    const choices = Array.isArray(stored.choices) ? stored.choices.filter((one) => typeof one === 'string') : [];
    const row: ChecklistRow = {
      id: text('id'),
      text: text('text'),
      kind: text('type'),
      choices: choices.join('\n'),
      unit: text('unit'),
      customer: stored.forCustomer === true,
    };
    if (!ID.test(row.id) || ids.has(row.id)) continue;
    const read = readChecklistRows([row]);
    if (!read.ok) continue;
    ids.add(row.id);
    questions.push(...read.questions);
  }
  return questions;
}
