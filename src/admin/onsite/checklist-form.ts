import { CHECKLIST_LIMITS, type ChecklistRow, emptyRow } from '../../rules/checklist';

/**
 * The checklist editor's form as posted (ChecklistEditorPage): `rows` says how many rows it
 * showed; row n's fields are `id-n`, `text-n`, `kind-n`, `choices-n`, `unit-n` and `customer-n`;
 * `action` is the button pressed: save, add (one more empty row), or remove-n, up-n, down-n.
 * Only "save" writes: the others come back with the rows moved, what was typed kept.
 */

export type EditorAction =
  | { kind: 'save' }
  | { kind: 'add' }
  | { kind: 'remove' | 'up' | 'down'; index: number }
  | { kind: 'unknown' };

type Body = Record<string, unknown>;

const field = (body: Body, name: string, max: number) => {
  const value = body[name];
  // Cut well past the limit: the rules still see it as too long and say so, with what was typed kept.
  return typeof value === 'string' ? value.slice(0, max * 2 + 100) : '';
};

/**
 * The rows the form showed (at most one past the limit: the empty row at the end), or null when
 * the form does not say how many: never read as "no rows", which a save would store.
 */
export function rowsFromBody(body: Body): ChecklistRow[] | null {
  const shown = field(body, 'rows', 3);
  if (!/^\d{1,2}$/.test(shown) || Number(shown) < 1) return null;
  const count = Math.min(Number(shown), CHECKLIST_LIMITS.questions + 1);
  return Array.from({ length: count }, (_, n) => ({
    id: field(body, `id-${n}`, CHECKLIST_LIMITS.id),
    text: field(body, `text-${n}`, CHECKLIST_LIMITS.question),
    kind: field(body, `kind-${n}`, 20),
    choices: field(body, `choices-${n}`, CHECKLIST_LIMITS.choices * (CHECKLIST_LIMITS.choice + 1)),
    unit: field(body, `unit-${n}`, CHECKLIST_LIMITS.unit),
    customer: body[`customer-${n}`] === 'yes',
  }));
}

export function actionOf(body: Body): EditorAction {
  const action = typeof body.action === 'string' ? body.action : 'save';
  if (action === 'save' || action === 'add') return { kind: action };
  const match = /^(remove|up|down)-(\d{1,2})$/.exec(action);
  if (!match) return { kind: 'unknown' };
  return { kind: match[1] as 'remove' | 'up' | 'down', index: Number(match[2]) };
}

/** The rows after a button other than save: a row added, removed or moved; null past the limit. */
export function rearranged(rows: readonly ChecklistRow[], action: EditorAction): ChecklistRow[] | null {
  const next = [...rows];
  if (action.kind === 'add') {
    if (next.length >= CHECKLIST_LIMITS.questions) return null;
    return [...next, emptyRow()];
  }
  if (action.kind === 'save' || action.kind === 'unknown' || action.index >= next.length) return next;
  const { index } = action;
  if (action.kind === 'remove') next.splice(index, 1);
  const other = action.kind === 'up' ? index - 1 : index + 1;
  if (action.kind !== 'remove' && other >= 0 && other < next.length) {
    [next[index], next[other]] = [next[other] as ChecklistRow, next[index] as ChecklistRow];
  }
  return next.length > 0 ? next : [emptyRow()];
}
