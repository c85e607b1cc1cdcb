import * as v from 'valibot';
import type { PersonSearch } from '../db/privacy';
import { LIMITS } from '../leads/schemas';
import { phoneDigits } from '../rules/phone';

/**
 * The owner's search for one person's leads (a subject access or erasure request): an e-mail
 * address, a phone number, or both. Checked here so the search never runs on something that
 * could not match, and never without either (which would list everyone).
 */
export type { PersonSearch };

export const SEARCH_MESSAGES = {
  email: 'Please enter a valid email address, like name@example.com.',
  phone: 'Please enter a phone number with 7 to 15 digits, like 01632 960123.',
  empty: 'Please enter an email address or a phone number to search for.',
} as const;

const isEmail = (value: string) => v.is(v.pipe(v.string(), v.email()), value);
const isPhone = (value: string) => {
  const digits = phoneDigits(value).length;
  return /^\+?[\d\s().-]+$/.test(value) && digits >= 7 && digits <= 15;
};

const optionalField = (max: number, isValid: (value: string) => boolean, message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.check((value) => value === '' || (value.length <= max && isValid(value)), message),
    ),
    '',
  );

const personSearchSchema = v.pipe(
  v.object(
    {
      email: optionalField(LIMITS.email, isEmail, SEARCH_MESSAGES.email),
      phone: optionalField(LIMITS.phone, isPhone, SEARCH_MESSAGES.phone),
    },
    SEARCH_MESSAGES.empty,
  ),
  v.check((input) => input.email !== '' || input.phone !== '', SEARCH_MESSAGES.empty),
);

export type PersonSearchValidation =
  | { ok: true; search: PersonSearch }
  | { ok: false; field: 'email' | 'phone' | null; error: string };

/** Checks the owner's input (form fields or JSON); empty fields are left out of the search. */
export function validatePersonSearch(input: unknown): PersonSearchValidation {
  const result = v.safeParse(personSearchSchema, input);
  if (!result.success) {
    const issue = result.issues[0];
    const key = issue.path?.[0]?.key;
    return { ok: false, field: key === 'email' || key === 'phone' ? key : null, error: issue.message };
  }
  const { email, phone } = result.output;
  return { ok: true, search: { ...(email ? { email } : {}), ...(phone ? { phone } : {}) } };
}
