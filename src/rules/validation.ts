import * as v from 'valibot';
import { formatCount } from './count';
import { isCleanText, isOneLine } from './text';

/**
 * The validation kernel every form shares (the lead forms, a job's status form, the owner's site
 * and people forms): one text rule, and one way of turning valibot's issues into a message per
 * field. This module goes to the browser with the lead forms: valibot and plain rules only.
 */

/** Text rules shared by every field (the admin's site forms too): trimmed, present when required, bounded, clean. */
export function text(label: string, max: number, required: string | null, oneLine: boolean) {
  return v.pipe(
    v.string(required ?? `Please check your ${label}.`),
    v.check((value: string) => !oneLine || isOneLine(value), `Please keep your ${label} on one line.`),
    v.check(isCleanText, `Please remove the unusual characters from your ${label}.`),
    v.trim(),
    v.check((value: string) => required === null || value !== '', required ?? ''),
    v.maxLength(max, `Please keep your ${label} under ${formatCount(max)} characters.`),
  );
}

export type FieldErrors = Record<string, string>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function validate<T>(schema: v.GenericSchema<unknown, T>, input: unknown): Validation<T> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, data: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    const field = typeof key === 'string' ? key : '_form';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
