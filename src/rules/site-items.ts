import { distanceAnswer, numberAnswer, readNumber } from './checklist-answers';
import { isCleanText } from './text';

/**
 * The rules of what an engineer sends from a job (issue 50), shared by the server and the
 * browser: every field's limit, and the words of each refusal. Pure: no I/O.
 */

/** The name of the hidden field that makes each item idempotent. */
export const ITEM_KEY_FIELD = 'item_key';
/** When the engineer made the item on the phone (ms since 1970), which the offline queue may send much later. */
export const TAKEN_AT_FIELD = 'taken_at';
/** A queued item older than this is dated when it arrives: a phone's clock a week out is not believed. */
const TAKEN_AT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const NOTE_MAX = 4000;
export const ANSWER_MAX = 500;
export const TYPED_NAME_MAX = 100;
export const MAX_SITE_PHOTO_BYTES = 10 * 1024 * 1024;
/** Short videos: 20 MB is about 30 seconds from a phone, and what the admin's upload limit carries. */
export const MAX_SITE_VIDEO_BYTES = 20 * 1024 * 1024;
export const MAX_SIGNATURE_BYTES = 512 * 1024;

export const MEDIA_LIMITS_TEXT = 'Photos can be at most 10 MB and videos at most 20 MB (about 30 seconds).';

export type ItemRead<T> = { ok: true; value: T } | { ok: false; status: 400 | 413 | 422; message: string };

const refuse = (message: string, status: 400 | 413 | 422 = 422): { ok: false; status: 400 | 413 | 422; message: string } => ({
  ok: false,
  status,
  message,
});

type Body = Record<string, unknown>;

const textOf = (body: Body, name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');

/** The item's key: a UUID (any case, stored lower case). */
export function readItemKey(body: Body): ItemRead<string> {
  const key = textOf(body, ITEM_KEY_FIELD).trim();
  if (!UUID.test(key)) return refuse('This form is missing its item key. Reload the page and try again.', 400);
  return { ok: true, value: key.toLowerCase() };
}

/**
 * The time an item happened: when the phone says it was made, if that is within the last week
 * and not in the future (an "Arrived" sent from the queue an hour later still says when he
 * arrived); otherwise when it reached us.
 */
export function takenAt(body: Body, now: number): number {
  const raw = textOf(body, TAKEN_AT_FIELD).trim();
  if (!/^\d{1,15}$/.test(raw)) return now;
  const at = Number(raw);
  return at <= now && at >= now - TAKEN_AT_MAX_AGE_MS ? at : now;
}

/** Text of at most `max` characters, clean of control characters; trimmed. */
function readText(body: Body, name: string, label: string, max: number): ItemRead<string> {
  const value = textOf(body, name).trim();
  if (value.length > max) return refuse(`${label} can be at most ${max} characters (it has ${value.length}).`, 413);
  if (!isCleanText(value)) return refuse(`${label} has characters we cannot store. Remove them and try again.`);
  return { ok: true, value };
}

export interface NoteFields {
  found: string;
  done: string;
  recommended: string;
}

export const NOTE_LABELS: Record<keyof NoteFields, string> = {
  found: 'What was found',
  done: 'What was done',
  recommended: 'What we recommend',
};

export function readNote(body: Body): ItemRead<NoteFields> {
  const note: Partial<NoteFields> = {};
  for (const name of ['found', 'done', 'recommended'] as const) {
    const read = readText(body, name, NOTE_LABELS[name], NOTE_MAX);
    if (!read.ok) return read;
    note[name] = read.value;
  }
  const full = note as NoteFields;
  if (!full.found && !full.done && !full.recommended) return refuse('Write at least one of the notes before saving.');
  return { ok: true, value: full };
}

export type MediaStage = 'before' | 'after';

export function readStage(body: Body): ItemRead<MediaStage> {
  const stage = textOf(body, 'stage');
  return stage === 'before' || stage === 'after'
    ? { ok: true, value: stage }
    : refuse('Say whether it is before or after the work.');
}

/** A signature: a drawn picture with the name typed, or "customer not present". */
export type SignatureFields = { notPresent: true } | { notPresent: false; typedName: string };

export function readSignature(body: Body): ItemRead<SignatureFields> {
  if (textOf(body, 'not_present') === 'yes') return { ok: true, value: { notPresent: true } };
  const name = readText(body, 'typed_name', 'The name', TYPED_NAME_MAX);
  if (!name.ok) return name;
  if (!name.value) return refuse('Type the customer’s name under the signature.');
  return { ok: true, value: { notPresent: false, typedName: name.value } };
}

/** The kinds of answer a checklist question takes (issue 57 added the number and the finding at a distance). */
export type AnswerKind = 'text' | 'yes-no' | 'choice' | 'number' | 'distance';

/** A checklist question as the owner writes it. */
export interface ChecklistQuestion {
  id: string;
  text: string;
  type: AnswerKind;
  /** For a choice: the answers offered; for a finding at a distance, what may be found (none: typed). */
  choices: string[];
  /** For a number: its unit ("mm"), if any. */
  unit?: string;
  /** Whether the customer's report shows the answer. */
  forCustomer: boolean;
}

/**
 * An answer to one question, stored as the report prints it: text up to ANSWER_MAX, "Yes"/"No",
 * one of the choices, a number with its unit ("100 mm"), or what was found and where ("Crack at
 * 4.5 m", from the fields `answer` and `at`).
 */
export function readAnswer(body: Body, question: ChecklistQuestion): ItemRead<string> {
  const read = readText(body, 'answer', 'The answer', ANSWER_MAX);
  if (!read.ok) return read;
  const answer = read.value;
  if (question.type === 'yes-no' && answer !== 'Yes' && answer !== 'No') return refuse('Answer yes or no.');
  if (question.type === 'choice' && !question.choices.includes(answer)) return refuse('Choose one of the answers offered.');
  if (question.type === 'number') {
    const value = readNumber(answer);
    if (value === null) return refuse('Type a number, like 100 or 1.5.');
    return { ok: true, value: numberAnswer(value, question.unit) };
  }
  if (question.type === 'distance') {
    if (!answer) return refuse('Say what was found.');
    if (question.choices.length > 0 && !question.choices.includes(answer)) return refuse('Choose one of the answers offered.');
    const metres = readNumber(textOf(body, 'at'));
    if (metres === null) return refuse('Type how many metres along it was, like 4.5.');
    return { ok: true, value: distanceAnswer(answer, metres) };
  }
  return { ok: true, value: answer };
}
